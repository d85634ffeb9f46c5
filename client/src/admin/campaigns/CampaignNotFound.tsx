import { Stack, Title } from '@mantine/core';
import { CAMPAIGN_NOT_FOUND } from '#shared/campaigns/schemas.ts';
import { ButtonLink } from '../widgets/links.tsx';

/** A campaign id that names no campaign, on its details or its edit page. */
export function CampaignNotFound() {
  return (
    <Stack align="flex-start">
      <Title order={1}>{CAMPAIGN_NOT_FOUND}</Title>
      <ButtonLink to="/admin/campaigns" variant="default">
        Back to Campaigns
      </ButtonLink>
    </Stack>
  );
}
