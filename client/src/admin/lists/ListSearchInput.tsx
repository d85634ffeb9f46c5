import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { SEARCH_MIN_LENGTH } from '#shared/admin/lists.ts';

/**
 * The search box of an admin list whose search lives in the URL: what is typed shows at once, the
 * URL follows 300 ms after the last key (trimmed; empty clears it), and a term too short to search
 * says so.
 */
export function ListSearchInput({
  label,
  placeholder,
  w,
  term,
  onSearch,
}: {
  label: string;
  placeholder: string;
  w: number;
  /** The search in the URL, the box's first value. */
  term: string;
  onSearch: (search: string | undefined) => void;
}) {
  const [typed, setTyped] = useState(term);
  const push = useDebouncedCallback((value: string) => onSearch(value.trim() || undefined), 300);
  const tooShort = typed.trim().length > 0 && typed.trim().length < SEARCH_MIN_LENGTH;
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      type="search"
      value={typed}
      onChange={(event) => {
        setTyped(event.currentTarget.value);
        push(event.currentTarget.value);
      }}
      description={tooShort ? `Type at least ${SEARCH_MIN_LENGTH} characters to search` : undefined}
      w={w}
    />
  );
}
