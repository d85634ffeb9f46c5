import { Alert, Box, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { describeStep } from '#shared/automations/describe.ts';
import { type FlowDefinition, placedSteps } from '#shared/automations/flows.ts';
import { errorMessage } from '../widgets/errors.ts';
import { formatCount } from '../widgets/format.ts';
import { ListTable } from '../lists/ListTable.tsx';
import { useCan } from '../auth/session.ts';
import { AttributionSummary } from '../insight/AttributionSummary.tsx';
import { useTRPC } from '../../trpc.ts';

/** Per step of one version: entered, waiting here, sent, opened, clicked, left (decision 066). */
export function FlowInsightPanel({
  flowId,
  version,
  definition,
  templateNames,
}: {
  flowId: string;
  version: number;
  definition: FlowDefinition;
  templateNames: Record<string, string>;
}) {
  const trpc = useTRPC();
  const can = useCan();
  const insight = useQuery(trpc.admin.automations.insight.queryOptions({ id: flowId, version }));
  const placed = new Map(placedSteps(definition.steps).map((p) => [p.step.id, p]));
  if (insight.isError) return <Alert color="red">{errorMessage(insight.error)}</Alert>;
  return (
    <>
      {/* What the flow brought (decision 096): for those who read campaigns, not the Buyer. */}
      {can('campaigns.read') && (
        <Box mb="md">
          <AttributionSummary kind="flow" id={flowId} />
        </Box>
      )}
      <Text size="sm" c="dimmed" mb="sm">
        Version {version}. A contact who left is counted at the last step they reached.
      </Text>
      <ListTable
        columns={['Step', 'Entered', 'Waiting here', 'Sent', 'Opened', 'Clicked', 'Left the flow']}
        minWidth={760}
        rows={insight.data?.steps}
        pending={insight.isPending}
        fetching={insight.isFetching}
        skeletonRows={3}
        highlightOnHover={false}
        testId="flow-insight"
        empty={{ message: 'No steps' }}
        renderRow={(row) => {
          const step = placed.get(row.stepId);
          return (
            <Table.Tr key={row.stepId}>
              <Table.Td
                style={{ paddingInlineStart: `calc(var(--mantine-spacing-md) * ${(step?.depth ?? 0) + 1})` }}
              >
                <Text size="sm">{step ? describeStep(step.step, templateNames) : row.stepId}</Text>
              </Table.Td>
              <Table.Td>{formatCount(row.entered)}</Table.Td>
              <Table.Td>{formatCount(row.waiting)}</Table.Td>
              <Table.Td>{formatCount(row.sent)}</Table.Td>
              <Table.Td>{formatCount(row.opened)}</Table.Td>
              <Table.Td>{formatCount(row.clicked)}</Table.Td>
              <Table.Td>
                {formatCount(row.exited)}
                {row.exitReasons.length > 0 && (
                  <Text size="xs" c="dimmed">
                    {row.exitReasons.map((r) => `${r.reason}: ${formatCount(r.count)}`).join(', ')}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          );
        }}
      />
    </>
  );
}
