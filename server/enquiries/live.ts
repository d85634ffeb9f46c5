import { tracked, type TrackedEnvelope } from '@trpc/server';
import type { EnquiryLiveEvent } from '#shared/enquiries/live.ts';
import {
  createChannelHub,
  createWakeup,
  type LiveHubOptions,
  WATCH_RECHECK_MS,
  WatchAccessEndedError,
} from '../live/entry.ts';
import { ENQUIRY_CHANGED_CHANNEL, parseEnquiryChange } from '../db/enquiry-changed.ts';
import type { EnquiryLiveHub } from '../services.ts';

/** Every subscriber hears every enquiry: one key for all (decision 063). */
const ALL = '*';

/**
 * The enquiry hub: the campaign hub's LISTEN connection, reconnect and wake-all (decision 063),
 * on `enquiry_changed`. No wake-ups while LISTEN is down: the pages poll on their own meanwhile,
 * and the one wake-all after reconnecting tells them to re-read.
 */
export function createEnquiryLiveHub(options: LiveHubOptions): EnquiryLiveHub {
  const hub = createChannelHub({
    ...options,
    channel: ENQUIRY_CHANGED_CHANNEL,
    label: 'enquiry live',
    keyOf: (payload) => (parseEnquiryChange(payload) ? ALL : null),
    degradedTicks: false,
  });
  return {
    subscribe: (onChange) =>
      hub.subscribe(ALL, (payload) => onChange(payload === null ? null : parseEnquiryChange(payload))),
    get listening() {
      return hub.listening;
    },
    ready: () => hub.ready(),
    subscriberCount: () => hub.subscriberCount(),
    close: () => hub.close(),
  };
}

/** Events held for one slow subscriber; beyond this they collapse into one `resync`. */
const MAX_PENDING = 50;

export interface EnquiryWatchOptions {
  live: Pick<EnquiryLiveHub, 'subscribe'>;
  signal: AbortSignal | undefined;
  /** As in watchCampaign: asked before every push and at least every `recheckMs` (decision 008). */
  stillAllowed: () => Promise<boolean>;
  recheckMs?: number;
}

/**
 * Each committed enquiry change as it is heard, until the signal aborts (the client went away).
 * Unlike a campaign's watch there is no state to send first: the page has read its own.
 */
export async function* watchEnquiryChanges({
  live,
  signal = new AbortController().signal,
  stillAllowed,
  recheckMs = WATCH_RECHECK_MS,
}: EnquiryWatchOptions): AsyncGenerator<TrackedEnvelope<EnquiryLiveEvent>, void, unknown> {
  const wakeup = createWakeup();
  let pending: EnquiryLiveEvent[] = [];
  const unsubscribe = live.subscribe((change) => {
    if (change === null || pending.length >= MAX_PENDING) pending = [{ kind: 'resync', enquiryId: null }];
    else if (pending[0]?.kind !== 'resync') pending.push(change);
    wakeup.set();
  });
  // A quiet day sends nothing for hours: the timer wakes the loop to re-check access.
  const recheck = setInterval(() => wakeup.set(), recheckMs);
  let sequence = 0;
  try {
    if (!(await stillAllowed())) throw new WatchAccessEndedError('The session has ended');
    while (await wakeup.wait(signal)) {
      if (!(await stillAllowed())) throw new WatchAccessEndedError('The session has ended');
      const events = pending;
      pending = [];
      for (const event of events) yield tracked(String(++sequence), event);
    }
  } finally {
    unsubscribe();
    clearInterval(recheck);
  }
}
