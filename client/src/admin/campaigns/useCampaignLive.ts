import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { CampaignDetail, CampaignLiveDetail } from '#shared/campaigns/schemas.ts';
import { throttle } from '#shared/throttle.ts';
import { useTRPC, useTRPCClient } from '../../trpc.ts';

/** The spec's refresh while sending, used only while the live feed is not connected. */
export const POLL_INTERVAL_MS = 3_000;
/** The sends table follows the pushes, but re-reads its page at most this often. */
const SENDS_REFRESH_MS = 1_000;

/** True when the pushed state differs from the one the page shows. */
function changed(shown: CampaignDetail, pushed: CampaignLiveDetail): boolean {
  return (Object.keys(pushed) as Array<keyof CampaignLiveDetail>).some(
    (key) => JSON.stringify(shown[key]) !== JSON.stringify(pushed[key]),
  );
}

/**
 * Keeps the details page's `get` (and its sends table) current from `admin.campaigns.watch` while
 * the page is mounted. `connected` is false while the feed connects, reconnects or failed: the page
 * then polls instead.
 */
export function useCampaignLive(id: string): { connected: boolean } {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);
  const refreshSends = useMemo(
    () =>
      throttle(() => {
        void queryClient.invalidateQueries(trpc.admin.campaigns.sends.queryFilter({ id }));
      }, SENDS_REFRESH_MS),
    [queryClient, trpc, id],
  );

  // The client's own subscribe, not @trpc/tanstack-react-query's useSubscription: that hook would
  // sit in the tRPC chunk that public pages load, this code stays in the admin's.
  useEffect(() => {
    const key = trpc.admin.campaigns.get.queryKey({ id });
    const filter = trpc.admin.campaigns.get.queryFilter({ id });
    // A push that comes before the page's first `get` has answered may carry a change that read
    // missed (it read just before the change); with no later change, nothing would correct the
    // page: an A/B test's wait, begun while the page loaded, stayed unseen for its hours. So the
    // push is kept, and if the first read lands showing something else, the page reads again
    // (decisions 037, 063). A push older than that read is harmless: a newer one follows it.
    let unread: CampaignLiveDetail | null = null;
    let rereading = false;
    const readAgainIfBehind = async () => {
      if (rereading) return;
      rereading = true;
      try {
        await queryClient.refetchQueries(filter, { cancelRefetch: false });
        const shown = queryClient.getQueryData(key);
        const pushed = unread;
        unread = null;
        if (shown && pushed && changed(shown, pushed)) await queryClient.refetchQueries(filter);
      } finally {
        rereading = false;
      }
    };
    const subscription = client.admin.campaigns.watch.subscribe(
      { id },
      {
        onConnectionStateChange: (state) => setConnected(state.state === 'pending'),
        onError: () => setConnected(false),
        onData: ({ data }) => {
          let different = false;
          queryClient.setQueryData(key, (shown) => {
            // Before the first `get` answers there is no HTML to keep the push beside.
            if (!shown) {
              unread = data;
              return shown;
            }
            different = changed(shown, data);
            return different ? { ...shown, ...data } : shown;
          });
          if (unread) void readAgainIfBehind();
          if (different) refreshSends();
        },
      },
    );
    return () => {
      subscription.unsubscribe();
      refreshSends.cancel();
      setConnected(false);
    };
  }, [client, queryClient, trpc, id, refreshSends]);

  return { connected };
}
