import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { useCan } from '../auth/session.ts';
import { useTRPC } from '../../trpc.ts';

/**
 * Who a campaign being edited would reach: every subscribed contact, or a segment's audience
 * (decision 032), or for a non-openers copy, the original's non-openers (decision 038), less the
 * inactive contacts unless the campaign includes them (decision 089). The count, the risk level
 * and the server's snapshot all follow the choice.
 */
export function useCampaignAudience(
  segmentId: string | null,
  resendOf: string | null,
  includeInactive: boolean,
) {
  const trpc = useTRPC();
  const can = useCan();
  const audience = useQuery(
    trpc.admin.campaigns.audienceCount.queryOptions(
      { segmentId, includeInactive },
      { placeholderData: keepPreviousData },
    ),
  );
  const segments = useQuery(
    trpc.admin.segments.list.queryOptions(undefined, { enabled: can('segments.read') }),
  );
  const nonOpeners = useQuery(
    trpc.admin.campaigns.nonOpenersCount.queryOptions(resendOf ? { id: resendOf } : skipToken),
  );
  const original = useQuery(trpc.admin.campaigns.get.queryOptions(resendOf ? { id: resendOf } : skipToken));
  const counted = resendOf ? nonOpeners : audience;
  return {
    subscribers: (resendOf ? nonOpeners.data?.recipients : audience.data?.subscribers) ?? 0,
    /** How many of the audience the sunset policy leaves out (decision 089); none for a copy. */
    inactive: resendOf ? 0 : (audience.data?.inactive ?? 0),
    sunsetMonths: audience.data?.sunsetMonths ?? 0,
    /** A count has arrived (possibly an earlier choice's, kept while the new one loads). */
    counted: counted.isSuccess,
    /** The count is the current choice's, so sending on it is safe. */
    current: counted.isSuccess && !counted.isPlaceholderData,
    segments,
    segmentName: segments.data?.find((s) => s.id === segmentId)?.name,
    originalName: original.data?.name ?? 'the original campaign',
  };
}

export type CampaignAudienceState = ReturnType<typeof useCampaignAudience>;
