import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import type { CampaignDetail } from '#shared/campaigns/schemas.ts';
import { ButtonLink } from '../widgets/links.tsx';
import { StatusBadge } from './StatusBadge.tsx';

/** The edit page of a campaign past its draft: what it is, and the way to its details. */
export function CampaignNotEditable({ campaign }: { campaign: CampaignDetail }) {
  return (
    <Stack align="flex-start">
      <Title order={1}>{campaign.name}</Title>
      <Alert color="yellow" title="This campaign can no longer be edited">
        <Group gap={6}>
          <Text size="sm">It is</Text>
          <StatusBadge status={campaign.status} failedCount={campaign.failedCount} />
          <Text size="sm">. Duplicate it to reuse its content.</Text>
        </Group>
      </Alert>
      <ButtonLink to="/admin/campaigns/$id" params={{ id: campaign.id }} variant="default">
        View campaign
      </ButtonLink>
    </Stack>
  );
}
