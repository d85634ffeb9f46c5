import { Alert, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { ADMIN_TITLE } from './AdminShell.tsx';

/**
 * An admin screen whose content lands with a later issue: its real heading and an honest notice,
 * never invented data or an empty state that could be mistaken for "no records".
 */
export function PagePlaceholder({ title }: { title: string }) {
  useDocumentTitle(`${title} | ${ADMIN_TITLE}`);
  return (
    <Stack>
      <Title order={1}>{title}</Title>
      <Alert variant="light" color="gray" title="Coming soon">
        This screen is being built.
      </Alert>
    </Stack>
  );
}
