import {
  Alert,
  Button,
  Card,
  FileInput,
  Group,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import {
  IMPORT_MESSAGES,
  IMPORT_UPLOAD_PATH,
  type ImportUploadResult,
  MAX_IMPORT_BYTES,
} from '#shared/contacts/import.ts';
import { errorMessage } from '../widgets/errors.ts';

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

/** Step 0 of an import: the CSV, uploaded as a file or pasted. */
export function ImportUploadStep({ onUploaded }: { onUploaded: (id: string) => void }) {
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
