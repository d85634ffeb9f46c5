import { Card, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCan } from '../auth/session.ts';
import { notifyError, notifySuccess } from '../widgets/notify.ts';
import { useTRPC } from '../../trpc.ts';

/**
 * An Owner's own weekly summary e-mail (decision 100): the week before's enquiries, purchases,
 * value, best source and slowest step, every Monday morning. Saved as it is switched.
 */
export function WeeklySummaryCard() {
  const can = useCan();
  if (!can('team.manage')) return null;
  return <WeeklySummarySwitch />;
}

function WeeklySummarySwitch() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const current = useQuery(trpc.admin.insight.weeklySummary.queryOptions());
  const change = useMutation(
    trpc.admin.insight.setWeeklySummary.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.admin.insight.weeklySummary.queryKey(), saved);
        notifySuccess(saved.enabled ? 'Weekly summary turned on' : 'Weekly summary turned off');
      },
      onError: (error) => notifyError(error),
    }),
  );
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4" mb="sm">
        Weekly summary
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Every Monday from 8 am (the business timezone): last week’s enquiries, purchases and their value
        against the week before, the best source and the slowest step.
      </Text>
      <Switch
        label="E-mail me the weekly summary"
        checked={current.data?.enabled ?? false}
        disabled={!current.data || change.isPending}
        onChange={(event) => change.mutate({ enabled: event.currentTarget.checked })}
      />
    </Card>
  );
}
