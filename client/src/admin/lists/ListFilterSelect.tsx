import { Select } from '@mantine/core';
import { pickedFilter } from './list-url.ts';

/**
 * A list's one-of filter: the picker offers "all" beside the filter's values, and "all" (or
 * anything the list does not know) is no filter at all, so the URL stays without it.
 */
export function ListFilterSelect<T extends string>({
  label,
  data,
  values,
  value,
  onChange,
  w,
}: {
  label: string;
  data: ReadonlyArray<{ value: T; label: string }>;
  /** Every value the filter takes, 'all' included. */
  values: readonly T[];
  value: T;
  onChange: (next: Exclude<T, 'all'> | undefined) => void;
  w: number;
}) {
  return (
    <Select
      label={label}
      data={data}
      value={value}
      allowDeselect={false}
      onChange={(picked) => onChange(pickedFilter(picked, values))}
      w={w}
    />
  );
}
