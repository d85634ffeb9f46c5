import { Tabs } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useCanOpen } from '../auth/session.ts';

// Contacts' sub-navigation: one entry per page under /admin/contacts, each shown to the roles
// allowed to open it (the route table, decision 027). Add a page by adding a line.
const CONTACTS_PAGES = [
  { value: '/admin/contacts', label: 'All contacts' },
  { value: '/admin/contacts/segments', label: 'Segments' },
  { value: '/admin/contacts/import', label: 'Import' },
  { value: '/admin/contacts/suppressions', label: 'Suppressions' },
] as const satisfies ReadonlyArray<{ value: string; label: string }>;

export type ContactsPagePath = (typeof CONTACTS_PAGES)[number]['value'];

export function ContactsTabs({ current }: { current: ContactsPagePath }) {
  const canOpen = useCanOpen();
  const navigate = useNavigate();
  return (
    <Tabs
      value={current}
      onChange={(value) => {
        const page = CONTACTS_PAGES.find((p) => p.value === value);
        if (page) void navigate({ to: page.value });
      }}
    >
      <Tabs.List aria-label="Contacts pages">
        {CONTACTS_PAGES.filter((p) => canOpen(p.value)).map((page) => (
          <Tabs.Tab key={page.value} value={page.value}>
            {page.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
