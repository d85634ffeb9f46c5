import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type EnquiryLiveEvent, liveNoticeText } from '#shared/enquiries/live.ts';
import { useTRPC, useTRPCClient } from '../../trpc.ts';
import { AnchorLink } from '../widgets/links.tsx';
import { notify } from '../widgets/notify.ts';

/**
 * The admin shell's one subscription to `admin.enquiries.live` (decision 063), for members who may
 * read enquiries: each change makes the open enquiry pages, the inbox, the awaiting-reply badge and
 * the unmatched count re-read; the signed-in member, when they are the enquiry's assignee, also gets
 * a notification linking to it. The event names only the enquiry: the words come from its detail,
 * read through the ordinary query and its access checks.
 */
export function useEnquiryLive(enabled: boolean, myEmail: string | null): void {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const refetchAll = () => {
      void queryClient.invalidateQueries(trpc.admin.enquiries.pathFilter());
      void queryClient.invalidateQueries(trpc.admin.unmatchedMail.pathFilter());
    };
    const onEvent = async (event: EnquiryLiveEvent) => {
      if (event.kind === 'resync') {
        refetchAll();
        return;
      }
      const id = event.enquiryId;
      await Promise.all([
        queryClient.invalidateQueries(trpc.admin.enquiries.list.pathFilter()),
        queryClient.invalidateQueries(trpc.admin.enquiries.awaitingReply.pathFilter()),
        queryClient.invalidateQueries(trpc.admin.enquiries.get.queryFilter({ id })),
        queryClient.invalidateQueries(trpc.admin.unmatchedMail.count.pathFilter()),
      ]);
      const enquiry = await queryClient.fetchQuery(trpc.admin.enquiries.get.queryOptions({ id }));
      if (!myEmail || enquiry.assigneeEmail !== myEmail) return;
      const watch = [enquiry.watchBrand, enquiry.watchModel].filter(Boolean).join(' ');
      notify(
        event.kind === 'offer_declined' ? 'warning' : 'success',
        <AnchorLink to="/admin/enquiries/$id" params={{ id }}>
          {liveNoticeText(event.kind, watch)}
        </AnchorLink>,
        { id: `enquiry-live-${event.kind}-${id}`, autoClose: 15_000 },
      );
    };
    // The client's own subscribe, as useCampaignLive does: the hook stays in the admin's chunk.
    let connectedBefore = false;
    const subscription = client.admin.enquiries.live.subscribe(undefined, {
      onConnectionStateChange: (state) => {
        if (state.state !== 'pending') return;
        // Back after a gap: changes meanwhile were not pushed, so what is shown is re-read. (The
        // first connection is not a gap: the pages have just read.)
        if (connectedBefore) refetchAll();
        connectedBefore = true;
      },
      onData: ({ data }) => {
        // A refused read (the enquiry was erased, access ended) just shows no notice.
        onEvent(data).catch(() => undefined);
      },
    });
    return () => subscription.unsubscribe();
  }, [enabled, myEmail, client, queryClient, trpc]);
}
