import { Tabs } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { Permission } from '#shared/auth/permissions.ts';
import { useCan } from '../auth/session.ts';

// Contacts' sub-navigation: one entry per page under /admin/contacts, each shown to the roles
// allowed to read it (decision 027). Add a page by adding a line.
const CONTACTS_PAGES = [
  { value: '/admin/contacts', label: 'All contacts', permission: 'contacts.read' },
  { value: '/admin/contacts/segments', label: 'Segments', permission: 'segments.read' },
  { value: '/admin/contacts/import', label: 'Import', permission: 'contacts.write' },
  { value: '/admin/contacts/suppressions', label: 'Suppressions', permission: 'contacts.read' },
] as const satisfies ReadonlyArray<{ value: string; label: string; permission: Permission }>;

export type ContactsPagePath = (typeof CONTACTS_PAGES)[number]['value'];

export function ContactsTabs({ current }: { current: ContactsPagePath }) {
  const can = useCan();
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
        {CONTACTS_PAGES.filter((p) => can(p.permission)).map((page) => (
          <Tabs.Tab key={page.value} value={page.value}>
            {page.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
