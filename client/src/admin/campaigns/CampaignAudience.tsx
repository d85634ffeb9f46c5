import { Badge, Group, List, Stack, Text } from '@mantine/core';
import { skipToken, useQuery } from '@tanstack/react-query';
import type { CampaignLiveDetail } from '#shared/campaigns/schemas.ts';
import { describeCondition } from '#shared/segments/schema.ts';
import { useCan } from '../auth/session.ts';
import { useTRPC } from '../../trpc.ts';

/**
 * Who the campaign is for: every subscribed contact, or a segment. Once sending started, the
 * segment as it was then (decision 032), whatever happened to it since.
 */
export function CampaignAudience({
  campaign,
}: {
  campaign: Pick<CampaignLiveDetail, 'segmentId' | 'segment' | 'isTestMode'>;
}) {
  const trpc = useTRPC();
  const can = useCan();
  const pendingId =
    !campaign.segment && campaign.segmentId && can('segments.read') ? campaign.segmentId : null;
  const current = useQuery(trpc.admin.segments.get.queryOptions(pendingId ? { id: pendingId } : skipToken));
  const label = (
    <Text span fw={500}>
      Audience:
    </Text>
  );
  if (campaign.segment) {
    const { name, match, conditions } = campaign.segment;
    return (
      <Stack gap={2} data-testid="campaign-audience">
        <Text c="dimmed">
          {label} segment "{name}", as it was when sending started
        </Text>
        <Group gap={6} align="flex-start" wrap="nowrap">
          <Badge variant="light">{match === 'all' ? 'All of' : 'Any of'}</Badge>
          <List size="sm" spacing={2}>
            {conditions.map((condition, index) => (
              <List.Item key={index}>{describeCondition(condition)}</List.Item>
            ))}
          </List>
        </Group>
      </Stack>
    );
  }
  if (campaign.segmentId) {
    return (
      <Text c="dimmed" data-testid="campaign-audience">
        {label} segment {current.data ? `"${current.data.name}"` : ''} (its conditions are recorded when
        sending starts)
        {campaign.isTestMode ? '; test mode sends to the test addresses only' : ''}
      </Text>
    );
  }
  return (
    <Text c="dimmed" data-testid="campaign-audience">
      {label} all subscribed contacts
    </Text>
  );
}
