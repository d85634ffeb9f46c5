import { Alert, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DRY_RUN_ROWS_SHOWN, type DryRunResult, SKIP_REASON_LABELS } from '#shared/contacts/import.ts';
import { errorMessage } from '../widgets/errors.ts';
import { formatCount } from '../widgets/format.ts';
import { useTRPC } from '../../trpc.ts';

/** Step 3 of an import: what the dry run would do, row by row, and the button that starts it. */
export function ImportDryRunCard({ importId, dryRun }: { importId: string; dryRun: DryRunResult }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const start = useMutation(
    trpc.admin.contactImports.start.mutationOptions({
      onSuccess: () =>
        queryClient.invalidateQueries({
          queryKey: trpc.admin.contactImports.get.queryKey({ id: importId }),
        }),
    }),
  );
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4" mb="xs">
        3. Dry run
      </Title>
      <DryRunCounts counts={dryRun.counts} />
      <DryRunConsent consent={dryRun.consent} />
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
          The first {DRY_RUN_ROWS_SHOWN} rows are listed; the counts cover all {formatCount(dryRun.totalRows)}
          .
        </Text>
      )}
      {start.isError && (
        <Alert color="red" role="alert" mt="sm">
          {errorMessage(start.error)}
        </Alert>
      )}
      <Group mt="md">
        <Button onClick={() => start.mutate({ id: importId })} loading={start.isPending}>
          {`Import ${formatCount(dryRun.counts.create + dryRun.counts.update)} contacts`}
        </Button>
      </Group>
    </Card>
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

/** What e-mail marketing the imported contacts will have afterwards (decision 035). */
function DryRunConsent({ consent }: { consent: DryRunResult['consent'] }) {
  return (
    <Stack gap={2} mt="xs">
      <Group gap="lg" aria-label="E-mail marketing after the import">
        <Text size="sm">Subscribed: {formatCount(consent.subscribed)}</Text>
        <Text size="sm">Pending confirmation: {formatCount(consent.pending)}</Text>
        <Text size="sm">Not subscribed: {formatCount(consent.notSubscribed)}</Text>
      </Group>
      {consent.pending > 0 && (
        <Text size="xs" c="dimmed">
          Pending: these contacts asked on the sell form and have not confirmed the link e-mailed to them yet.
          The import sends no e-mail; they become subscribed when they confirm.
        </Text>
      )}
    </Stack>
  );
}
