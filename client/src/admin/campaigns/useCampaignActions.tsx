import { Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../widgets/ConfirmDialog.tsx';
import { errorMessage } from '../widgets/errors.ts';
import { useTRPC } from '../../trpc.ts';
import { notifyError, notifySuccess } from '../widgets/notify.ts';

export interface CampaignRef {
  id: string;
  name: string;
}

function failed(action: string, error: unknown) {
  notifyError(`Failed to ${action} campaign: ${errorMessage(error)}`);
}

/**
 * Pause, Resume, Cancel, Duplicate, Delete (and Retry failed) with the spec's toasts, shared by the list's row
 * menu and the details page. Cancel and Delete ask first; `dialogs` must be rendered once.
 */
export function useCampaignActions({ onDeleted }: { onDeleted?: () => void } = {}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.admin.campaigns.pathKey() });
  const [confirmCancel, setConfirmCancel] = useState<CampaignRef | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<CampaignRef | null>(null);

  const pause = useMutation(
    trpc.admin.campaigns.pause.mutationOptions({
      onSuccess: async () => {
        notifySuccess('Campaign paused');
        await refresh();
      },
      onError: (error) => failed('pause', error),
    }),
  );
  const resume = useMutation(
    trpc.admin.campaigns.resume.mutationOptions({
      onSuccess: async () => {
        notifySuccess('Campaign resumed');
        await refresh();
      },
      onError: (error) => failed('resume', error),
    }),
  );
  const retryFailed = useMutation(
    trpc.admin.campaigns.retryFailed.mutationOptions({
      onSuccess: async () => {
        notifySuccess('Retrying failed sends');
        await refresh();
      },
      onError: (error) => failed('retry', error),
    }),
  );
  const cancel = useMutation(
    trpc.admin.campaigns.cancel.mutationOptions({
      onSuccess: async () => {
        notifySuccess('Campaign cancelled');
        setConfirmCancel(null);
        await refresh();
      },
      onError: (error) => failed('cancel', error),
    }),
  );
  const duplicate = useMutation(
    trpc.admin.campaigns.duplicate.mutationOptions({
      onSuccess: async () => {
        notifySuccess('Campaign duplicated successfully');
        await refresh();
      },
      onError: (error) => failed('duplicate', error),
    }),
  );
  const remove = useMutation(
    trpc.admin.campaigns.delete.mutationOptions({
      onSuccess: async () => {
        notifySuccess('Campaign deleted successfully');
        setConfirmDelete(null);
        onDeleted?.();
        await refresh();
      },
      onError: (error) => {
        setConfirmDelete(null);
        failed('delete', error);
      },
    }),
  );

  const dialogs = (
    <>
      <ConfirmDialog
        opened={confirmCancel !== null}
        title="Cancel campaign?"
        confirmLabel="Cancel campaign"
        cancelLabel="Keep sending"
        loading={cancel.isPending}
        onClose={() => setConfirmCancel(null)}
        onConfirm={() => confirmCancel && cancel.mutate({ id: confirmCancel.id })}
      >
        <Text>
          {`"${confirmCancel?.name ?? ''}" will stop sending and cannot be resumed. This is irreversible: recipients not yet e-mailed will not receive it.`}
        </Text>
      </ConfirmDialog>
      <ConfirmDialog
        opened={confirmDelete !== null}
        title="Delete campaign?"
        confirmLabel="Delete"
        cancelLabel="Cancel"
        loading={remove.isPending}
        onClose={() => setConfirmDelete(null)}
        onConfirm={() => confirmDelete && remove.mutate({ id: confirmDelete.id })}
      >
        <Text>{`"${confirmDelete?.name ?? ''}" and its send history will be deleted permanently.`}</Text>
      </ConfirmDialog>
    </>
  );

  return {
    pause: (campaign: CampaignRef) => pause.mutate({ id: campaign.id }),
    resume: (campaign: CampaignRef) => resume.mutate({ id: campaign.id }),
    retryFailed: (campaign: CampaignRef) => retryFailed.mutate({ id: campaign.id }),
    cancel: (campaign: CampaignRef) => setConfirmCancel(campaign),
    duplicate: (campaign: CampaignRef) => duplicate.mutate({ id: campaign.id }),
    remove: (campaign: CampaignRef) => setConfirmDelete(campaign),
    pending:
      pause.isPending ||
      resume.isPending ||
      retryFailed.isPending ||
      cancel.isPending ||
      duplicate.isPending ||
      remove.isPending,
    dialogs,
  };
}
