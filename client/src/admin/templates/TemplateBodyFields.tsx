import { Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useRef } from 'react';
import { OFFERED_TAGS } from '#shared/templates/kinds.ts';
import { extractVariables } from '#shared/templates/variables.ts';
import { HtmlEditor, type HtmlEditorHandle } from '../widgets/HtmlEditor.tsx';
import { type TemplateForm, type TemplateKind, withExtracted } from './template-form.ts';
import { VariablesEditor } from './VariablesEditor.tsx';
import { notifySuccess } from '../widgets/notify.ts';

/** The template's HTML, its variables with their defaults, and (marketing) its plain-text part. */
export function TemplateBodyFields({ form, kind }: { form: TemplateForm; kind: TemplateKind }) {
  const editor = useRef<HtmlEditorHandle>(null);
  // Only the tags this kind's sending path fills (decision 011); the server applies the same rule.
  const builtIn = OFFERED_TAGS[kind];
  const htmlError = form.errors.htmlContent;

  const extract = () => {
    const found = extractVariables(form.values.htmlContent);
    form.setFieldValue('variables', withExtracted(form.values.variables, found));
    notifySuccess(
      found.length === 0
        ? 'No {{variables}} found in the HTML.'
        : `Found ${found.length}: ${found.join(', ')}`,
      { title: 'Variables extracted' },
    );
  };

  return (
    <Stack>
      <HtmlEditor
        ref={editor}
        label="HTML content"
        required
        value={form.values.htmlContent}
        onChange={(value) => form.setFieldValue('htmlContent', value)}
        error={typeof htmlError === 'string' ? htmlError : undefined}
      />
      <Paper withBorder p="md" radius="md">
        <VariablesEditor
          variables={form.values.variables}
          onChange={(variables) => form.setFieldValue('variables', variables)}
          onExtract={extract}
          onInsert={(name) => editor.current?.insertAtCursor(`{{${name}}}`)}
          error={typeof form.errors.variables === 'string' ? form.errors.variables : undefined}
        />
        <VariableDefaults
          names={form.values.variables.filter((name) => !builtIn.includes(name))}
          values={form.values.variableDefaults}
          onChange={(name, value) =>
            form.setFieldValue('variableDefaults', {
              ...form.values.variableDefaults,
              [name]: value,
            })
          }
        />
      </Paper>
      {kind === 'marketing' && (
        <Textarea
          label="Plain-text version (optional; generated from the HTML when empty)"
          description="Sent as the text/plain part. Merge tags work here too; without {{unsubscribe_url}} the unsubscribe line is added at the end."
          autosize
          minRows={4}
          maxRows={16}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          {...form.getInputProps('textContent')}
        />
      )}
    </Stack>
  );
}

/**
 * Default values of the custom variables: the preview shows them, and a campaign made from the
 * template starts with them (decision 011). Contact fields and unsubscribe
 * links are filled per recipient, so they have none.
 */
export function VariableDefaults({
  names,
  values,
  onChange,
}: {
  names: string[];
  values: Record<string, string>;
  onChange: (name: string, value: string) => void;
}) {
  if (names.length === 0) return null;
  return (
    <Stack gap="xs" mt="md">
      <Title order={3} size="h6">
        Default values
      </Title>
      <Text size="xs" c="dimmed">
        Campaigns made from this template start with these values; each campaign can change them.
      </Text>
      {names.map((name) => (
        <TextInput
          key={name}
          label={`{{${name}}}`}
          value={values[name] ?? ''}
          onChange={(event) => onChange(name, event.currentTarget.value)}
        />
      ))}
    </Stack>
  );
}
