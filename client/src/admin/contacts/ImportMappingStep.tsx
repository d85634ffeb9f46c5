import {
  Alert,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { CONSENT_BASIS_LABELS, consentBases } from '#shared/contacts/consent.ts';
import {
  type ContactImportView,
  type DryRunResult,
  IMPORT_FIELD_LABELS,
  importFields,
  joinName,
} from '#shared/contacts/import.ts';
import { errorMessage } from '../widgets/errors.ts';
import { formatCount } from '../widgets/format.ts';
import { useTRPC } from '../../trpc.ts';
import { ImportDryRunCard } from './ImportDryRunCard.tsx';
import { importSettings, type ImportSettingsValues, initialImportSettings } from './import-settings.ts';
import { DayInput } from '../widgets/DayInput.tsx';

/** Steps 1 and 2 of an uploaded import: map the columns and choose the consent basis, then dry-run. */
export function ImportMappingStep({
  importView,
  onRestart,
}: {
  importView: ContactImportView;
  onRestart: () => void;
}) {
  const trpc = useTRPC();
  const [dryRun, setDryRun] = useState<DryRunResult | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  // Any change makes the last dry run stale: it is hidden until run again.
  const form = useForm<ImportSettingsValues>({
    initialValues: initialImportSettings(importView.headers),
    onValuesChange: () => setDryRun(null),
  });
  const { basis } = form.values;

  const columnOptions = importView.headers.map((header, index) => ({
    value: String(index),
    label: header || `Column ${index + 1}`,
  }));

  const runDry = useMutation(
    trpc.admin.contactImports.dryRun.mutationOptions({ onSuccess: (result) => setDryRun(result) }),
  );

  const submitDryRun = () => {
    setFormError(null);
    try {
      runDry.mutate(importSettings(importView, form.values));
    } catch (error) {
      setFormError(errorMessage(error));
    }
  };

  return (
    <Stack>
      <Card withBorder radius="md">
        <Title order={2} size="h4" mb="xs">
          1. Map the columns
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {importView.fileName ?? 'Pasted text'}: {formatCount(importView.totalRows)} rows under the header.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {importFields.map((field) => (
            <Select
              key={field}
              label={IMPORT_FIELD_LABELS[field]}
              placeholder={field === 'email' ? 'Choose a column' : 'Not imported'}
              required={field === 'email'}
              data={columnOptions}
              clearable={field !== 'email'}
              {...form.getInputProps(`mapping.${field}`)}
            />
          ))}
        </SimpleGrid>
        <JoinedNameHint importView={importView} mapping={form.values.mapping} />
        <FirstRowsTable importView={importView} />
      </Card>

      <Card withBorder radius="md">
        <Title order={2} size="h4" mb="xs">
          2. Consent to e-mail marketing
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          The Spam Act 2003 requires that consent can be shown for each address. Choose the basis the business
          holds for these contacts; each contact that agrees gets a consent record with your note and date. An
          import never re-subscribes a contact who unsubscribed or is suppressed.
        </Text>
        <Stack>
          <Select
            label="Consent basis"
            placeholder="Choose"
            required
            data={[
              { value: 'none', label: 'No consent: add the contacts without marketing' },
              ...consentBases.map((value) => ({ value, label: CONSENT_BASIS_LABELS[value] })),
            ]}
            allowDeselect={false}
            {...form.getInputProps('basis')}
          />
          {basis !== null && basis !== 'none' && (
            <>
              <Textarea
                label="Source note"
                description="Where the consent is recorded, e.g. 'Signed consent forms, 2019–2025, filed in the office'"
                required
                autosize
                minRows={2}
                maxLength={500}
                {...form.getInputProps('note')}
              />
              <DayInput
                label="Date the consent was obtained"
                required
                {...form.getInputProps('obtainedOn')}
              />
            </>
          )}
        </Stack>
      </Card>

      {(formError || runDry.isError) && (
        <Alert color="red" role="alert">
          {formError ?? errorMessage(runDry.error)}
        </Alert>
      )}
      <Group>
        <Button onClick={submitDryRun} loading={runDry.isPending} disabled={basis === null}>
          Dry run
        </Button>
        <Button variant="subtle" onClick={onRestart}>
          Start over with another file
        </Button>
      </Group>

      {dryRun && <ImportDryRunCard importId={importView.id} dryRun={dryRun} />}
    </Stack>
  );
}

/**
 * With the name in two columns, the full name the first row will get (decision 035): the admin sees
 * the columns joined before running anything.
 */
function JoinedNameHint({
  importView,
  mapping,
}: {
  importView: ContactImportView;
  mapping: ImportSettingsValues['mapping'];
}) {
  if (mapping.fullName !== null || (mapping.firstName === null && mapping.lastName === null)) return null;
  const first = importView.preview[0];
  const cell = (column: string | null) =>
    column === null ? null : (first?.[Number(column)]?.trim() ?? null);
  const example = first ? joinName(null, cell(mapping.firstName), cell(mapping.lastName)) : null;
  return (
    <Text size="sm" mt="sm" data-testid="import-joined-name">
      First and last name are joined into the full name
      {example ? `: the first row becomes “${example}”.` : '.'}
    </Text>
  );
}

function FirstRowsTable({ importView }: { importView: ContactImportView }) {
  if (importView.preview.length === 0) return null;
  return (
    <Table.ScrollContainer minWidth={600} mt="md">
      <Table withTableBorder fz="xs" aria-label="First rows of the file">
        <Table.Thead>
          <Table.Tr>
            {importView.headers.map((header, index) => (
              <Table.Th key={index}>{header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {importView.preview.map((row, r) => (
            <Table.Tr key={r}>
              {importView.headers.map((_, c) => (
                <Table.Td key={c}>{row[c] ?? ''}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
