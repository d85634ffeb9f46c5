import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { errorMessage } from '../widgets/errors.ts';
import { useTRPC } from '../../trpc.ts';
import { ContactsTabs } from './ContactsTabs.tsx';
import { ImportMappingStep } from './ImportMappingStep.tsx';
import { ImportProgressStep } from './ImportProgressStep.tsx';
import { ImportUploadStep } from './ImportUploadStep.tsx';

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
        <ImportUploadStep onUploaded={onImportChange} />
      )}
    </Stack>
  );
}

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
  if (view.data.status === 'draft') return <ImportMappingStep importView={view.data} onRestart={onRestart} />;
  return <ImportProgressStep importView={view.data} onRestart={onRestart} />;
}
