import { Button, Group, Modal, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { REGISTER_MESSAGES } from '#shared/register/schemas.ts';
import { useCan } from '../auth/session.ts';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { errorMessage } from '../widgets/errors.ts';
import { formatDateTime } from '../widgets/format.ts';
import { AnchorLink } from '../widgets/links.tsx';
import { useTRPC } from '../../trpc.ts';

/** /admin/register/held: watches still within their state's hold (decision 058). */
export function HeldStockPage() {
  useDocumentTitle(`Held stock | ${ADMIN_TITLE}`);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const held = useQuery(trpc.admin.register.held.queryOptions());
  const canRelease = useCan()('enquiries.write');
  const [releasing, setReleasing] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const release = useMutation(
    trpc.admin.register.release.mutationOptions({
      onSuccess: async () => {
        setReleasing(null);
        setReason('');
        notifications.show({ color: 'green', message: 'Released from hold' });
        await queryClient.invalidateQueries({ queryKey: trpc.admin.register.pathKey() });
      },
    }),
  );
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Held stock</Title>
        <AnchorLink to="/admin/register">Dealer’s register</AnchorLink>
      </Group>
      <Table.ScrollContainer minWidth={640}>
        <Table striped data-testid="held-stock">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Watch</Table.Th>
              <Table.Th>Serial</Table.Th>
              <Table.Th>Bought</Table.Th>
              <Table.Th>Held until</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(held.data ?? []).map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>
                  {row.enquiryId ? (
                    <AnchorLink to="/admin/enquiries/$id" params={{ id: row.enquiryId }}>
                      {row.watch}
                    </AnchorLink>
                  ) : (
                    row.watch
                  )}
                </Table.Td>
                <Table.Td>{row.serialNumber}</Table.Td>
                <Table.Td>{formatDateTime(row.createdAt)}</Table.Td>
                <Table.Td>
                  {row.heldUntil}
                  {row.heldUntilNote && (
                    <Text size="xs" c="orange">
                      {row.heldUntilNote}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {canRelease && (
                    <Button size="compact-sm" variant="default" onClick={() => setReleasing(row.id)}>
                      Release early
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {held.data?.length === 0 && <Text c="dimmed">No watches on hold.</Text>}
      <Modal opened={releasing !== null} onClose={() => setReleasing(null)} title="Release early">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (releasing) release.mutate({ id: releasing, reason });
          }}
        >
          <Textarea
            label="Reason"
            description={REGISTER_MESSAGES.releaseReason}
            required
            autosize
            minRows={2}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            error={release.isError ? errorMessage(release.error) : null}
          />
          <Group justify="flex-end" mt="md">
            <Button type="submit" disabled={!reason.trim()} loading={release.isPending}>
              Release
            </Button>
          </Group>
        </form>
      </Modal>
    </Stack>
  );
}
