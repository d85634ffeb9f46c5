import { Alert, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type ContactImportView, IMPORT_STATUS_LABELS } from '#shared/contacts/import.ts';
import { DownloadError, downloadCsv } from '../lists/download.ts';
import { errorMessage } from '../widgets/errors.ts';
import { formatCount } from '../widgets/format.ts';
import { ButtonLink } from '../widgets/links.tsx';
import { useTRPC } from '../../trpc.ts';
import { notifyError, notifySuccess } from '../widgets/notify.ts';

/** An import started: its progress while the job runs, then its results and rejected rows. */
export function ImportProgressStep({
  importView,
  onRestart,
}: {
  importView: ContactImportView;
  onRestart: () => void;
}) {
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
      notifySuccess(`Downloaded ${rowCount} rejected row${rowCount === 1 ? '' : 's'}`);
    } catch (error) {
      notifyError(error instanceof DownloadError ? error.message : errorMessage(error));
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
          {!active && importView.contacts > 0 && (
            <ButtonLink to="/admin/contacts" search={{ import: importView.id }}>
              {`View ${formatCount(importView.contacts)} contact${importView.contacts === 1 ? '' : 's'}`}
            </ButtonLink>
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
