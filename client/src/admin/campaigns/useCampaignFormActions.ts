import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { formatInZone } from '#shared/time/zones.ts';
import { errorMessage } from '../widgets/errors.ts';
import { useTRPC } from '../../trpc.ts';
import { notifyError, notifySuccess } from '../widgets/notify.ts';

export type CampaignFormDialog = 'test' | 'send' | 'schedule' | null;

/** Save Draft, Send Now and Schedule from the editor, with their messages and where each lands. */
export function useCampaignFormActions({ onStoredHtml }: { onStoredHtml: (html: string) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<CampaignFormDialog>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.admin.campaigns.pathKey() });

  const saveDraft = useMutation(
    trpc.admin.campaigns.saveDraft.mutationOptions({
      onSuccess: async (result) => {
        notifySuccess(result.created ? 'Campaign saved as draft' : 'Campaign updated');
        // The server sanitises the HTML: show what was actually stored.
        onStoredHtml(result.campaign.htmlContent);
        await refresh();
        if (result.created) {
          await navigate({
            to: '/admin/campaigns/$id/edit',
            params: { id: result.campaign.id },
            replace: true,
          });
        }
      },
      onError: (error) => notifyError(`Failed to save campaign: ${errorMessage(error)}`),
    }),
  );
  const sendNow = useMutation(
    trpc.admin.campaigns.sendNow.mutationOptions({
      onSuccess: async (sent) => {
        notifySuccess('Campaign is now sending!');
        setDialog(null);
        await refresh();
        await navigate({ to: '/admin/campaigns/$id', params: { id: sent.id } });
      },
      onError: (error) => {
        setDialog(null);
        notifyError(`Failed to send campaign: ${errorMessage(error)}`);
      },
    }),
  );
  const schedule = useMutation(
    trpc.admin.campaigns.schedule.mutationOptions({
      onSuccess: async (result) => {
        const when = result.campaign.scheduledAt;
        notifySuccess(
          when
            ? `Campaign scheduled for ${formatInZone(when, result.timezone)} (${result.timezone})`
            : 'Campaign scheduled',
        );
        setDialog(null);
        await refresh();
        await navigate({ to: '/admin/campaigns/$id', params: { id: result.campaign.id } });
      },
      onError: (error) => notifyError(`Failed to schedule campaign: ${errorMessage(error)}`),
    }),
  );

  return {
    dialog,
    setDialog,
    saveDraft,
    sendNow,
    schedule,
    busy: saveDraft.isPending || sendNow.isPending || schedule.isPending,
  };
}
