import { Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ContactFlowRun } from '#shared/automations/api.ts';
import { errorMessage } from '../widgets/errors.ts';
import { useDisplayTime } from '../widgets/display-time.tsx';
import { AnchorLink } from '../widgets/links.tsx';
import { useTRPC } from '../../trpc.ts';

const RUN_STATE: Record<ContactFlowRun['state'], { label: string; color: string }> = {
  waiting: { label: 'In the flow', color: 'blue' },
  finished: { label: 'Finished', color: 'green' },
  exited: { label: 'Left', color: 'gray' },
};

/** The contact page's "Flows" card (decision 066): each run, where it is, what it did and when. */
export function ContactFlowsCard({ contactId }: { contactId: string }) {
  const { formatDateTime } = useDisplayTime();
  const trpc = useTRPC();
  const runs = useQuery(trpc.admin.automations.contactFlows.queryOptions({ contactId }));
  return (
    <Card withBorder radius="md" data-testid="contact-flows">
      <Title order={2} size="h4" mb="sm">
        Flows
      </Title>
      {runs.isError && (
        <Text size="sm" c="red.8">
          {errorMessage(runs.error)}
        </Text>
      )}
      {runs.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          This contact has not entered any flow.
        </Text>
      )}
      <Stack gap="sm">
        {runs.data?.map((run) => (
          <Stack key={run.runId} gap={4}>
            <Group gap="xs">
              <AnchorLink to="/admin/automations/$flowId" params={{ flowId: run.flowId }} fw={500}>
                {run.flowName}
              </AnchorLink>
              <Text size="sm" c="dimmed">
                version {run.version}
              </Text>
              <Badge variant="light" color={RUN_STATE[run.state].color}>
                {RUN_STATE[run.state].label}
              </Badge>
            </Group>
            <Text size="sm">
              Entered {formatDateTime(run.enteredAt)}
              {run.state === 'waiting' && run.currentStep ? ` · next: ${run.currentStep}` : ''}
              {run.state === 'exited' ? ` · left: ${run.exitReason ?? 'unknown reason'}` : ''}
              {run.finishedAt ? ` · ${formatDateTime(run.finishedAt)}` : ''}
            </Text>
            {run.steps.length > 0 && (
              <List size="sm" spacing={2}>
                {run.steps.map((step) => (
                  <List.Item key={step.stepId}>
                    {formatDateTime(step.doneAt)} — {step.text}
                  </List.Item>
                ))}
              </List>
            )}
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
