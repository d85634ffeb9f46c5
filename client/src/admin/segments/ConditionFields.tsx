import { ActionIcon, Group, NumberInput, Paper, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
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
import { useTRPC } from '../../trpc.ts';

export const KIND_LABELS: Record<ConditionKind, string> = {
  consent: 'Consent state',
  created: 'Contact created between',
  enquiry: 'Has an enquiry',
  enquiry_source: 'Enquiry source or UTM',
  engagement: 'Campaign engagement',
  never_opened: 'Never opened a campaign',
  email_domain: 'E-mail domain',
};

/** A new condition of a kind, with the fields the editor starts from. */
export function emptyCondition(kind: ConditionKind): SegmentConditionInput {
  switch (kind) {
    case 'consent':
      return { kind, state: 'subscribed' };
    case 'created':
      return { kind, from: null, to: null };
    case 'enquiry':
      return { kind, brand: null, condition: null, from: null, to: null };
    case 'enquiry_source':
      return { kind, field: 'utm_source', op: 'is', value: '' };
    case 'engagement':
      return { kind, action: 'opened', campaignId: null, withinDays: 30 };
    case 'never_opened':
      return { kind };
    case 'email_domain':
      return { kind, domain: '' };
  }
}

const options = <T extends string>(values: readonly T[], label: (v: T) => string = (v) => v) =>
  values.map((value) => ({ value, label: label(value) }));
const capitalised = (v: string) => `${v[0]?.toUpperCase() ?? ''}${v.slice(1)}`;

interface ConditionFieldsProps {
  index: number;
  condition: SegmentConditionInput;
  /** Messages by field name, from the shared schema. */
  errors: Record<string, string>;
  readOnly: boolean;
  onChange: (next: SegmentConditionInput) => void;
  onRemove: () => void;
}

function DateRange({
  label,
  value,
  errors,
  readOnly,
  onChange,
}: {
  label: string;
  value: { from?: string | null | undefined; to?: string | null | undefined };
  errors: Record<string, string>;
  readOnly: boolean;
  onChange: (range: { from: string | null; to: string | null }) => void;
}) {
  const from = value.from ?? null;
  const to = value.to ?? null;
  return (
    <>
      <TextInput
        type="date"
        label={`${label} from`}
        value={from ?? ''}
        error={errors.from}
        readOnly={readOnly}
        onChange={(e) => onChange({ from: e.currentTarget.value || null, to })}
      />
      <TextInput
        type="date"
        label={`${label} to`}
        value={to ?? ''}
        error={errors.to}
        readOnly={readOnly}
        onChange={(e) => onChange({ from, to: e.currentTarget.value || null })}
      />
    </>
  );
}

/** The campaigns an engagement condition may name: the latest ten, or those matching a search. */
function CampaignSelect({
  value,
  error,
  readOnly,
  onChange,
}: {
  value: string | null;
  error: string | undefined;
  readOnly: boolean;
  onChange: (id: string | null) => void;
}) {
  const trpc = useTRPC();
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search, 300);
  const campaigns = useQuery(
    trpc.admin.campaigns.list.queryOptions(
      { page: 1, status: 'all', search: term.trim() || undefined },
      { placeholderData: keepPreviousData },
    ),
  );
  const selected = value ? (campaigns.data?.campaigns.find((c) => c.id === value) ?? null) : null;
  const data = [
    { value: '', label: 'Any campaign' },
    ...(value && !selected ? [{ value, label: 'The chosen campaign' }] : []),
    ...(campaigns.data?.campaigns ?? []).map((c) => ({ value: c.id, label: c.name })),
  ];
  return (
    <Select
      label="Campaign"
      data={data}
      value={value ?? ''}
      error={error}
      readOnly={readOnly}
      searchable
      onSearchChange={setSearch}
      allowDeselect={false}
      nothingFoundMessage="No campaigns found"
      onChange={(id) => onChange(id || null)}
    />
  );
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
