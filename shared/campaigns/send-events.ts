import { z } from 'zod';

/** `admin.campaigns.sendEvents`: the provider events of one send, for the details page. */
export const sendEventsInputSchema = z.object({ sendId: z.uuid('Send not found') });

/** The most recent events listed for a send; a send rarely has more than a handful. */
export const SEND_EVENTS_LIMIT = 50;

export interface SendEventRow {
  id: string;
  /** Resend's event type, e.g. `email.delivered`, `email.bounced`. */
  type: string;
  occurredAt: string | null;
  receivedAt: string;
  /** `Permanent` | `Transient` | `Undetermined` (email.bounced), with Resend's sub-type if any. */
  bounceType: string | null;
  bounceSubType: string | null;
  bounceMessage: string | null;
  /** The link a recipient clicked (email.clicked). */
  clickedLink: string | null;
  /** Why the provider did not send it (email.failed, email.suppressed). */
  failureReason: string | null;
  /** True when no provider event of this type is stored and the send's own timestamp stands for it. */
  fromSendRecord: boolean;
}
