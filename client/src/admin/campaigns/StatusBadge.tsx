import { Badge } from '@mantine/core';
import { type CampaignStatus, campaignStatusLabel } from '#shared/campaigns/schemas.ts';

const colors: Record<CampaignStatus, string> = {
  draft: 'gray',
  scheduled: 'indigo',
  sending: 'blue',
  completed: 'green',
  paused: 'yellow',
  failed: 'red',
  cancelled: 'dark',
};

export function StatusBadge({ status, failedCount }: { status: CampaignStatus; failedCount: number }) {
  const label = campaignStatusLabel({ status, failedCount });
  return (
    // Never truncated: a clipped "COMPLET…" is worse than a slightly wider column.
    <Badge
      color={label === status ? colors[status] : 'orange'}
      variant="light"
      styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {label}
    </Badge>
  );
}
