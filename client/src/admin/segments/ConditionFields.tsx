import { ActionIcon, Group, NumberInput, Paper, Select, TextInput } from '@mantine/core';
import { watchBrandChoices, watchConditionChoices } from '#shared/content/choices.ts';
import {
  CONSENT_STATES,
  type ConditionKind,
  ENGAGEMENT_ACTIONS,
  ENQUIRY_FIELD_LABELS,
  ENQUIRY_FIELDS,
  type SegmentConditionInput,
  TEXT_OPERATORS,
} from '#shared/segments/schema.ts';
import { emptyCondition, KIND_LABELS } from './condition-kinds.ts';
import { CampaignSelect, capitalised, DateRange, options } from './ConditionInputs.tsx';

interface ConditionFieldsProps {
  index: number;
  condition: SegmentConditionInput;
  /** Messages by field name, from the shared schema. */
  errors: Record<string, string>;
  readOnly: boolean;
  onChange: (next: SegmentConditionInput) => void;
  onRemove: () => void;
}

/** One condition: its kind, the fields that kind takes, and a remove button. */
export function ConditionFields({
  index,
  condition,
  errors,
  readOnly,
  onChange,
  onRemove,
}: ConditionFieldsProps) {
  const n = index + 1;
  const fields = (() => {
    switch (condition.kind) {
      case 'consent':
        return (
          <Select
            label="State"
            data={options(CONSENT_STATES, capitalised)}
            value={condition.state}
            error={errors.state}
            readOnly={readOnly}
            allowDeselect={false}
            onChange={(state) => {
              const parsed = CONSENT_STATES.find((s) => s === state);
              if (parsed) onChange({ ...condition, state: parsed });
            }}
          />
        );
      case 'created':
        return (
          <DateRange
            label="Created"
            value={condition}
            errors={errors}
            readOnly={readOnly}
            onChange={(range) => onChange({ ...condition, ...range })}
          />
        );
      case 'enquiry':
        return (
          <>
            <Select
              label="Brand"
              placeholder="Any brand"
              data={options(watchBrandChoices)}
              value={condition.brand ?? null}
              error={errors.brand}
              readOnly={readOnly}
              clearable
              onChange={(brand) =>
                onChange({ ...condition, brand: watchBrandChoices.find((b) => b === brand) ?? null })
              }
            />
            <Select
              label="Watch condition"
              placeholder="Any condition"
              data={options(watchConditionChoices)}
              value={condition.condition ?? null}
              error={errors.condition}
              readOnly={readOnly}
              clearable
              onChange={(value) =>
                onChange({ ...condition, condition: watchConditionChoices.find((c) => c === value) ?? null })
              }
            />
            <DateRange
              label="Submitted"
              value={condition}
              errors={errors}
              readOnly={readOnly}
              onChange={(range) => onChange({ ...condition, ...range })}
            />
          </>
        );
      case 'enquiry_source':
        return (
          <>
            <Select
              label="Field"
              data={options(ENQUIRY_FIELDS, (f) => ENQUIRY_FIELD_LABELS[f])}
              value={condition.field}
              readOnly={readOnly}
              allowDeselect={false}
              onChange={(field) => {
                const parsed = ENQUIRY_FIELDS.find((f) => f === field);
                if (parsed) onChange({ ...condition, field: parsed });
              }}
            />
            <Select
              label="Operator"
              data={options(TEXT_OPERATORS)}
              value={condition.op}
              readOnly={readOnly}
              allowDeselect={false}
              w={120}
              onChange={(op) => {
                const parsed = TEXT_OPERATORS.find((o) => o === op);
                if (parsed) onChange({ ...condition, op: parsed });
              }}
            />
            <TextInput
              label="Value"
              value={condition.value}
              error={errors.value}
              readOnly={readOnly}
              onChange={(e) => onChange({ ...condition, value: e.currentTarget.value })}
            />
          </>
        );
      case 'engagement':
        return (
          <>
            <Select
              label="Action"
              data={options(ENGAGEMENT_ACTIONS, capitalised)}
              value={condition.action}
              readOnly={readOnly}
              allowDeselect={false}
              w={130}
              onChange={(action) => {
                const parsed = ENGAGEMENT_ACTIONS.find((a) => a === action);
                if (parsed) onChange({ ...condition, action: parsed });
              }}
            />
            <CampaignSelect
              value={condition.campaignId ?? null}
              error={errors.campaignId}
              readOnly={readOnly}
              onChange={(campaignId) => onChange({ ...condition, campaignId })}
            />
            <NumberInput
              label="Within the last (days)"
              value={condition.withinDays}
              error={errors.withinDays}
              readOnly={readOnly}
              min={1}
              allowDecimal={false}
              w={170}
              onChange={(days) =>
                onChange({ ...condition, withinDays: typeof days === 'number' ? days : NaN })
              }
            />
          </>
        );
      case 'never_opened':
        return null;
      case 'email_domain':
        return (
          <TextInput
            label="Domain"
            placeholder="gmail.com"
            value={condition.domain}
            error={errors.domain}
            readOnly={readOnly}
            onChange={(e) => onChange({ ...condition, domain: e.currentTarget.value })}
          />
        );
    }
  })();

  return (
    <Paper withBorder p="sm" radius="md" component="fieldset" aria-label={`Condition ${n}`}>
      <Group align="flex-end" gap="sm">
        <Select
          label={`Condition ${n}`}
          data={Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }))}
          value={condition.kind}
          readOnly={readOnly}
          allowDeselect={false}
          w={230}
          onChange={(kind) => {
            const next = (Object.keys(KIND_LABELS) as ConditionKind[]).find((k) => k === kind);
            if (next && next !== condition.kind) onChange(emptyCondition(next));
          }}
        />
        {fields}
        {!readOnly && (
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Remove condition ${n}`}
            onClick={onRemove}
          >
            ×
          </ActionIcon>
        )}
      </Group>
    </Paper>
  );
}
