import { Box, Group, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { MAX_PREHEADER } from '#shared/templates/variables.ts';
import { site } from '../../site.ts';
import { useTRPC } from '../../trpc.ts';

/*
 * The preheader (decision 011) in the template and campaign editors: the field under the subject,
 * and the inbox row a mail client's list would show (sender, subject, preview text) above the
 * preview, so the admin sees what a reader sees before opening the message.
 */

/** The Preheader field: a hint and the character count under it. */
export function PreheaderInput<Values extends { preheader: string }>({
  form,
}: {
  form: UseFormReturnType<Values>;
}) {
  const count = form.values.preheader.trim().length;
  return (
    <TextInput
      label="Preheader"
      description={`Optional. Shown after the subject in the inbox list; merge tags work here too. ${count}/${MAX_PREHEADER} characters`}
      placeholder="A line that makes the reader open it"
      {...form.getInputProps('preheader')}
    />
  );
}

/** The sender name campaign e-mails go out with: the settings' From name, or the site's name. */
function useSenderName(): string {
  const trpc = useTRPC();
  const settings = useQuery(trpc.admin.settings.get.queryOptions(undefined, { staleTime: 60_000 }));
  const data = settings.data;
  return data?.values.fromName.trim() || data?.defaults.fromName || site.name;
}

/** What a mail client shows as preview text without a preheader: the body's first words. */
function bodyPreviewText(html: string): string {
  // An inert document: nothing in it runs or loads.
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const element of doc.body.querySelectorAll('style, script, title')) element.remove();
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * A mail client's list row for the message. `preheader` and `subject` come with their tags already
 * filled as the preview fills them; without a preheader the row shows the body's first words, as
 * clients do.
 */
export function InboxRow({ subject, preheader, html }: { subject: string; preheader: string; html: string }) {
  const sender = useSenderName();
  const fallback = useMemo(() => (preheader.trim() ? '' : bodyPreviewText(html)), [preheader, html]);
  const preview = preheader.trim() || fallback;
  return (
    <Box>
      <Text size="sm" fw={500} mb={4} id="inbox-row-title">
        Inbox preview
      </Text>
      <Box
        role="group"
        aria-labelledby="inbox-row-title"
        data-testid="inbox-row"
        p="sm"
        style={{
          border: '1px solid var(--mantine-color-gray-4)',
          borderRadius: 'var(--mantine-radius-sm)',
          background: '#fff',
          minWidth: 0,
        }}
      >
        <Stack gap={2}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={700} size="sm" truncate="end" data-testid="inbox-sender">
              {sender}
            </Text>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              Now
            </Text>
          </Group>
          <Text fw={600} size="sm" truncate="end" data-testid="inbox-subject">
            {subject.trim() || '(no subject)'}
          </Text>
          <Text size="sm" c="dimmed" lineClamp={2} data-testid="inbox-preheader">
            {preview}
          </Text>
        </Stack>
      </Box>
    </Box>
  );
}
