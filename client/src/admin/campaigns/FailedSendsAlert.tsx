import { Alert, List, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type CampaignDetail, campaignStatusLabel } from '#shared/campaigns/schemas.ts';
import { formatCount } from '../widgets/format.ts';
import { useTRPC } from '../../trpc.ts';

/**
 * A finished campaign whose sends failed says so, with the reasons: "0 of 3 sent" under a green
 * "completed" read as a success. Retrying is the header's "Retry failed" (for those allowed to).
 */
export function FailedSendsAlert({ campaign }: { campaign: CampaignDetail }) {
  const trpc = useTRPC();
  const finished = campaign.status === 'completed' || campaign.status === 'failed';
  const show = finished && campaign.failedCount > 0;
  const reasons = useQuery({
    ...trpc.admin.campaigns.failureReasons.queryOptions({ id: campaign.id }),
    enabled: show,
  });
  if (!show) return null;
  const title =
    campaignStatusLabel(campaign) === 'completed with failures' ? 'Completed with failures' : 'Sends failed';
  return (
    <Alert color="orange" title={title}>
      <Text size="sm">
        {formatCount(campaign.failedCount)} of {formatCount(campaign.totalRecipients)} sends failed. Those the
        provider never accepted can be sent again with Retry failed.
      </Text>
      {reasons.data && reasons.data.length > 0 && (
        <List size="sm" mt="xs" aria-label="Why sends failed">
          {reasons.data.map((row) => (
            <List.Item key={row.reason}>
              {row.reason} ({formatCount(row.count)})
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
