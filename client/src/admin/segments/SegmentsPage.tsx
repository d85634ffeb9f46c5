import { Badge, Group, List, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { describeCondition, explainEmptyAudience } from '#shared/segments/schema.ts';
import { useCan } from '../auth/session.ts';
import { formatCount } from '../widgets/format.ts';
import { useDisplayTime } from '../widgets/display-time.tsx';
import { AnchorLink, ButtonLink } from '../widgets/links.tsx';
import { ListPage } from '../lists/ListPage.tsx';
import { ListTable } from '../lists/ListTable.tsx';
import { ContactsTabs } from '../contacts/ContactsTabs.tsx';
import { useTRPC } from '../../trpc.ts';

/** /admin/contacts/segments: every saved audience, by name (a short list: no search or pages). */
export function SegmentsPage() {
  const { formatDate } = useDisplayTime();
  const trpc = useTRPC();
  const can = useCan();
  const segments = useQuery(trpc.admin.segments.list.queryOptions());

  return (
    <ListPage
      title="Segments"
      tabs={<ContactsTabs current="/admin/contacts/segments" />}
      actions={
        can('segments.write') && (
          <ButtonLink to="/admin/contacts/segments/$id" params={{ id: 'new' }}>
            New segment
          </ButtonLink>
        )
      }
      intro={
        <Text c="dimmed" size="sm">
          A segment is a saved audience for campaigns. Only contacts who may receive marketing (consent given,
          not unsubscribed, not suppressed) are ever sent to.
        </Text>
      }
      errors={[segments.error]}
    >
      <ListTable
        columns={['Name', 'Conditions', 'Audience', 'Updated']}
        minWidth={720}
        rows={segments.data}
        pending={segments.isPending}
        fetching={segments.isFetching}
        skeletonRows={3}
        highlightOnHover={false}
        empty={{ message: 'No segments yet', hint: 'Create one to aim a campaign.' }}
        renderRow={(segment) => (
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
            <Table.Td data-testid="segment-audience">
              <Text size="sm" fw={500}>
                {formatCount(segment.reach.audience)}
              </Text>
              <Text size="xs" c="dimmed">
                {segment.reach.audience === 0
                  ? (explainEmptyAudience(segment.reach)?.reason ?? '')
                  : `of ${formatCount(segment.reach.matched)} matching`}
              </Text>
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
        )}
      />
    </ListPage>
  );
}
