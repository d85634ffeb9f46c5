import { Button, Group, Modal, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { useDisplayTime } from '../widgets/display-time.tsx';
import { AnchorLink } from '../widgets/links.tsx';
import { useTRPC } from '../../trpc.ts';
import { CLOSE, ReleaseControls, ReleaseStatusBadge } from './ReleaseControls.tsx';
import { ResponsiveTable } from '../widgets/ResponsiveTable.tsx';

/**
 * /admin/register/held: watches not yet released (decisions 058, 071), each with its status: in
 * its state's hold, under a police notice, waiting for a stolen-goods check, or releasable.
 */
export function HeldStockPage() {
  const { formatDateTime } = useDisplayTime();
  useDocumentTitle(`Held stock | ${ADMIN_TITLE}`);
  const trpc = useTRPC();
  const held = useQuery(trpc.admin.register.held.queryOptions());
  const [openId, setOpenId] = useState<string | null>(null);
  const opened = held.data?.find((row) => row.id === openId) ?? null;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>Held stock</Title>
        <AnchorLink to="/admin/register">Dealer’s register</AnchorLink>
      </Group>
      <ResponsiveTable minWidth={720} striped data-testid="held-stock">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Watch</Table.Th>
            <Table.Th>Serial</Table.Th>
            <Table.Th>Bought</Table.Th>
            <Table.Th>Held until</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
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
                {row.heldUntil ?? 'No hold'}
                {row.heldUntilNote && (
                  <Text size="xs" c="orange">
                    {row.heldUntilNote}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <ReleaseStatusBadge status={row.releaseStatus} />
              </Table.Td>
              <Table.Td>
                <Button
                  size="compact-sm"
                  variant="default"
                  aria-label={`Checks and release: ${row.watch}, serial ${row.serialNumber}`}
                  aria-haspopup="dialog"
                  onClick={() => setOpenId(row.id)}
                >
                  Checks and release
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ResponsiveTable>
      {held.data?.length === 0 && <Text c="dimmed">No watches waiting for release.</Text>}
      <Modal
        closeButtonProps={CLOSE}
        opened={opened !== null}
        onClose={() => setOpenId(null)}
        title={opened ? `${opened.watch}, serial ${opened.serialNumber}` : ''}
      >
        {opened && <ReleaseControls record={opened} />}
      </Modal>
    </Stack>
  );
}
