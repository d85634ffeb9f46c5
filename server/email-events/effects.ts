import type { ResendEmailEvent } from '#shared/webhooks/resend-events.ts';
import type { SendStatus, SuppressionReason } from '../db/types.ts';

/**
 * How far along a send is. A provider event moves a send to its status only when that ranks higher
 * than the current one, and every timestamp keeps its earliest value, so the final state depends on
 * the set of events received, never on their order:
 *
 * - queued/sending (and cancelled/skipped, which never reach the provider) < sent < delivery_delayed
 *   < delivered: a late `delivered` after `delivery_delayed` still counts, a late `delayed` does not.
 * - failed < bounced < complained are terminal: nothing before them overwrites them. A complaint
 *   ranks highest because it is the strongest signal (the recipient got the mail and objected).
 * - opened and clicked are facts about a delivered message, not statuses: they set opened_at /
 *   clicked_at and imply delivery (status at least `delivered`, delivered_at set), and a click
 *   implies an open. So open_rate and click_rate (over delivered) never exceed 100 %, whichever of
 *   delivered, opened and clicked arrives first.
 */
export const SEND_STATUS_RANK: Readonly<Record<SendStatus, number>> = {
  held: 0,
  queued: 0,
  sending: 0,
  cancelled: 0,
  skipped: 0,
  sent: 1,
  delivery_delayed: 2,
  delivered: 3,
  failed: 4,
  bounced: 5,
  complained: 6,
};

/** What one event does to its send (and contact). Null timestamps leave a column alone. */
export interface SendEffect {
  status: SendStatus | null;
  deliveredAt: Date | null;
  openedAt: Date | null;
  clickedAt: Date | null;
  bouncedAt: Date | null;
  complainedAt: Date | null;
  failedAt: Date | null;
  /** Kept with the earliest bounce (or failure, for `error`). */
  bounceType: string | null;
  bounceMessage: string | null;
  error: string | null;
  /** Permanent bounces, provider suppressions and complaints stop every later campaign. */
  suppress: SuppressionReason | null;
  /** A spam complaint also unsubscribes the contact from e-mail marketing. */
  unsubscribe: boolean;
}

const NONE: SendEffect = {
  status: null,
  deliveredAt: null,
  openedAt: null,
  clickedAt: null,
  bouncedAt: null,
  complainedAt: null,
  failedAt: null,
  bounceType: null,
  bounceMessage: null,
  error: null,
  suppress: null,
  unsubscribe: false,
};

/** The time an event happened: a click's own timestamp, else the event's creation time. */
export function occurredAt(event: ResendEmailEvent): Date {
  if (event.type === 'email.clicked' && event.data.click?.timestamp)
    return new Date(event.data.click.timestamp);
  return new Date(event.created_at);
}

function clip(text: string | undefined | null, max = 1000): string | null {
  const trimmed = text?.trim();
  return trimmed ? trimmed.slice(0, max) : null;
}

export function effectOf(event: ResendEmailEvent): SendEffect {
  const at = occurredAt(event);
  switch (event.type) {
    case 'email.sent':
      return { ...NONE, status: 'sent' };
    case 'email.delivery_delayed':
      return { ...NONE, status: 'delivery_delayed' };
    case 'email.delivered':
      return { ...NONE, status: 'delivered', deliveredAt: at };
    case 'email.opened':
      return { ...NONE, status: 'delivered', deliveredAt: at, openedAt: at };
    case 'email.clicked':
      return { ...NONE, status: 'delivered', deliveredAt: at, openedAt: at, clickedAt: at };
    case 'email.complained':
      return {
        ...NONE,
        status: 'complained',
        deliveredAt: at,
        complainedAt: at,
        suppress: 'complaint',
        unsubscribe: true,
      };
    case 'email.bounced': {
      const { type, message } = event.data.bounce;
      return {
        ...NONE,
        status: 'bounced',
        bouncedAt: at,
        bounceType: clip(type, 100),
        bounceMessage: clip(message),
        suppress: type === 'Permanent' ? 'hard_bounce' : null,
      };
    }
    case 'email.failed':
      return { ...NONE, status: 'failed', failedAt: at, error: clip(event.data.failed?.reason) ?? 'Failed' };
    case 'email.suppressed': {
      // Resend refused to send because the address bounced or complained before: nothing was
      // attempted (a failure, not a bounce), and every later send would be refused the same way.
      const message = clip(event.data.suppressed?.message);
      return {
        ...NONE,
        status: 'failed',
        failedAt: at,
        error: `Suppressed by Resend${message ? `: ${message}` : ''}`,
        suppress: 'hard_bounce',
      };
    }
  }
}
