import { Badge, Stack, Switch, Table, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FLOW_STATE_LABELS, type FlowListItem, type FlowState } from '#shared/automations/api.ts';
import { useCan } from '../auth/session.ts';
import { ListPage } from '../lists/ListPage.tsx';
import { ListTable } from '../lists/ListTable.tsx';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { DomainHealthWarning } from '../settings/DomainHealthWarning.tsx';
import { ConfirmDialog } from '../widgets/ConfirmDialog.tsx';
import { formatCount } from '../widgets/format.ts';
import { useDisplayTime } from '../widgets/display-time.tsx';
import { AnchorLink, ButtonLink } from '../widgets/links.tsx';
import { useTRPC } from '../../trpc.ts';
import { liveConfirmText } from './flow-form.ts';
import { notifyError, notifySuccess } from '../widgets/notify.ts';

type SwitchableFlow = Pick<FlowListItem, 'id' | 'name' | 'trigger'>;

export const STATE_COLORS: Record<FlowState, string> = { off: 'gray', live: 'green', paused: 'yellow' };

/** Switches a flow on or off, asking first before it goes live (decision 066). */
export function useFlowSwitch() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<SwitchableFlow | null>(null);
  const estimate = useQuery(
    trpc.admin.automations.entryEstimate.queryOptions(asking ? { id: asking.id } : skipToken),
  );
  const setState = useMutation(
    trpc.admin.automations.setState.mutationOptions({
      onSuccess: async (result) => {
        setAsking(null);
        notifySuccess(`Flow ${FLOW_STATE_LABELS[result.state].toLowerCase()}`);
        await queryClient.invalidateQueries({ queryKey: trpc.admin.automations.pathKey() });
      },
      onError: (error) => {
        setAsking(null);
        notifyError(error);
      },
    }),
  );
  const dialog = (
    <ConfirmDialog
      opened={asking !== null}
      title="Switch this flow on?"
      confirmLabel="Switch on"
      confirmColor="green"
      cancelLabel="Not now"
      loading={setState.isPending}
      onClose={() => setAsking(null)}
      onConfirm={() => asking && setState.mutate({ id: asking.id, state: 'live' })}
    >
      <Stack>
        <Text size="sm">
          {asking ? liveConfirmText(asking.name, asking.trigger.type, estimate.data?.contacts ?? null) : ''}
        </Text>
        {/* Warns while the sending domain's last check fails; never blocks (decision 073). */}
        <DomainHealthWarning enabled={asking !== null} />
      </Stack>
    </ConfirmDialog>
  );
  return {
    dialog,
    switching: setState.isPending,
    switchTo: (flow: SwitchableFlow, state: FlowState) =>
      state === 'live' ? setAsking(flow) : setState.mutate({ id: flow.id, state }),
  };
}

/** /admin/automations: every flow with its state, trigger, version and how many are in it. */
export function FlowsPage() {
  const { formatDate } = useDisplayTime();
  useDocumentTitle(`Automations | ${ADMIN_TITLE}`);
  const trpc = useTRPC();
  const can = useCan();
  const writer = can('automations.write');
  const flows = useQuery(trpc.admin.automations.list.queryOptions());
  const flowSwitch = useFlowSwitch();

  return (
    <ListPage
      title="Automations"
      actions={writer && <ButtonLink to="/admin/automations/new">New flow</ButtonLink>}
      intro={
        <Text c="dimmed" size="sm">
          A flow sends e-mails one contact at a time when something happens: a trigger, then a list of steps.
          Editing a live flow saves a new version; contacts finish the version they started.
        </Text>
      }
      errors={[flows.error]}
    >
      <ListTable
        columns={['Flow', 'Trigger', 'State', 'Version', 'Entered', 'Waiting', 'Finished', 'Updated']}
        minWidth={900}
        rows={flows.data}
        pending={flows.isPending}
        fetching={flows.isFetching}
        skeletonRows={3}
        highlightOnHover={false}
        testId="flows-table"
        empty={{ message: 'No flows yet', hint: writer ? 'Create one to follow up automatically.' : null }}
        renderRow={(flow) => (
          <Table.Tr key={flow.id}>
            <Table.Td>
              <AnchorLink to="/admin/automations/$flowId" params={{ flowId: flow.id }} fw={500}>
                {flow.name}
              </AnchorLink>
              {flow.description && (
                <Text size="xs" c="dimmed">
                  {flow.description}
                </Text>
              )}
              {flow.state === 'paused' && flow.pauseReason && (
                <Text size="xs" fw={500}>
                  {flow.pauseReason}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Text size="sm">{flow.triggerSummary}</Text>
            </Table.Td>
            <Table.Td>
              {writer ? (
                <Switch
                  checked={flow.state === 'live'}
                  disabled={flowSwitch.switching}
                  label={
                    <Badge color={STATE_COLORS[flow.state]} variant="light">
                      {FLOW_STATE_LABELS[flow.state]}
                    </Badge>
                  }
                  aria-label={`${flow.name}: ${flow.state === 'live' ? 'switch off' : 'switch on'}`}
                  onChange={(event) =>
                    flowSwitch.switchTo(flow, event.currentTarget.checked ? 'live' : 'off')
                  }
                />
              ) : (
                <Badge color={STATE_COLORS[flow.state]} variant="light">
                  {FLOW_STATE_LABELS[flow.state]}
                </Badge>
              )}
            </Table.Td>
            <Table.Td>{flow.version}</Table.Td>
            <Table.Td>{formatCount(flow.entered)}</Table.Td>
            <Table.Td>{formatCount(flow.waiting)}</Table.Td>
            <Table.Td>{formatCount(flow.finished)}</Table.Td>
            <Table.Td>
              <Text size="sm">{formatDate(flow.updatedAt)}</Text>
            </Table.Td>
          </Table.Tr>
        )}
      />
      {flowSwitch.dialog}
    </ListPage>
  );
}
