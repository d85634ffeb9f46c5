import { Button, Card, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type ReactNode, useRef } from 'react';
import { BUILT_IN_TAGS } from '#shared/templates/variables.ts';
import { HtmlEditor, type HtmlEditorHandle } from '../widgets/HtmlEditor.tsx';
import type { CampaignForm } from './campaign-form.ts';

/**
 * The e-mail's HTML with its merge-tag buttons and the plain-text part, or the block editor in
 * their place (decision 092); then the custom tags' values.
 */
export function CampaignBodyFields({
  form,
  tags,
  blocksEditor,
}: {
  form: CampaignForm;
  /** Custom merge tags used in the subjects or the body: each needs a value (decision 011). */
  tags: string[];
  /** The block editor, when the campaign is made from blocks: no HTML and no hand-written text. */
  blocksEditor?: ReactNode;
}) {
  return (
    <>
      {blocksEditor ?? <HtmlFields form={form} />}
      {tags.length > 0 && (
        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="merge-values-title">
          <Stack gap="xs">
            <Text fw={500} id="merge-values-title">
              Merge values
            </Text>
            <Text size="sm" c="dimmed">
              Every recipient gets these values in place of the tags. Contact fields and unsubscribe links are
              filled for each recipient.
            </Text>
            {tags.map((tag) => {
              const value = form.values.variables[tag] ?? '';
              return (
                <TextInput
                  key={tag}
                  label={`{{${tag}}}`}
                  required
                  value={value}
                  error={value.trim() === '' ? 'Enter a value for this tag' : undefined}
                  onChange={(event) => {
                    const next = event.currentTarget.value;
                    form.setFieldValue('variables', (current) => ({ ...current, [tag]: next }));
                  }}
                />
              );
            })}
          </Stack>
        </Card>
      )}
    </>
  );
}

/** Custom HTML: the code editor, its merge-tag buttons and the hand-written text part. */
function HtmlFields({ form }: { form: CampaignForm }) {
  const editor = useRef<HtmlEditorHandle>(null);
  return (
    <>
      <HtmlEditor
        ref={editor}
        label="Email HTML"
        required
        value={form.values.html}
        onChange={(html) => form.setFieldValue('html', html)}
      />
      <Group gap={6}>
        <Text size="sm" c="dimmed">
          Insert merge tag:
        </Text>
        {BUILT_IN_TAGS.map((tag) => (
          <Button
            key={tag}
            size="compact-xs"
            variant="light"
            onClick={() => editor.current?.insertAtCursor(`{{${tag}}}`)}
          >
            {`{{${tag}}}`}
          </Button>
        ))}
      </Group>
      <Textarea
        label="Plain-text version (optional; generated from the HTML when empty)"
        description="Sent as the text/plain part. Merge tags work here too; without {{unsubscribe_url}} the unsubscribe line is added at the end."
        autosize
        minRows={3}
        maxRows={16}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        {...form.getInputProps('text')}
      />
    </>
  );
}
