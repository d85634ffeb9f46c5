import { Alert, Badge, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { describeCondition } from '#shared/segments/schema.ts';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { useCan } from '../auth/session.ts';
import { errorMessage } from '../widgets/errors.ts';
import { formatDate } from '../widgets/format.ts';
import { AnchorLink, ButtonLink } from '../widgets/links.tsx';
import { EmptyTableRow } from '../lists/ListStates.tsx';
import { SkeletonRows } from '../lists/SkeletonRows.tsx';
import { ContactsTabs } from '../contacts/ContactsTabs.tsx';
import { useTRPC } from '../../trpc.ts';

/** /admin/contacts/segments: every saved audience, by name. */
export function SegmentsPage() {
  useDocumentTitle(`Segments | ${ADMIN_TITLE}`);
  const trpc = useTRPC();
  const can = useCan();
  const segments = useQuery(trpc.admin.segments.list.queryOptions());

  return (
    <Stack>
      <ContactsTabs current="/admin/contacts/segments" />
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Segments</Title>
        {can('segments.write') && (
          <ButtonLink to="/admin/contacts/segments/$id" params={{ id: 'new' }}>
            New segment
          </ButtonLink>
        )}
      </Group>
      <Text c="dimmed" size="sm">
        A segment is a saved audience for campaigns. Only contacts who may receive marketing (consent given,
        not unsubscribed, not suppressed) are ever sent to.
      </Text>
      {segments.isError && <Alert color="red">{errorMessage(segments.error)}</Alert>}
      <Table.ScrollContainer minWidth={720}>
        <Table striped verticalSpacing="sm" aria-busy={segments.isFetching}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Conditions</Table.Th>
              <Table.Th>Updated</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {segments.isPending && <SkeletonRows columns={3} rows={3} />}
            {segments.data?.length === 0 && (
              <EmptyTableRow columns={3} message="No segments yet" hint="Create one to aim a campaign." />
            )}
            {segments.data?.map((segment) => (
              <Table.Tr key={segment.id}>
                <Table.Td>
                  <AnchorLink to="/admin/contacts/segments/$id" params={{ id: segment.id }} fw={500}>
                    {segment.name}
                  </AnchorLink>
                </Table.Td>
                <Table.Td>
                  <Group gap={6} align="flex-start" wrap="nowrap">
                    <Badge variant="light">{segment.match === 'all' ? 'All of' : 'Any of'}</Badge>
                    <List size="sm" spacing={2}>
                      {segment.conditions.map((condition, index) => (
                        <List.Item key={index}>{describeCondition(condition)}</List.Item>
                      ))}
                    </List>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatDate(segment.updatedAt)}</Text>
                  {segment.updatedByEmail && (
                    <Text size="xs" c="dimmed">
                      {segment.updatedByEmail}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
