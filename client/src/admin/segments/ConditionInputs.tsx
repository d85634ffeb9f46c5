import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '../../trpc.ts';
import { DayInput } from '../widgets/DayInput.tsx';

// The inputs several condition kinds share.

export const options = <T extends string>(values: readonly T[], label: (v: T) => string = (v) => v) =>
  values.map((value) => ({ value, label: label(value) }));
export const capitalised = (v: string) => `${v[0]?.toUpperCase() ?? ''}${v.slice(1)}`;

/** A from–to pair of dates, either of which may be blank. */
export function DateRange({
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
      <DayInput
        label={`${label} from`}
        value={from ?? ''}
        error={errors.from}
        readOnly={readOnly}
        onChange={(day) => onChange({ from: day || null, to })}
      />
      <DayInput
        label={`${label} to`}
        value={to ?? ''}
        error={errors.to}
        readOnly={readOnly}
        onChange={(day) => onChange({ from, to: day || null })}
      />
    </>
  );
}

/** The campaigns an engagement condition may name: the latest ten, or those matching a search. */
export function CampaignSelect({
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
