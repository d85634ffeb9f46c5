import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import {
  FLOW_STATE_LABELS,
  type FlowDetail,
  type FlowState,
  type FlowVersionItem,
} from '#shared/automations/api.ts';
import {
  type FlowDefinition,
  type FlowTrigger,
  REENTRY_RULES,
  triggerHasEnquiry,
} from '#shared/automations/flows.ts';
import { watchBrandChoices } from '#shared/content/choices.ts';
import { ENQUIRY_STATUS_LABELS, enquiryStatuses } from '#shared/enquiries/status.ts';
import { useCan } from '../auth/session.ts';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { errorCode, errorMessage } from '../widgets/errors.ts';
import { useDisplayTime } from '../widgets/display-time.tsx';
import { AnchorLink } from '../widgets/links.tsx';
import { PersonName } from '../widgets/PersonName.tsx';
import { useTRPC } from '../../trpc.ts';
import { emptyFlow, flowErrors, triggerOfType } from './flow-form.ts';
import { FlowInsightPanel } from './FlowInsightPanel.tsx';
import { type Choice, FlowStepList } from './FlowStepList.tsx';
import { STATE_COLORS, useFlowSwitch } from './FlowsPage.tsx';
import { FlowTestRunPanel } from './FlowTestRunPanel.tsx';
import { notifySuccess } from '../widgets/notify.ts';

const TRIGGER_LABELS: Record<FlowTrigger['type'], string> = {
  consent_confirmed: 'A contact confirms marketing consent',
  enquiry_status: 'An enquiry enters a status',
  segment_entered: 'A contact enters a segment',
  after_purchase: 'Days after a purchase',
  no_engagement: 'No open or click for a number of days',
  became_inactive: 'A contact becomes inactive (sunset policy)',
};

const REENTRY_LABELS: Record<(typeof REENTRY_RULES)[number], string> = {
  once: 'Once ever per contact',
  per_occurrence: 'Each time the trigger happens (each enquiry, each anniversary)',
};

/** /admin/automations/new and /admin/automations/$flowId. */
export function FlowEditorPage({ flowId }: { flowId: string | null }) {
  useDocumentTitle(`${flowId ? 'Flow' : 'New flow'} | ${ADMIN_TITLE}`);
  const trpc = useTRPC();
  const [version, setVersion] = useState<number | undefined>(undefined);
  const flow = useQuery(
    trpc.admin.automations.get.queryOptions(flowId ? { id: flowId, version } : skipToken, { retry: false }),
  );
  if (!flowId) return <FlowEditor key="new" />;
  if (flow.isPending) return <Loader aria-label="Loading flow" />;
  if (flow.isError) {
    const code = errorCode(flow.error);
    return (
      <Stack align="flex-start">
        <Alert color={code === 'NOT_FOUND' || code === 'BAD_REQUEST' ? 'yellow' : 'red'}>
          {errorMessage(flow.error)}
        </Alert>
        <AnchorLink to="/admin/automations">Back to Automations</AnchorLink>
      </Stack>
    );
  }
  return (
    <FlowEditor
      key={`${flow.data.id}:${flow.data.version}`}
      flow={flow.data}
      onShowVersion={(v) => setVersion(v === flow.data.currentVersion ? undefined : v)}
    />
  );
}

function useChoices(flow: FlowDetail | undefined) {
  const trpc = useTRPC();
  const can = useCan();
  const marketing = useQuery(
    trpc.admin.templates.list.queryOptions(can('templates.read') ? { kind: 'marketing' } : skipToken),
  );
  const reply = useQuery(
    trpc.admin.templates.list.queryOptions(
      can('templates.read') || can('replyTemplates.write') ? { kind: 'reply' } : skipToken,
    ),
  );
  const segments = useQuery(
    trpc.admin.segments.list.queryOptions(can('segments.read') ? undefined : skipToken),
  );
  return useMemo(() => {
    const toChoices = (rows: Array<{ id: string; templateName: string }> | undefined): Choice[] =>
      (rows ?? []).map((row) => ({ value: row.id, label: row.templateName }));
    const templateNames: Record<string, string> = { ...flow?.templateNames };
    for (const row of [...(marketing.data ?? []), ...(reply.data ?? [])])
      templateNames[row.id] = row.templateName;
    const segmentNames: Record<string, string> = { ...flow?.segmentNames };
    for (const row of segments.data ?? []) segmentNames[row.id] = row.name;
    return {
      templates: { marketing: toChoices(marketing.data), reply: toChoices(reply.data) },
      templateNames,
      segments: Object.entries(segmentNames).map(([value, label]) => ({ value, label })),
    };
  }, [flow, marketing.data, reply.data, segments.data]);
}

function FlowEditor({
  flow,
  onShowVersion,
}: {
  flow?: FlowDetail;
  onShowVersion?: (version: number) => void;
}) {
  const { formatDateTime } = useDisplayTime();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const can = useCan();
  const oldVersion = flow !== undefined && flow.version !== flow.currentVersion;
  const readOnly = !can('automations.write') || oldVersion;
  const [draft, setDraft] = useState<FlowDefinition>(flow?.definition ?? emptyFlow());
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const errors = useMemo(() => flowErrors(draft), [draft]);
  const shown = submitted ? errors : {};
  const choices = useChoices(flow);
  const flowSwitch = useFlowSwitch();
  const switchFlow = (state: FlowState) =>
    flow &&
    flowSwitch.switchTo({ id: flow.id, name: flow.definition.name, trigger: flow.definition.trigger }, state);
  const withEnquiry = triggerHasEnquiry(draft.trigger);

  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.admin.automations.pathKey() });
  const onError = (error: unknown) => setServerError(errorMessage(error));
  const create = useMutation(
    trpc.admin.automations.create.mutationOptions({
      onSuccess: async (saved) => {
        notifySuccess('Flow created (version 1)');
        await refresh();
        await navigate({ to: '/admin/automations/$flowId', params: { flowId: saved.id }, replace: true });
      },
      onError,
    }),
  );
  const save = useMutation(
    trpc.admin.automations.save.mutationOptions({
      onSuccess: async (saved) => {
        notifySuccess(`Version ${saved.version} saved`);
        await refresh();
      },
      onError,
    }),
  );

  const submit = () => {
    setSubmitted(true);
    setServerError(null);
    if (Object.keys(errors).length > 0) return;
    if (flow) save.mutate({ id: flow.id, baseVersion: flow.currentVersion, definition: draft });
    else create.mutate(draft);
  };

  const set = <K extends keyof FlowDefinition>(key: K, value: FlowDefinition[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const current = flow?.versions.find((v) => v.version === flow.version);

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>{flow ? flow.definition.name : 'New flow'}</Title>
          {flow && current && (
            <Group gap="xs">
              <Badge color={STATE_COLORS[flow.state]} variant="light">
                {FLOW_STATE_LABELS[flow.state]}
              </Badge>
              <Text size="sm" c="dimmed" data-testid="flow-version">
                Version {current.version} · saved by <SavedBy version={current} /> at{' '}
                {formatDateTime(current.savedAt)}
              </Text>
            </Group>
          )}
        </Stack>
        <AnchorLink to="/admin/automations">Back to Automations</AnchorLink>
      </Group>
      {flow?.state === 'paused' && flow.pauseReason && (
        <Alert color="orange" title="Paused by the complaint brake">
          {flow.pauseReason}
        </Alert>
      )}
      {oldVersion && (
        <Alert color="blue">
          You are reading version {flow.version}, which cannot be edited.{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => onShowVersion?.(flow.currentVersion)}>
            Back to version {flow.currentVersion}
          </Button>
        </Alert>
      )}
      <Tabs defaultValue="editor" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="editor">Steps</Tabs.Tab>
          <Tabs.Tab value="test">Test run</Tabs.Tab>
          {flow && <Tabs.Tab value="insight">Insight</Tabs.Tab>}
          {flow && <Tabs.Tab value="versions">Versions</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="editor" pt="md">
          <Stack maw={900}>
            <TextInput
              label="Name"
              required
              readOnly={readOnly}
              value={draft.name}
              onChange={(event) => set('name', event.currentTarget.value)}
              error={shown.name}
              maw={420}
            />
            <Textarea
              label="Description"
              readOnly={readOnly}
              value={draft.description}
              onChange={(event) => set('description', event.currentTarget.value)}
              error={shown.description}
              autosize
              minRows={2}
            />
            <TriggerFields
              trigger={draft.trigger}
              readOnly={readOnly}
              errors={shown}
              segments={choices.segments}
              onChange={(trigger) => set('trigger', trigger)}
            />
            <Select
              label="A contact enters"
              readOnly={readOnly}
              allowDeselect={false}
              value={draft.reentry}
              data={REENTRY_RULES.map((rule) => ({ value: rule, label: REENTRY_LABELS[rule] }))}
              onChange={(value) => set('reentry', value === 'per_occurrence' ? 'per_occurrence' : 'once')}
              maw={420}
            />
            <Switch
              label="Quiet hours: hold marketing e-mails due between 21:00 and 08:00 until 08:00"
              disabled={readOnly}
              checked={draft.respectQuietHours}
              onChange={(event) => set('respectQuietHours', event.currentTarget.checked)}
            />
            <Title order={2} size="h4">
              Steps
            </Title>
            {shown.steps && (
              <Text size="sm" c="red.8" role="alert">
                {shown.steps}
              </Text>
            )}
            <FlowStepList
              steps={draft.steps}
              path={['steps']}
              label="Steps"
              context={{
                root: draft.steps,
                onChange: (steps) => set('steps', steps),
                readOnly,
                errors: shown,
                templates: choices.templates,
                templateNames: choices.templateNames,
                segments: choices.segments,
                withEnquiry,
              }}
            />
            {serverError && (
              <Alert color="red" role="alert">
                {serverError}
              </Alert>
            )}
            {!readOnly && (
              <Group>
                <Button onClick={submit} loading={save.isPending || create.isPending}>
                  {flow ? 'Save as a new version' : 'Create flow'}
                </Button>
                {flow && flow.state !== 'live' && (
                  <Button variant="light" color="green" onClick={() => switchFlow('live')}>
                    Switch on
                  </Button>
                )}
                {flow && flow.state === 'live' && (
                  <Button variant="light" color="yellow" onClick={() => switchFlow('paused')}>
                    Pause
                  </Button>
                )}
                {flow && flow.state !== 'off' && (
                  <Button variant="default" onClick={() => switchFlow('off')}>
                    Switch off
                  </Button>
                )}
              </Group>
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="test" pt="md">
          <FlowTestRunPanel
            definition={draft}
            templateNames={choices.templateNames}
            segments={choices.segments}
          />
        </Tabs.Panel>
        {flow && (
          <Tabs.Panel value="insight" pt="md">
            <FlowInsightPanel
              flowId={flow.id}
              version={flow.version}
              definition={flow.definition}
              templateNames={choices.templateNames}
            />
          </Tabs.Panel>
        )}
        {flow && (
          <Tabs.Panel value="versions" pt="md">
            <Stack gap="xs" maw={600}>
              {flow.versions.map((v) => (
                <Paper key={v.version} withBorder p="sm">
                  <Group justify="space-between">
                    <Text size="sm">
                      Version {v.version} · saved by <SavedBy version={v} /> at {formatDateTime(v.savedAt)}
                      {v.version === flow.currentVersion ? ' (current)' : ''}
                    </Text>
                    {v.version !== flow.version && (
                      <Button variant="subtle" size="compact-sm" onClick={() => onShowVersion?.(v.version)}>
                        View version {v.version}
                      </Button>
                    )}
                  </Group>
                </Paper>
              ))}
            </Stack>
          </Tabs.Panel>
        )}
      </Tabs>
      {flowSwitch.dialog}
    </Stack>
  );
}

function TriggerFields({
  trigger,
  readOnly,
  errors,
  segments,
  onChange,
}: {
  trigger: FlowTrigger;
  readOnly: boolean;
  errors: Record<string, string>;
  segments: Choice[];
  onChange: (trigger: FlowTrigger) => void;
}) {
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Select
          label="Trigger"
          readOnly={readOnly}
          allowDeselect={false}
          value={trigger.type}
          data={(Object.keys(TRIGGER_LABELS) as FlowTrigger['type'][]).map((type) => ({
            value: type,
            label: TRIGGER_LABELS[type],
          }))}
          onChange={(value) => {
            const type = (Object.keys(TRIGGER_LABELS) as FlowTrigger['type'][]).find((t) => t === value);
            if (type && type !== trigger.type) onChange(triggerOfType(type));
          }}
          maw={420}
        />
        {trigger.type === 'enquiry_status' && (
          <Group grow align="flex-start" wrap="wrap">
            <Select
              label="Status"
              readOnly={readOnly}
              allowDeselect={false}
              value={trigger.status}
              data={enquiryStatuses.map((s) => ({ value: s, label: ENQUIRY_STATUS_LABELS[s] }))}
              onChange={(value) => {
                const status = enquiryStatuses.find((s) => s === value);
                if (status) onChange({ ...trigger, status });
              }}
              miw={200}
            />
            <MultiSelect
              label="Brands (none: any brand)"
              readOnly={readOnly}
              searchable
              value={trigger.brands}
              data={[...watchBrandChoices]}
              onChange={(values) =>
                onChange({ ...trigger, brands: watchBrandChoices.filter((b) => values.includes(b)) })
              }
              error={errors['trigger.brands']}
              miw={200}
            />
          </Group>
        )}
        {trigger.type === 'segment_entered' && (
          <Select
            label="Segment"
            placeholder="Choose a segment"
            readOnly={readOnly}
            searchable
            value={trigger.segmentId || null}
            data={segments}
            onChange={(value) => onChange({ ...trigger, segmentId: value ?? '' })}
            error={errors['trigger.segmentId']}
            maw={420}
          />
        )}
        {trigger.type === 'after_purchase' && (
          <Group align="flex-end" wrap="wrap">
            <NumberInput
              label="Days after the purchase"
              readOnly={readOnly}
              min={0}
              allowDecimal={false}
              value={trigger.days}
              onChange={(value) => onChange({ ...trigger, days: typeof value === 'number' ? value : 0 })}
              error={errors['trigger.days']}
              w={200}
            />
            <Switch
              label="Again on each anniversary"
              disabled={readOnly}
              checked={trigger.yearly}
              onChange={(event) => onChange({ ...trigger, yearly: event.currentTarget.checked })}
            />
          </Group>
        )}
        {trigger.type === 'became_inactive' && (
          <Text size="sm" c="dimmed">
            No reader’s open or click for the months set in Settings (machine opens do not count). Campaigns
            leave these contacts out unless they include them.
          </Text>
        )}
        {trigger.type === 'no_engagement' && (
          <NumberInput
            label="Days without an open or click"
            readOnly={readOnly}
            min={1}
            allowDecimal={false}
            value={trigger.days}
            onChange={(value) => onChange({ ...trigger, days: typeof value === 'number' ? value : 1 })}
            error={errors['trigger.days']}
            w={240}
          />
        )}
      </Stack>
    </Paper>
  );
}

/** Who saved a version (decision 095): the member by name, the address on hover; "System" for a starter flow's. */
function SavedBy({ version }: { version: FlowVersionItem }) {
  const email = version.savedByEmail;
  return <PersonName email={email} names={email && version.savedBy ? { [email]: version.savedBy } : {}} />;
}
