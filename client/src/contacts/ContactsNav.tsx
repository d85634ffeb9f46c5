import { Group } from '@mantine/core';
import { useRouterState } from '@tanstack/react-router';
import { useCan } from '../admin/auth.ts';
import { ButtonLink } from '../admin/widgets/links.tsx';

type ContactsSection = '/admin/contacts' | '/admin/contacts/import' | '/admin/contacts/suppressions';

// The Contacts area's pages (issue 20): one link row above each of them. Add a page with one entry.
const SECTIONS: ReadonlyArray<{ label: string; to: ContactsSection; write?: boolean }> = [
  { label: 'Contacts list', to: '/admin/contacts' },
  { label: 'Import', to: '/admin/contacts/import', write: true },
  { label: 'Suppressions', to: '/admin/contacts/suppressions' },
];

export function ContactsNav() {
  const pathname = useRouterState({ select: (s) => s.location.pathname.replace(/\/+$/, '') });
  const can = useCan();
  return (
    <Group gap="xs" component="nav" aria-label="Contacts sections">
      {SECTIONS.filter((s) => !s.write || can('contacts.write')).map((section) => {
        const current = pathname === section.to;
        return (
          <ButtonLink
            key={section.to}
            to={section.to}
            size="xs"
            variant={current ? 'light' : 'subtle'}
            aria-current={current ? 'page' : undefined}
          >
            {section.label}
          </ButtonLink>
        );
      })}
    </Group>
  );
}
