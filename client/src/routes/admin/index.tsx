import { Alert, Badge, Container, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { TRPCClientError } from '@trpc/client';
import { useTRPC } from '../../trpc.ts';

export const Route = createFileRoute('/admin/')({
  component: AdminHome,
});

/** The outbox: every e-mail kept instead of sent while no provider key is configured. */
function AdminHome() {
  const trpc = useTRPC();
  const outbox = useQuery(trpc.admin.outbox.list.queryOptions({ page: 1 }, { retry: false }));
  const unauthorized =
    outbox.error instanceof TRPCClientError &&
    (outbox.error.data as { code?: string } | undefined)?.code === 'UNAUTHORIZED';
  return (
    <Container size="lg" py="xl">
      <Stack>
        <Title order={1}>Email Campaign Manager</Title>
        <Title order={2} size="h3">
          Outbox
        </Title>
        {outbox.isPending && <Loader aria-label="Loading" />}
        {unauthorized && <Alert color="yellow">Please sign in as an administrator to view the outbox.</Alert>}
        {outbox.error && !unauthorized && <Alert color="red">{outbox.error.message}</Alert>}
        {outbox.data && (
          <>
            <Text c="dimmed">
              Transport: <Badge variant="light">{outbox.data.transport}</Badge> · {outbox.data.totalCount}{' '}
              e-mail(s)
            </Text>
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
          </>
        )}
      </Stack>
    </Container>
  );
}
