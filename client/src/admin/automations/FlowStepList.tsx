import {
  ActionIcon,
  Box,
  Button,
  Group,
  Menu,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { describeStep } from '#shared/automations/describe.ts';
import { type BranchCondition, type FlowStep, WEEKDAYS } from '#shared/automations/flows.ts';
import { ENQUIRY_STATUS_LABELS, enquiryStatuses } from '#shared/enquiries/status.ts';
import {
  addStep,
  moveStep,
  removeStep,
  replaceStep,
  STEP_TYPE_LABELS,
  type StepPath,
  stepErrors,
  type StepType,
} from './flow-form.ts';

export interface Choice {
  value: string;
  label: string;
}

export interface StepListContext {
  /** The whole tree: every edit replaces it. */
  root: FlowStep[];
  onChange: (steps: FlowStep[]) => void;
  readOnly: boolean;
  errors: Record<string, string>;
  templates: { marketing: Choice[]; reply: Choice[] };
  templateNames: Record<string, string>;
  segments: Choice[];
  /** Reply templates and status branches only in flows an enquiry starts (decision 061). */
  withEnquiry: boolean;
}

const CONDITION_LABELS: Record<BranchCondition['type'], string> = {
  opened_previous: 'Opened the previous e-mail',
  clicked_previous: 'Clicked in the previous e-mail',
  enquiry_status: 'The enquiry’s status is…',
  in_segment: 'Is in a segment',
};

const WEEKDAY_LABELS = WEEKDAYS.map((day) => ({
  value: day,
  label: `${day[0]!.toUpperCase()}${day.slice(1)}`,
}));

/** A vertical list of steps; a branch holds two nested, indented lists (decision 066). */
export function FlowStepList({
  steps,
  path,
  context,
  label,
}: {
  steps: FlowStep[];
  path: StepPath;
  context: StepListContext;
  label: string;
}) {
  const edit = (change: (root: FlowStep[]) => FlowStep[]) => context.onChange(change(context.root));
  return (
    <Stack gap="xs">
      <Stack gap="xs" role="list" aria-label={label}>
        {steps.length === 0 && (
          <Text size="sm" c="dimmed" role="listitem">
            No steps here.
          </Text>
        )}
        {steps.map((step, index) => (
          <StepCard
            key={step.id}
            step={step}
            number={index + 1}
            count={steps.length}
            path={[...path, index]}
            context={context}
            onMove={(by) => edit((root) => moveStep(root, path, index, by))}
            onRemove={() => edit((root) => removeStep(root, path, index))}
            onReplace={(next) => edit((root) => replaceStep(root, path, index, next))}
          />
        ))}
      </Stack>
      {!context.readOnly && (
        <AddStepMenu label={label} onAdd={(type) => edit((root) => addStep(root, path, type))} />
      )}
    </Stack>
  );
}

function AddStepMenu({ label, onAdd }: { label: string; onAdd: (type: StepType) => void }) {
  return (
    <Menu position="bottom-start">
      <Menu.Target>
        <Button variant="light" size="xs" w="fit-content" aria-label={`Add step: ${label}`}>
          Add step
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {(Object.keys(STEP_TYPE_LABELS) as StepType[]).map((type) => (
          <Menu.Item key={type} onClick={() => onAdd(type)}>
            {STEP_TYPE_LABELS[type]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function StepCard({
  step,
  number,
  count,
  path,
  context,
  onMove,
  onRemove,
  onReplace,
}: {
  step: FlowStep;
  number: number;
  count: number;
  path: StepPath;
  context: StepListContext;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  onReplace: (step: FlowStep) => void;
}) {
  const messages = stepErrors(context.errors, path);
  const title = `${number}. ${STEP_TYPE_LABELS[step.type]}`;
  return (
    <Paper
      withBorder
      p="sm"
      role="listitem"
      aria-label={`${title}: ${describeStep(step, context.templateNames)}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm">
            {title}
          </Text>
          {!context.readOnly && (
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                aria-label={`Move step ${number} up`}
                disabled={number === 1}
                onClick={() => onMove(-1)}
              >
                ↑
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                aria-label={`Move step ${number} down`}
                disabled={number === count}
                onClick={() => onMove(1)}
              >
                ↓
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove step ${number}`}
                onClick={onRemove}
              >
                ✕
              </ActionIcon>
            </Group>
          )}
        </Group>
        <StepFields step={step} context={context} onReplace={onReplace} path={path} />
        {messages.map((message) => (
          <Text key={message} size="sm" c="red.8" role="alert">
            {message}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}

function StepFields({
  step,
  context,
  onReplace,
  path,
}: {
  step: FlowStep;
  context: StepListContext;
  onReplace: (step: FlowStep) => void;
  path: StepPath;
}): ReactNode {
  const readOnly = context.readOnly;
  switch (step.type) {
    case 'send': {
      const options = context.templates[step.template];
      const known = options.some((o) => o.value === step.templateId);
      const data =
        known || !step.templateId
          ? options
          : [
              ...options,
              { value: step.templateId, label: context.templateNames[step.templateId] ?? 'Deleted template' },
            ];
      return (
        <Group grow align="flex-start" wrap="wrap">
          <Select
            label="Kind of template"
            readOnly={readOnly}
            value={step.template}
            allowDeselect={false}
            data={[
              { value: 'marketing', label: 'Marketing template' },
              {
                value: 'reply',
                label: 'Reply template (as the enquiry’s assignee)',
                disabled: !context.withEnquiry,
              },
            ]}
            onChange={(value) =>
              onReplace({ ...step, template: value === 'reply' ? 'reply' : 'marketing', templateId: '' })
            }
            miw={200}
          />
          <Select
            label="Template"
            placeholder="Choose a template"
            readOnly={readOnly}
            searchable
            value={step.templateId || null}
            data={data}
            onChange={(value) => onReplace({ ...step, templateId: value ?? '' })}
            miw={200}
          />
        </Group>
      );
    }
    case 'wait':
      return (
        <Group align="flex-start" wrap="wrap">
          {(['days', 'hours', 'minutes'] as const).map((unit) => (
            <NumberInput
              key={unit}
              label={unit[0]!.toUpperCase() + unit.slice(1)}
              readOnly={readOnly}
              min={0}
              max={unit === 'days' ? 365 : unit === 'hours' ? 23 : 59}
              allowDecimal={false}
              value={step[unit]}
              onChange={(value) => onReplace({ ...step, [unit]: typeof value === 'number' ? value : 0 })}
              w={100}
            />
          ))}
        </Group>
      );
    case 'wait_until':
      return (
        <Group align="flex-start" wrap="wrap">
          <Select
            label="Day"
            readOnly={readOnly}
            allowDeselect={false}
            value={step.weekday}
            data={WEEKDAY_LABELS}
            onChange={(value) => {
              const day = WEEKDAYS.find((d) => d === value);
              if (day) onReplace({ ...step, weekday: day });
            }}
            w={160}
          />
          <TextInput
            label="Time (HH:MM)"
            readOnly={readOnly}
            value={step.time}
            onChange={(event) => onReplace({ ...step, time: event.currentTarget.value })}
            w={120}
          />
        </Group>
      );
    case 'branch':
      return (
        <Stack gap="xs">
          <BranchConditionFields step={step} context={context} onReplace={onReplace} />
          {(['then', 'otherwise'] as const).map((arm) => (
            <Box
              key={arm}
              pl="md"
              style={{ borderInlineStart: '3px solid var(--mantine-color-gray-4)' }}
              data-testid={`${step.id}-${arm}`}
            >
              <Text size="sm" fw={600} mb={4}>
                {arm === 'then' ? 'If yes' : 'If no'}
              </Text>
              <FlowStepList
                steps={step[arm]}
                path={[...path, arm]}
                context={context}
                label={`${arm === 'then' ? 'If yes' : 'If no'} of step ${step.id}`}
              />
            </Box>
          ))}
        </Stack>
      );
    case 'exit':
      return (
        <Text size="sm" c="dimmed">
          The contact leaves the flow here.
        </Text>
      );
  }
}

function BranchConditionFields({
  step,
  context,
  onReplace,
}: {
  step: Extract<FlowStep, { type: 'branch' }>;
  context: StepListContext;
  onReplace: (step: FlowStep) => void;
}) {
  const condition = step.condition;
  const setCondition = (next: BranchCondition) => onReplace({ ...step, condition: next });
  return (
    <Group grow align="flex-start" wrap="wrap">
      <Select
        label="Condition"
        readOnly={context.readOnly}
        allowDeselect={false}
        value={condition.type}
        data={(Object.keys(CONDITION_LABELS) as BranchCondition['type'][]).map((type) => ({
          value: type,
          label: CONDITION_LABELS[type],
          disabled: type === 'enquiry_status' && !context.withEnquiry,
        }))}
        onChange={(value) => {
          if (value === 'opened_previous' || value === 'clicked_previous') setCondition({ type: value });
          if (value === 'enquiry_status') setCondition({ type: value, statuses: [] });
          if (value === 'in_segment') setCondition({ type: value, segmentId: '' });
        }}
        miw={200}
      />
      {condition.type === 'enquiry_status' && (
        <MultiSelect
          label="Statuses"
          readOnly={context.readOnly}
          value={condition.statuses}
          data={enquiryStatuses.map((s) => ({ value: s, label: ENQUIRY_STATUS_LABELS[s] }))}
          onChange={(values) =>
            setCondition({ ...condition, statuses: enquiryStatuses.filter((s) => values.includes(s)) })
          }
          miw={200}
        />
      )}
      {condition.type === 'in_segment' && (
        <Select
          label="Segment"
          placeholder="Choose a segment"
          readOnly={context.readOnly}
          searchable
          value={condition.segmentId || null}
          data={context.segments}
          onChange={(value) => setCondition({ ...condition, segmentId: value ?? '' })}
          miw={200}
        />
      )}
    </Group>
  );
}
