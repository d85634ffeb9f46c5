import { Alert, Badge, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ADMIN_TITLE } from '../../../admin/AdminShell.tsx';
import { useTRPC } from '../../../trpc.ts';

export const Route = createFileRoute('/admin/_guarded/outbox')({
  component: OutboxPage,
});

/** The outbox: every e-mail kept instead of sent while no provider key is configured. */
function OutboxPage() {
  useDocumentTitle(`Outbox | ${ADMIN_TITLE}`);
  const trpc = useTRPC();
  const outbox = useQuery(trpc.admin.outbox.list.queryOptions({ page: 1 }, { retry: false }));
  return (
    <Stack>
      <Title order={1}>Outbox</Title>
      {outbox.isPending && <Loader aria-label="Loading" />}
      {outbox.error && <Alert color="red">{outbox.error.message}</Alert>}
      {outbox.data && (
        <>
          <Text c="dimmed">
            Transport: <Badge variant="light">{outbox.data.transport}</Badge> · {outbox.data.totalCount}{' '}
            e-mail(s)
          </Text>
          {outbox.data.emails.length === 0 ? (
            <Text>No e-mails in the outbox.</Text>
          ) : (
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>To</Table.Th>
                  <Table.Th>Subject</Table.Th>
                  <Table.Th>Created</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {outbox.data.emails.map((email) => (
                  <Table.Tr key={email.id}>
                    <Table.Td>{email.to.join(', ')}</Table.Td>
                    <Table.Td>{email.subject}</Table.Td>
                    <Table.Td>{new Date(email.createdAt).toLocaleString('en-AU')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </>
      )}
    </Stack>
  );
}
