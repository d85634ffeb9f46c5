import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { nonOpenersCopyInputSchema } from '#shared/campaigns/schemas.ts';
import { errorMessage } from '../widgets/errors.ts';
import { formatCount } from '../widgets/format.ts';
import { useTRPC } from '../../trpc.ts';
import { notifySuccess } from '../widgets/notify.ts';

/**
 * "Send to non-openers" (decision 038): a draft copy with a new subject for the recipients who got
 * the e-mail and did not read it; the admin reviews it in the form before sending.
 */
export function NonOpenersButton({ campaign }: { campaign: { id: string; subject: string } }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="light" aria-haspopup="dialog" onClick={() => setOpened(true)}>
        Send to non-openers
      </Button>
      {opened && <NonOpenersDialog campaign={campaign} onClose={() => setOpened(false)} />}
    </>
  );
}

function NonOpenersDialog({
  campaign,
  onClose,
}: {
  campaign: { id: string; subject: string };
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [subject, setSubject] = useState('');
  const [error, setError] = useState<string | null>(null);
  const count = useQuery(trpc.admin.campaigns.nonOpenersCount.queryOptions({ id: campaign.id }));
  const copy = useMutation(
    trpc.admin.campaigns.copyForNonOpeners.mutationOptions({
      onSuccess: async (draft) => {
        notifySuccess('Draft created for the non-openers');
        await queryClient.invalidateQueries({ queryKey: trpc.admin.campaigns.pathKey() });
        await navigate({ to: '/admin/campaigns/$id/edit', params: { id: draft.id } });
      },
      onError: (cause) => setError(errorMessage(cause)),
    }),
  );
  const submit = () => {
    const parsed = nonOpenersCopyInputSchema.safeParse({ id: campaign.id, subject });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a subject line');
      return;
    }
    setError(null);
    copy.mutate(parsed.data);
  };
  return (
    <Modal opened onClose={onClose} title="Send to non-openers" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack>
          <Text size="sm" c="dimmed">
            A draft copy of this campaign for the recipients who got it and did not open it (machine opens
            don&apos;t count as opens):{' '}
            <Text span fw={600} data-testid="non-openers-count">
              {count.data ? formatCount(count.data.recipients) : '…'}
            </Text>{' '}
            who may still be e-mailed. A new subject gives it a second chance.
          </Text>
          <TextInput
            label="New subject line"
            required
            data-autofocus
            placeholder={campaign.subject}
            value={subject}
            onChange={(event) => {
              setSubject(event.currentTarget.value);
              setError(null);
            }}
            error={error}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" loading={copy.isPending}>
              Create draft
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
