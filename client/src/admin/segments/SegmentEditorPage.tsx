import {
  Alert,
  Button,
  Card,
  Grid,
  Group,
  Loader,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import {
  type ConditionKind,
  MAX_CONDITIONS,
  type SegmentConditionInput,
  segmentDefinitionSchema,
  type SegmentMatch,
  segmentNameSchema,
  type SegmentSummary,
} from '#shared/segments/schema.ts';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { useCan } from '../auth/session.ts';
import { ConfirmDialog } from '../widgets/ConfirmDialog.tsx';
import { errorCode, errorMessage } from '../widgets/errors.ts';
import { formatCount, formatDate } from '../widgets/format.ts';
import { AnchorLink } from '../widgets/links.tsx';
import { ContactsTabs } from '../contacts/ContactsTabs.tsx';
import { useTRPC } from '../../trpc.ts';
import { ConditionFields, emptyCondition, KIND_LABELS } from './ConditionFields.tsx';

/** Typing pauses this long before the live count asks the server again. */
const PREVIEW_DEBOUNCE_MS = 300;

/** /admin/contacts/segments/$id (`new` for a new one). */
export function SegmentEditorPage({ id }: { id: string | null }) {
  useDocumentTitle(`${id ? 'Edit segment' : 'New segment'} | ${ADMIN_TITLE}`);
  const trpc = useTRPC();
  const segment = useQuery(trpc.admin.segments.get.queryOptions(id ? { id } : skipToken, { retry: false }));
  if (!id) return <SegmentEditor />;
  if (segment.isPending) return <Loader aria-label="Loading segment" />;
  if (segment.isError) {
    const code = errorCode(segment.error);
    return (
      <Stack align="flex-start">
        <Alert color={code === 'NOT_FOUND' || code === 'BAD_REQUEST' ? 'yellow' : 'red'}>
          {errorMessage(segment.error)}
        </Alert>
        <AnchorLink to="/admin/contacts/segments">Back to Segments</AnchorLink>
      </Stack>
    );
  }
  return <SegmentEditor key={segment.data.id} segment={segment.data} />;
}

/** Schema messages by condition index and field, for the fields to show. */
function conditionErrors(conditions: SegmentConditionInput[], match: SegmentMatch) {
  const result = segmentDefinitionSchema.safeParse({ match, conditions });
  const byCondition: Array<Record<string, string>> = conditions.map(() => ({}));
  let general: string | null = null;
  for (const issue of result.error?.issues ?? []) {
    const [root, index, field] = issue.path;
    if (root === 'conditions' && typeof index === 'number' && typeof field === 'string') {
      const slot = byCondition[index];
      if (slot && !slot[field]) slot[field] = issue.message;
    } else general ??= issue.message;
  }
  return { valid: result.success, definition: result.data ?? null, byCondition, general };
}

function SegmentEditor({ segment }: { segment?: SegmentSummary }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const can = useCan();
  const readOnly = !can('segments.write');

  const [name, setName] = useState(segment?.name ?? '');
  const [match, setMatch] = useState<SegmentMatch>(segment?.match ?? 'all');
  const [conditions, setConditions] = useState<SegmentConditionInput[]>(
    segment?.conditions ?? [emptyCondition('consent')],
  );
  const [submitted, setSubmitted] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [addKind, setAddKind] = useState<ConditionKind | null>(null);

  const checked = useMemo(() => conditionErrors(conditions, match), [conditions, match]);
  const nameError = segmentNameSchema.safeParse(name).error?.issues[0]?.message;
  const [debounced] = useDebouncedValue(checked.definition, PREVIEW_DEBOUNCE_MS);
  const preview = useQuery(
    trpc.admin.segments.preview.queryOptions(debounced ?? skipToken, { placeholderData: keepPreviousData }),
  );

  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.admin.segments.pathKey() });
  const save = useMutation(
    trpc.admin.segments.save.mutationOptions({
      onSuccess: async (saved) => {
        notifications.show({ color: 'green', message: segment ? 'Segment updated' : 'Segment created' });
        await refresh();
        if (!segment)
          await navigate({ to: '/admin/contacts/segments/$id', params: { id: saved.id }, replace: true });
      },
      onError: (error) =>
        notifications.show({ color: 'red', message: `Failed to save segment: ${errorMessage(error)}` }),
    }),
  );
  const remove = useMutation(
    trpc.admin.segments.delete.mutationOptions({
      onSuccess: async () => {
        setConfirmDelete(false);
        notifications.show({ color: 'green', message: 'Segment deleted' });
        await refresh();
        await navigate({ to: '/admin/contacts/segments' });
      },
      onError: (error) => {
        setConfirmDelete(false);
        notifications.show({ color: 'red', message: `Failed to delete segment: ${errorMessage(error)}` });
      },
    }),
  );

  const submit = () => {
    setSubmitted(true);
    if (nameError || !checked.definition) return;
    save.mutate({ ...(segment ? { id: segment.id } : {}), name, ...checked.definition });
  };
  const update = (index: number, next: SegmentConditionInput) =>
    setConditions((current) => current.map((c, i) => (i === index ? next : c)));

  return (
    <Stack>
      <ContactsTabs current="/admin/contacts/segments" />
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{segment ? segment.name : 'New segment'}</Title>
        <AnchorLink to="/admin/contacts/segments">Back to Segments</AnchorLink>
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack>
            <TextInput
              label="Segment name"
              required
              value={name}
              readOnly={readOnly}
              error={submitted ? nameError : undefined}
              onChange={(e) => setName(e.currentTarget.value)}
              maw={420}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="segment-match-label">
                Contacts must match
              </Text>
              <SegmentedControl
                aria-labelledby="segment-match-label"
                value={match}
                readOnly={readOnly}
                onChange={(value) => setMatch(value === 'any' ? 'any' : 'all')}
                data={[
                  { value: 'all', label: 'All conditions' },
                  { value: 'any', label: 'Any condition' },
                ]}
                w={300}
              />
            </Stack>
            {conditions.map((condition, index) => (
              <ConditionFields
                key={index}
                index={index}
                condition={condition}
                errors={
                  submitted || checked.byCondition[index]?.from ? (checked.byCondition[index] ?? {}) : {}
                }
                readOnly={readOnly}
                onChange={(next) => update(index, next)}
                onRemove={() => setConditions((current) => current.filter((_, i) => i !== index))}
              />
            ))}
            {submitted && checked.general && (
              <Text c="red" size="sm" role="alert">
                {checked.general}
              </Text>
            )}
            {!readOnly && (
              <Group align="flex-end">
                <Select
                  label="Add a condition"
                  placeholder="Choose a kind"
                  data={Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }))}
                  value={addKind}
                  onChange={(value) =>
                    setAddKind((Object.keys(KIND_LABELS) as ConditionKind[]).find((k) => k === value) ?? null)
                  }
                  w={260}
                />
                <Button
                  variant="default"
                  disabled={!addKind || conditions.length >= MAX_CONDITIONS}
                  onClick={() => {
                    if (!addKind) return;
                    setConditions((current) => [...current, emptyCondition(addKind)]);
                    setAddKind(null);
                  }}
                >
                  Add condition
                </Button>
              </Group>
            )}
            {!readOnly && (
              <Group>
                <Button onClick={submit} loading={save.isPending}>
                  Save segment
                </Button>
                {segment && (
                  <Button variant="default" color="red" onClick={() => setConfirmDelete(true)}>
                    Delete
                  </Button>
                )}
              </Group>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <SegmentPreviewCard
            valid={checked.valid}
            loading={preview.isFetching}
            data={debounced ? preview.data : undefined}
            error={preview.isError ? errorMessage(preview.error) : null}
          />
        </Grid.Col>
      </Grid>
      {segment && (
        <ConfirmDialog
          opened={confirmDelete}
          title="Delete segment?"
          confirmLabel="Delete segment"
          loading={remove.isPending}
          onClose={() => setConfirmDelete(false)}
          onConfirm={() => remove.mutate({ id: segment.id })}
        >
          <Text size="sm">
            "{segment.name}" will be deleted. Campaigns already sent keep the conditions they were sent with;
            a draft or scheduled campaign using it must choose another audience first.
          </Text>
        </ConfirmDialog>
      )}
    </Stack>
  );
}

function SegmentPreviewCard({
  valid,
  loading,
  data,
  error,
}: {
  valid: boolean;
  loading: boolean;
  data:
    | {
        audience: number;
        cannotReceive: number;
        members: Array<{ id: string; email: string; fullName: string | null; createdAt: string }>;
      }
    | undefined;
  error: string | null;
}) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="segment-preview-title">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={500} id="segment-preview-title">
            Audience
          </Text>
          {loading && <Loader size="xs" aria-label="Counting" />}
        </Group>
        {!valid && (
          <Text size="sm" c="dimmed">
            Complete the conditions to see who matches.
          </Text>
        )}
        {error && <Alert color="red">{error}</Alert>}
        <div aria-live="polite">
          <Text size="xl" fw={700} data-testid="segment-audience-count">
            {data ? formatCount(data.audience) : '…'}
          </Text>
          <Text size="sm" c="dimmed">
            contacts who may receive marketing
          </Text>
          {data && data.cannotReceive > 0 && (
            <Text size="sm" mt={4} data-testid="segment-cannot-receive">
              {formatCount(data.cannotReceive)} more match but cannot receive marketing (no consent,
              unsubscribed or suppressed)
            </Text>
          )}
        </div>
        {data && data.members.length > 0 && (
          <Table verticalSpacing={4} aria-label="First matching contacts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Email</Table.Th>
                <Table.Th>Joined</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.members.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>
                    <AnchorLink to="/admin/contacts/$id" params={{ id: m.id }} size="sm">
                      {m.email}
                    </AnchorLink>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDate(m.createdAt)}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}
