import {
  Alert,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  Progress,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CONSENT_BASIS_LABELS, consentBases, consentEvidenceSchema } from '#shared/contacts/consent.ts';
import {
  type ContactImportView,
  DRY_RUN_ROWS_SHOWN,
  type DryRunResult,
  guessMapping,
  IMPORT_FIELD_LABELS,
  IMPORT_MESSAGES,
  IMPORT_STATUS_LABELS,
  IMPORT_UPLOAD_PATH,
  type ImportField,
  importFields,
  type ImportUploadResult,
  MAX_IMPORT_BYTES,
  SKIP_REASON_LABELS,
} from '#shared/contacts/import.ts';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { errorMessage } from '../widgets/errors.ts';
import { formatCount } from '../widgets/format.ts';
import { DownloadError, downloadCsv } from '../lists/download.ts';
import { useTRPC } from '../../trpc.ts';
import { ContactsTabs } from './ContactsTabs.tsx';

// Admin → Contacts → Import (decision 035): upload or paste, map the columns and choose the consent
// basis, see the dry run, then run it as a job with a progress bar, and download the rejected rows.

interface ImportPageProps {
  importId: string | undefined;
  onImportChange: (id: string | undefined) => void;
}

export function ImportPage({ importId, onImportChange }: ImportPageProps) {
  useDocumentTitle(`Import contacts | ${ADMIN_TITLE}`);
  return (
    <Stack>
      <ContactsTabs current="/admin/contacts/import" />
      <Title order={1}>Import contacts</Title>
      {importId ? (
        <ImportSteps key={importId} id={importId} onRestart={() => onImportChange(undefined)} />
      ) : (
        <UploadStep onUploaded={onImportChange} />
      )}
    </Stack>
  );
}

async function uploadCsv(text: string, fileName: string | null): Promise<ImportUploadResult> {
  const query = fileName ? `?name=${encodeURIComponent(fileName.slice(0, 255))}` : '';
  const res = await fetch(`${IMPORT_UPLOAD_PATH}${query}`, {
    method: 'POST',
    credentials: 'same-origin',
    // The CSRF check every admin write passes (server/http/csrf.ts).
    headers: { 'content-type': 'text/csv', 'x-csrf-protection': '1' },
    body: text,
  });
  const body = (await res.json().catch(() => ({}))) as { id?: string; error?: string };
  if (!res.ok || !body.id) throw new Error(body.error ?? IMPORT_MESSAGES.unreadable);
  return { id: body.id };
}

function UploadStep({ onUploaded }: { onUploaded: (id: string) => void }) {
  const [mode, setMode] = useState<'file' | 'paste'>('file');
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  const upload = useMutation({
    mutationFn: async () => {
      if (mode === 'file') {
        if (!file) throw new Error('Choose a CSV file');
        if (file.size > MAX_IMPORT_BYTES) throw new Error(IMPORT_MESSAGES.tooLarge);
        return uploadCsv(await file.text(), file.name);
      }
      if (text.trim() === '') throw new Error('Paste the CSV text, header row first');
      return uploadCsv(text, null);
    },
    onSuccess: (result) => onUploaded(result.id),
  });
  return (
    <Card withBorder radius="md">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          upload.mutate();
        }}
      >
        <Stack>
          <Text size="sm">
            A CSV with a header row: one contact a row, with at least an e-mail column. Nothing is imported
            until you have seen the dry run and started the import.
          </Text>
          <SegmentedControl
            aria-label="How to provide the CSV"
            value={mode}
            onChange={(value) => setMode(value === 'paste' ? 'paste' : 'file')}
            data={[
              { value: 'file', label: 'Upload a file' },
              { value: 'paste', label: 'Paste text' },
            ]}
            w="fit-content"
          />
          {mode === 'file' ? (
            <FileInput
              label="CSV file"
              placeholder="Choose a .csv file"
              accept=".csv,text/csv"
              value={file}
              onChange={setFile}
              clearable
            />
          ) : (
            <Textarea
              label="CSV text"
              description="Header row first, e.g. Email,Name,Phone"
              autosize
              minRows={6}
              maxRows={16}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
            />
          )}
          {upload.isError && (
            <Alert color="red" role="alert">
              {errorMessage(upload.error)}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={upload.isPending}>
              Continue to column mapping
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

type MappingState = Record<ImportField, string | null>;

function ImportSteps({ id, onRestart }: { id: string; onRestart: () => void }) {
  const trpc = useTRPC();
  const view = useQuery(
    trpc.admin.contactImports.get.queryOptions(
      { id },
      {
        retry: false,
        // Progress while the worker runs.
        refetchInterval: (query) =>
          query.state.data && ['queued', 'running'].includes(query.state.data.status) ? 1000 : false,
      },
    ),
  );
  if (view.isPending) return <Text c="dimmed">Loading the import…</Text>;
  if (view.isError)
    return (
      <Stack align="flex-start">
        <Alert color="red">{errorMessage(view.error)}</Alert>
        <Button variant="default" onClick={onRestart}>
          Start a new import
        </Button>
      </Stack>
    );
  if (view.data.status === 'draft') return <MappingStep importView={view.data} onRestart={onRestart} />;
  return <ProgressStep importView={view.data} onRestart={onRestart} />;
}

function MappingStep({ importView, onRestart }: { importView: ContactImportView; onRestart: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const guessed = guessMapping(importView.headers);
  const [mapping, setMapping] = useState<MappingState>(() => {
    const initial = {} as MappingState;
    for (const field of importFields)
      initial[field] = guessed[field] === undefined ? null : String(guessed[field]);
    return initial;
  });
  const [basis, setBasis] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [obtainedOn, setObtainedOn] = useState('');
  const [dryRun, setDryRun] = useState<DryRunResult | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const columnOptions = importView.headers.map((header, index) => ({
    value: String(index),
    label: header || `Column ${index + 1}`,
  }));

  const settings = () => {
    if (mapping.email === null) throw new Error(IMPORT_MESSAGES.emailColumnRequired);
    const column = (value: string | null) => (value === null ? null : Number(value));
    let consent = null;
    if (basis !== null && basis !== 'none') {
      const parsed = consentEvidenceSchema.safeParse({ basis, note, obtainedOn });
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'Check the consent evidence');
      consent = parsed.data;
    }
    return {
      id: importView.id,
      mapping: {
        email: Number(mapping.email),
        fullName: column(mapping.fullName),
        phone: column(mapping.phone),
        emailConsent: column(mapping.emailConsent),
        smsConsent: column(mapping.smsConsent),
      },
      consent,
    };
  };

  const runDry = useMutation(
    trpc.admin.contactImports.dryRun.mutationOptions({ onSuccess: (result) => setDryRun(result) }),
  );
  const start = useMutation(
    trpc.admin.contactImports.start.mutationOptions({
      onSuccess: () =>
        queryClient.invalidateQueries({
          queryKey: trpc.admin.contactImports.get.queryKey({ id: importView.id }),
        }),
    }),
  );

  const submitDryRun = () => {
    setFormError(null);
    try {
      runDry.mutate(settings());
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
              withAsterisk={field === 'email'}
              data={columnOptions}
              value={mapping[field]}
              clearable={field !== 'email'}
              onChange={(value) => {
                setMapping((current) => ({ ...current, [field]: value }));
                setDryRun(null);
              }}
            />
          ))}
        </SimpleGrid>
        {importView.preview.length > 0 && (
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
        )}
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
            withAsterisk
            data={[
              { value: 'none', label: 'No consent: add the contacts without marketing' },
              ...consentBases.map((value) => ({ value, label: CONSENT_BASIS_LABELS[value] })),
            ]}
            value={basis}
            allowDeselect={false}
            onChange={(value) => {
              setBasis(value);
              setDryRun(null);
            }}
          />
          {basis !== null && basis !== 'none' && (
            <>
              <Textarea
                label="Source note"
                description="Where the consent is recorded, e.g. 'Signed consent forms, 2019–2025, filed in the office'"
                withAsterisk
                autosize
                minRows={2}
                maxLength={500}
                value={note}
                onChange={(event) => {
                  setNote(event.currentTarget.value);
                  setDryRun(null);
                }}
              />
              <TextInput
                label="Date the consent was obtained"
                type="date"
                withAsterisk
                value={obtainedOn}
                onChange={(event) => {
                  setObtainedOn(event.currentTarget.value);
                  setDryRun(null);
                }}
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

      {dryRun && (
        <Card withBorder radius="md">
          <Title order={2} size="h4" mb="xs">
            3. Dry run
          </Title>
          <DryRunCounts counts={dryRun.counts} />
          <Table.ScrollContainer minWidth={600} mt="md">
            <Table striped fz="sm" aria-label="Dry run rows">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Row</Table.Th>
                  <Table.Th>E-mail</Table.Th>
                  <Table.Th>Outcome</Table.Th>
                  <Table.Th>Reason</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {dryRun.rows.map((row) => (
                  <Table.Tr key={row.row}>
                    <Table.Td>{row.row}</Table.Td>
                    <Table.Td>{row.email || '—'}</Table.Td>
                    <Table.Td>
                      <OutcomeBadge outcome={row.outcome} />
                    </Table.Td>
                    <Table.Td>{row.reason ? SKIP_REASON_LABELS[row.reason] : ''}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {dryRun.totalRows > DRY_RUN_ROWS_SHOWN && (
            <Text size="sm" c="dimmed">
              The first {DRY_RUN_ROWS_SHOWN} rows are listed; the counts cover all{' '}
              {formatCount(dryRun.totalRows)}.
            </Text>
          )}
          {start.isError && (
            <Alert color="red" role="alert" mt="sm">
              {errorMessage(start.error)}
            </Alert>
          )}
          <Group mt="md">
            <Button onClick={() => start.mutate({ id: importView.id })} loading={start.isPending}>
              {`Import ${formatCount(dryRun.counts.create + dryRun.counts.update)} contacts`}
            </Button>
          </Group>
        </Card>
      )}
    </Stack>
  );
}

const OUTCOME_LABELS = { create: 'Create', update: 'Update', unchanged: 'Unchanged', skip: 'Skip' } as const;
const OUTCOME_COLORS = { create: 'green', update: 'blue', unchanged: 'gray', skip: 'red' } as const;

function OutcomeBadge({ outcome }: { outcome: keyof typeof OUTCOME_LABELS }) {
  return (
    <Badge variant="light" color={OUTCOME_COLORS[outcome]}>
      {OUTCOME_LABELS[outcome]}
    </Badge>
  );
}

function DryRunCounts({ counts }: { counts: DryRunResult['counts'] }) {
  return (
    <Group gap="lg" aria-label="Dry run summary">
      <Text size="sm">Create: {formatCount(counts.create)}</Text>
      <Text size="sm">Update: {formatCount(counts.update)}</Text>
      <Text size="sm">Unchanged: {formatCount(counts.unchanged)}</Text>
      <Text size="sm">Skip: {formatCount(counts.skip)}</Text>
    </Group>
  );
}

function ProgressStep({ importView, onRestart }: { importView: ContactImportView; onRestart: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [downloading, setDownloading] = useState(false);
  const cancel = useMutation(
    trpc.admin.contactImports.cancel.mutationOptions({
      onSuccess: () =>
        queryClient.invalidateQueries({
          queryKey: trpc.admin.contactImports.get.queryKey({ id: importView.id }),
        }),
    }),
  );
  const active = importView.status === 'queued' || importView.status === 'running';
  const percent =
    importView.totalRows === 0 ? 0 : Math.round((importView.processedRows / importView.totalRows) * 100);

  const downloadReport = async () => {
    setDownloading(true);
    try {
      const { rowCount } = await downloadCsv(
        `/api/admin/exports/contact-imports/${importView.id}/rejected.csv`,
        'import-rejected-rows.csv',
      );
      notifications.show({
        color: 'green',
        message: `Downloaded ${rowCount} rejected row${rowCount === 1 ? '' : 's'}`,
      });
    } catch (error) {
      notifications.show({
        color: 'red',
        message: error instanceof DownloadError ? error.message : errorMessage(error),
      });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card withBorder radius="md">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4">
            {IMPORT_STATUS_LABELS[importView.status]}
          </Title>
          <Text size="sm" c="dimmed">
            {formatCount(importView.processedRows)} of {formatCount(importView.totalRows)} rows
          </Text>
        </Group>
        <Progress
          value={percent}
          animated={active}
          aria-label="Import progress"
          color={importView.status === 'failed' ? 'red' : importView.status === 'cancelled' ? 'gray' : 'blue'}
        />
        <Group gap="lg" aria-label="Import results">
          <Text size="sm">Created: {formatCount(importView.created)}</Text>
          <Text size="sm">Updated: {formatCount(importView.updated)}</Text>
          <Text size="sm">Unchanged: {formatCount(importView.unchanged)}</Text>
          <Text size="sm">Rejected: {formatCount(importView.rejected)}</Text>
        </Group>
        {importView.error && <Alert color="red">{importView.error}</Alert>}
        {importView.status === 'cancelled' && (
          <Alert color="gray">Cancelled: the rows imported before the cancel stay imported.</Alert>
        )}
        <Group>
          {active && (
            <Button
              color="red"
              variant="light"
              onClick={() => cancel.mutate({ id: importView.id })}
              loading={cancel.isPending}
              disabled={importView.cancelRequested}
            >
              {importView.cancelRequested ? 'Cancelling…' : 'Cancel import'}
            </Button>
          )}
          {!active && importView.rejected > 0 && (
            <Button variant="default" onClick={() => void downloadReport()} loading={downloading}>
              Download rejected rows (CSV)
            </Button>
          )}
          {!active && (
            <Button variant="subtle" onClick={onRestart}>
              Import another file
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
