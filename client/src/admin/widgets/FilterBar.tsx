import { Badge, Button, Collapse, Group, Stack, VisuallyHidden } from '@mantine/core';
import { useDisclosure, useId, useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';

/** Mantine's `sm` breakpoint (48em): below it the admin is laid out for a phone. */
export const PHONE_QUERY = '(max-width: 47.99em)';

/**
 * A list's search and filters (decision 091): in a row from 48em up; on a phone folded behind one
 * "Filters" button that says how many are applied, so the rows are on the first screen.
 */
export function FilterBar({ active, children }: { active: number; children: ReactNode }) {
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const [open, toggle] = useDisclosure(false);
  const id = useId();
  if (!phone)
    return (
      <Group align="flex-start" wrap="wrap">
        {children}
      </Group>
    );
  return (
    <Stack gap="xs">
      <Button
        variant="default"
        onClick={toggle.toggle}
        aria-expanded={open}
        aria-controls={id}
        rightSection={
          // Read out as "Filters 2 active": the visible "Filters 2" stays part of the name.
          active > 0 ? (
            <Badge size="sm" circle>
              {active}
              <VisuallyHidden> active</VisuallyHidden>
            </Badge>
          ) : undefined
        }
        style={{ alignSelf: 'flex-start' }}
      >
        Filters
      </Button>
      <Collapse expanded={open} id={id}>
        <Stack gap="sm" style={{ maxWidth: '100%' }}>
          {children}
        </Stack>
      </Collapse>
    </Stack>
  );
}
