import type { CampaignLiveHub } from '../services.ts';
import { CAMPAIGN_CHANGED_CHANNEL } from '../db/campaign-changed.ts';
import { createChannelHub, type LiveHubOptions } from '../live/entry.ts';

export type CampaignLiveHubOptions = LiveHubOptions;
export { reconnectDelay } from '../live/entry.ts';

export function createCampaignLiveHub(options: CampaignLiveHubOptions): CampaignLiveHub {
  const hub = createChannelHub({
    ...options,
    channel: CAMPAIGN_CHANGED_CHANNEL,
    label: 'campaign live',
    keyOf: (payload) => payload,
  });
  return {
    subscribe: (campaignId, onChange) => hub.subscribe(campaignId, () => onChange()),
    get listening() {
      return hub.listening;
    },
    ready: () => hub.ready(),
    subscriberCount: () => hub.subscriberCount(),
    close: () => hub.close(),
  };
}
