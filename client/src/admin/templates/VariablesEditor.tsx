import { ActionIcon, Badge, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { addVariable } from '#shared/templates/variables.ts';

interface VariablesEditorProps {
  variables: string[];
  onChange: (variables: string[]) => void;
  /** Fills the list from the `{{tags}}` in the HTML. */
  onExtract: () => void;
  /** Puts `{{name}}` at the editor's cursor. */
  onInsert: (name: string) => void;
  error?: string | undefined;
}

/** The template's variable list: add by name (no duplicates), remove, extract, insert. */
export function VariablesEditor({ variables, onChange, onExtract, onInsert, error }: VariablesEditorProps) {
  const [name, setName] = useState('');
  const [addError, setAddError] = useState<string | null>(null);

  const add = () => {
    const result = addVariable(variables, name);
    if (!result.ok) {
      setAddError(result.error);
      return;
    }
    setAddError(null);
    setName('');
    onChange(result.list);
  };

  return (
    <Stack gap="xs">
      <Group justify="space-between" align="center">
        <Title order={2} size="h5">
          Variables
        </Title>
        <Button size="xs" variant="light" onClick={onExtract}>
          Extract
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        Click a variable to insert it at the cursor in the HTML. Extract finds every {'{{name}}'} in the HTML.
      </Text>
      <Group align="flex-start" gap="xs">
        <TextInput
          label="Variable name"
          placeholder="first_name"
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setAddError(null);
          }}
          onKeyDown={(event) => {
            // Enter adds the variable instead of submitting the whole template form.
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          error={addError ?? error}
          style={{ flexGrow: 1 }}
        />
        <Button variant="default" onClick={add} mt={25}>
          Add variable
        </Button>
      </Group>
      {variables.length === 0 ? (
        <Text size="sm" c="dimmed">
          No variables yet.
        </Text>
      ) : (
        <Group gap={6} role="list" aria-label="Template variables">
          {variables.map((variable) => (
            <Badge
              key={variable}
              role="listitem"
              variant="light"
              tt="none"
              size="lg"
              styles={{ label: { display: 'flex', alignItems: 'center', gap: 4 } }}
            >
              <Button
                variant="transparent"
                size="compact-xs"
                p={0}
                onClick={() => onInsert(variable)}
                aria-label={`Insert {{${variable}}}`}
              >
                {`{{${variable}}}`}
              </Button>
              <ActionIcon
                size="xs"
                variant="transparent"
                aria-label={`Remove variable ${variable}`}
                onClick={() => onChange(variables.filter((v) => v !== variable))}
              >
                ×
              </ActionIcon>
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}
