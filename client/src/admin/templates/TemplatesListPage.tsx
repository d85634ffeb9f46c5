import {
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TemplateListSearchParams } from '#shared/admin/search-params.ts';
import { templateWritePermission } from '#shared/auth/permissions.ts';
import { NO_TEMPLATES_MESSAGE, type TemplateDto } from '#shared/templates/schemas.ts';
import { useCan } from '../auth/session.ts';
import { ListPage } from '../lists/ListPage.tsx';
import { ListSearchInput } from '../lists/ListSearchInput.tsx';
import { useListPage } from '../lists/useListPage.ts';
import { ConfirmDialog } from '../widgets/ConfirmDialog.tsx';
import { useDisplayTime } from '../widgets/display-time.tsx';
import { ButtonLink } from '../widgets/links.tsx';
import { useTRPC } from '../../trpc.ts';
import { notifyError, notifySuccess } from '../widgets/notify.ts';

/**
 * /admin/templates: the marketing template library (campaigns) or the reply templates (replies to
 * sellers from an enquiry, decision 026), as a grid of cards. The library and the search live in
 * the URL.
 */
export function TemplatesListPage({
  search,
  onSearchChange,
}: {
  search: TemplateListSearchParams;
  onSearchChange: (next: TemplateListSearchParams) => void;
}) {
  const { formatDate } = useDisplayTime();
  const can = useCan();
  // A role without the library (the Buyer) has the reply templates only (decision 027).
  const readsLibrary = can('templates.read');
  const kind = readsLibrary ? (search.kind ?? 'marketing') : 'reply';
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useListPage({ search, onSearchChange });
  const [toDelete, setToDelete] = useState<TemplateDto | null>(null);

  const templates = useQuery(
    trpc.admin.templates.list.queryOptions(list.applied ? { search: list.applied, kind } : { kind }),
  );
  const invalidate = () => queryClient.invalidateQueries({ queryKey: trpc.admin.templates.list.queryKey() });

  const duplicate = useMutation(
    trpc.admin.templates.duplicate.mutationOptions({
      onSuccess: async () => {
        notifySuccess('Template duplicated');
        await invalidate();
      },
      onError: (error) => notifyError(error, { title: 'Failed to duplicate template' }),
    }),
  );
  const remove = useMutation(
    trpc.admin.templates.delete.mutationOptions({
      onSuccess: async () => {
        notifySuccess('Template deleted');
        setToDelete(null);
        await invalidate();
      },
      onError: (error) => notifyError(error, { title: 'Failed to delete template' }),
    }),
  );

  // A Viewer reads the library; a Marketer writes marketing templates, a Buyer reply ones; the
  // server refuses the rest anyway (decision 027).
  const canWrite = can(templateWritePermission(kind));

  return (
    <ListPage
      title={kind === 'reply' ? 'Reply Templates' : 'Marketing Templates'}
      actions={
        canWrite && (
          <ButtonLink to="/admin/templates/new" search={kind === 'reply' ? { kind: 'reply' } : {}}>
            New Template
          </ButtonLink>
        )
      }
      intro={
        <>
          <Text c="dimmed">
            {kind === 'reply'
              ? 'Replies to sellers, sent from an enquiry.'
              : 'Reusable email designs for your campaigns.'}
          </Text>
          {readsLibrary && (
            <SegmentedControl
              aria-label="Template kind"
              value={kind}
              onChange={(value) => list.setFilters({ kind: value === 'reply' ? 'reply' : undefined })}
              data={[
                { value: 'marketing', label: 'Marketing' },
                { value: 'reply', label: 'Reply' },
              ]}
              maw={300}
            />
          )}
        </>
      }
      activeFilters={list.activeFilters}
      filters={
        <ListSearchInput
          label="Search templates"
          placeholder="Search by name, subject or description..."
          w={420}
          term={list.term}
          onSearch={list.setSearch}
          minLength={1}
        />
      }
      errors={[templates.error]}
      errorTitle="Could not load templates"
    >
      {templates.isPending && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true" aria-label="Loading templates">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={180} radius="md" />
          ))}
        </SimpleGrid>
      )}
      {templates.data?.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          {NO_TEMPLATES_MESSAGE}
        </Text>
      )}
      {templates.data && templates.data.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {templates.data.map((template) => (
            <Card key={template.id} withBorder radius="md" padding="lg" component="article">
              <Stack gap="xs" style={{ flexGrow: 1 }}>
                <Title order={2} size="h4">
                  {template.templateName}
                </Title>
                <Text size="sm">
                  <Text span fw={500}>
                    Subject:
                  </Text>{' '}
                  {template.subject}
                </Text>
                {template.description && (
                  <Text size="sm" c="dimmed" lineClamp={2}>
                    {template.description}
                  </Text>
                )}
                {template.variables.length > 0 && (
                  <Group gap={4} aria-label="Variables">
                    {template.variables.map((name) => (
                      <Badge key={name} variant="light" tt="none">{`{{${name}}}`}</Badge>
                    ))}
                  </Group>
                )}
                <Text size="xs" c="dimmed">
                  Created {formatDate(template.createdAt)}
                </Text>
              </Stack>
              <Group gap="xs" mt="md">
                <ButtonLink
                  size="xs"
                  variant="default"
                  to="/admin/templates/$id/preview"
                  params={{ id: template.id }}
                  aria-label={`Preview ${template.templateName}`}
                >
                  Preview
                </ButtonLink>
                {canWrite && (
                  <>
                    <ButtonLink
                      size="xs"
                      variant="default"
                      to="/admin/templates/$id/edit"
                      params={{ id: template.id }}
                      aria-label={`Edit ${template.templateName}`}
                    >
                      Edit
                    </ButtonLink>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => duplicate.mutate({ id: template.id })}
                      loading={duplicate.isPending && duplicate.variables.id === template.id}
                      aria-label={`Duplicate ${template.templateName}`}
                    >
                      Duplicate
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      aria-haspopup="dialog"
                      onClick={() => setToDelete(template)}
                      aria-label={`Delete ${template.templateName}`}
                    >
                      Delete
                    </Button>
                  </>
                )}
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}

      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete template?"
        confirmLabel="Delete"
        cancelLabel="Cancel"
        loading={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate({ id: toDelete.id })}
      >
        {`"${toDelete?.templateName ?? ''}" will be deleted. Campaigns made from it keep their own copy.`}
      </ConfirmDialog>
    </ListPage>
  );
}
