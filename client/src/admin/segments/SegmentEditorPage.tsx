import {
  Alert,
  Button,
  Grid,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import type { SegmentSummary } from '#shared/segments/schema.ts';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { useCan } from '../auth/session.ts';
import { ConfirmDialog } from '../widgets/ConfirmDialog.tsx';
import { errorCode, errorMessage } from '../widgets/errors.ts';
import { AnchorLink } from '../widgets/links.tsx';
import { ContactsTabs } from '../contacts/ContactsTabs.tsx';
import { useTRPC } from '../../trpc.ts';
import { checkSegment, useSegmentForm } from './segment-form.ts';
import { SegmentConditionsList } from './SegmentConditionsList.tsx';
import { SegmentPreviewCard } from './SegmentPreviewCard.tsx';
import { notifyError, notifySuccess } from '../widgets/notify.ts';

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

function SegmentEditor({ segment }: { segment?: SegmentSummary }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const can = useCan();
  const readOnly = !can('segments.write');

  const form = useSegmentForm(segment);
  const [submitted, setSubmitted] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const checked = useMemo(() => checkSegment(form.values), [form.values]);
  const [debounced] = useDebouncedValue(checked.definition, PREVIEW_DEBOUNCE_MS);
  const preview = useQuery(
    trpc.admin.segments.preview.queryOptions(debounced ?? skipToken, { placeholderData: keepPreviousData }),
  );

  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.admin.segments.pathKey() });
  const save = useMutation(
    trpc.admin.segments.save.mutationOptions({
      onSuccess: async (saved) => {
        notifySuccess(segment ? 'Segment updated' : 'Segment created');
        await refresh();
        if (!segment)
          await navigate({ to: '/admin/contacts/segments/$id', params: { id: saved.id }, replace: true });
      },
      onError: (error) => notifyError(`Failed to save segment: ${errorMessage(error)}`),
    }),
  );
  const remove = useMutation(
    trpc.admin.segments.delete.mutationOptions({
      onSuccess: async () => {
        setConfirmDelete(false);
        notifySuccess('Segment deleted');
        await refresh();
        await navigate({ to: '/admin/contacts/segments' });
      },
      onError: (error) => {
        setConfirmDelete(false);
        notifyError(`Failed to delete segment: ${errorMessage(error)}`);
      },
    }),
  );

  const submit = () => {
    setSubmitted(true);
    if (checked.nameError || !checked.definition) return;
    save.mutate({ ...(segment ? { id: segment.id } : {}), name: form.values.name, ...checked.definition });
  };

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
              readOnly={readOnly}
              {...form.getInputProps('name')}
              error={submitted ? checked.nameError : undefined}
              maw={420}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="segment-match-label">
                Contacts must match
              </Text>
              <SegmentedControl
                aria-labelledby="segment-match-label"
                value={form.values.match}
                readOnly={readOnly}
                onChange={(value) => form.setFieldValue('match', value === 'any' ? 'any' : 'all')}
                data={[
                  { value: 'all', label: 'All conditions' },
                  { value: 'any', label: 'Any condition' },
                ]}
                w={300}
              />
            </Stack>
            <SegmentConditionsList form={form} checked={checked} submitted={submitted} readOnly={readOnly} />
            {!readOnly && (
              <Group>
                <Button onClick={submit} loading={save.isPending}>
                  Save segment
                </Button>
                {segment && (
                  <Button
                    variant="default"
                    color="red"
                    aria-haspopup="dialog"
                    onClick={() => setConfirmDelete(true)}
                  >
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
