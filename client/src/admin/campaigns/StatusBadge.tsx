import { Badge } from '@mantine/core';
import type { CampaignStatus } from '#shared/campaigns/schemas.ts';

const colors: Record<CampaignStatus, string> = {
  draft: 'gray',
  scheduled: 'indigo',
  sending: 'blue',
  completed: 'green',
  paused: 'yellow',
  failed: 'red',
  cancelled: 'dark',
};

export function StatusBadge({ status }: { status: CampaignStatus }) {
  return (
    // Never truncated: a clipped "COMPLET…" is worse than a slightly wider column.
    <Badge
      color={colors[status]}
      variant="light"
      styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {status}
    </Badge>
  );
}
