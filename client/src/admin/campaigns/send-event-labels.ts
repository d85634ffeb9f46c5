import type { SendEventRow } from '#shared/campaigns/send-events.ts';

const labels: Record<string, { label: string; color: string }> = {
  'email.sent': { label: 'Sent', color: 'gray' },
  'email.delivered': { label: 'Delivered', color: 'green' },
  'email.delivery_delayed': { label: 'Delivery delayed', color: 'yellow' },
  'email.opened': { label: 'Opened', color: 'blue' },
  'email.clicked': { label: 'Clicked', color: 'indigo' },
  'email.bounced': { label: 'Bounced', color: 'red' },
  'email.complained': { label: 'Marked as spam', color: 'red' },
  'email.failed': { label: 'Failed', color: 'red' },
  'email.suppressed': { label: 'Suppressed by provider', color: 'orange' },
};

/** A person's name for a Resend event type; unknown types show as they come (`email.scheduled`). */
export function sendEventLabel(type: string): { label: string; color: string } {
  return labels[type] ?? { label: type, color: 'gray' };
}

/** A clicked link is shown as a link only when it is a web address (it comes from the provider). */
export function safeHttpUrl(link: string | null): string | null {
  if (!link) return null;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The line under an event: the bounce kind and message, or why it failed. */
export function sendEventDetail(event: SendEventRow): string | null {
  if (event.type === 'email.bounced') {
    const kind = [event.bounceType, event.bounceSubType].filter(Boolean).join(' / ');
    return [kind, event.bounceMessage].filter(Boolean).join(': ') || null;
  }
  return event.failureReason;
}
