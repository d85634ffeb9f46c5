import { TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { SEARCH_MIN_LENGTH } from '#shared/admin/lists.ts';

/** How long after the last key the URL (and so the list) follows what is typed. */
export const SEARCH_DEBOUNCE_MS = 300;

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
  minLength = SEARCH_MIN_LENGTH,
  type = 'search',
}: {
  label: string;
  placeholder: string;
  w?: number | undefined;
  /** The search in the URL, the box's first value. */
  term: string;
  onSearch: (search: string | undefined) => void;
  /** The shortest term the server applies; 1 for lists searched without the trigram index. */
  minLength?: number;
  /** A filter field rather than the list's search box is a plain text box. */
  type?: 'search' | 'text';
}) {
  const [typed, setTyped] = useState(term);
  const push = useDebouncedCallback(
    (value: string) => onSearch(value.trim() || undefined),
    SEARCH_DEBOUNCE_MS,
  );
  const length = typed.trim().length;
  const tooShort = length > 0 && length < minLength;
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      type={type}
      value={typed}
      onChange={(event) => {
        setTyped(event.currentTarget.value);
        push(event.currentTarget.value);
      }}
      description={tooShort ? `Type at least ${minLength} characters to search` : undefined}
      w={w}
    />
  );
}
