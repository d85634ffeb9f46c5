import { Text, Timeline } from '@mantine/core';
import type { ReactNode } from 'react';
import type { TimelineEntry } from '#shared/enquiries/schemas.ts';
import { ENQUIRY_STATUS_LABELS } from '#shared/enquiries/status.ts';
import { formatAud } from '#shared/money/aud.ts';
import { type DisplayTime, useDisplayTime } from '../widgets/display-time.tsx';
import { PersonName } from '../widgets/PersonName.tsx';
import { AttachmentList } from './AttachmentList.tsx';

const EMAIL_EVENT_LABELS: Record<string, string> = {
  'email.sent': 'Accepted by the provider',
  'email.delivered': 'Delivered',
  'email.delivery_delayed': 'Delivery delayed',
  'email.bounced': 'Bounced',
  'email.complained': 'Marked as spam by the recipient',
  'email.failed': 'Failed',
  'email.suppressed': 'Suppressed by the provider',
};

// What retention removed (decision 026) is said so, not shown as an empty quote or a blank message.
const REMOVED = 'Removed under the retention policy.';

export function describeEntry(
  entry: TimelineEntry,
  redacted: boolean,
  { formatDate, formatDateTime }: DisplayTime,
  /** Members' names by address (decision 095): each "by" names the member, the address on hover. */
  names: Readonly<Record<string, string>> = {},
): { title: ReactNode; body: ReactNode } {
  const person = (actor: string) => <PersonName email={actor} names={names} />;
  const by = (actor: string | null) => (actor ? <> by {person(actor)}</> : '');
  switch (entry.kind) {
    case 'submitted':
      return { title: 'Submitted on the sell form', body: null };
    case 'status':
      return {
        title: (
          <>
            {`${entry.from ? `${ENQUIRY_STATUS_LABELS[entry.from]} → ` : ''}${ENQUIRY_STATUS_LABELS[entry.to]}`}
            {by(entry.actor)}
          </>
        ),
        body: entry.reason ? `Reason: ${entry.reason}` : null,
      };
    case 'note':
      return { title: <>Note{by(entry.actor)}</>, body: entry.body };
    case 'assignment':
      return {
        title: entry.assigneeEmail ? (
          <>
            Assigned to{' '}
            <PersonName
              email={entry.assigneeEmail}
              names={entry.assigneeName ? { [entry.assigneeEmail]: entry.assigneeName } : {}}
            />
            {by(entry.actor)}
          </>
        ) : (
          <>Unassigned{by(entry.actor)}</>
        ),
        body: null,
      };
    case 'offer':
      return {
        title: (
          <>
            Offer of {formatAud(entry.offer.amountCents)} AUD{by(entry.offer.createdByEmail)}
          </>
        ),
        body: [
          entry.offer.validUntil ? `Valid until ${formatDate(entry.offer.validUntil)}` : null,
          entry.offer.conditions,
        ]
          .filter(Boolean)
          .join(' · '),
      };
    case 'email': {
      // A flow's reply names the flow, and the assignee it was sent as (decision 065).
      const sender = entry.flow ? (
        <>
          {` by the flow “${entry.flow}”`}
          {entry.actor ? <> as {person(entry.actor)}</> : ''}
        </>
      ) : (
        by(entry.actor)
      );
      return {
        title: (
          <>
            E-mail sent to {entry.to}
            {sender}
          </>
        ),
        body: entry.subject,
      };
    }
    case 'email_event':
      return { title: `E-mail: ${EMAIL_EVENT_LABELS[entry.type] ?? entry.type}`, body: entry.detail };
    case 'offer_response':
      return entry.response === 'accepted'
        ? entry.typedName
          ? { title: `Offer accepted on the seller's page, signed "${entry.typedName}"`, body: null }
          : {
              title: "Offer accepted on the seller's page",
              body: redacted ? `Signed name: ${REMOVED}` : null,
            }
        : {
            title: "Offer declined on the seller's page",
            body: entry.reason ? `Reason: ${entry.reason}` : null,
          };
    case 'flow':
      return { title: entry.text, body: null };
    case 'appointment':
      return {
        title: {
          booked: `Visit booked in ${entry.city} on the seller's page`,
          rescheduled: `Visit moved to ${entry.city} on the seller's page`,
          cancelled: entry.withStatus
            ? `Visit in ${entry.city} cancelled as the enquiry became ${ENQUIRY_STATUS_LABELS[entry.withStatus]}`
            : `Visit in ${entry.city} cancelled on the seller's page`,
          attended: (
            <>
              Visit in {entry.city} marked as attended{by(entry.actor)}
            </>
          ),
          no_show: (
            <>
              Visit in {entry.city} marked as not attended{by(entry.actor)}
            </>
          ),
        }[entry.action],
        body: `For ${formatDateTime(entry.startsAt)}`,
      };
    case 'shipping_kit':
      return {
        title: {
          requested: "Insured shipping kit requested on the seller's page",
          dispatched: <>Shipping kit marked as posted{by(entry.actor)}</>,
          withdrawn: 'Shipping kit request withdrawn with the enquiry, not posted',
        }[entry.action],
        body: null,
      };
    case 'incoming': {
      const from = entry.from ?? 'the seller';
      const how =
        entry.source === 'email' ? `Reply e-mailed by ${from}` : `Message from ${from} on their page`;
      if (redacted && !entry.body) return { title: `${how}${entry.read ? '' : ' (unread)'}`, body: REMOVED };
      return {
        title: `${how}${entry.read ? '' : ' (unread)'}`,
        body: entry.subject && entry.source === 'email' ? `${entry.subject}\n\n${entry.body}` : entry.body,
      };
    }
  }
}

export function EnquiryTimeline({
  entries,
  enquiryId,
  redacted = false,
  names = {},
}: {
  entries: TimelineEntry[];
  enquiryId: string;
  /** Members' names by address (EnquiryDetail.people, decision 095). */
  names?: Readonly<Record<string, string>>;
  /** Retention removed this closed enquiry's free text (decision 026). */
  redacted?: boolean;
}) {
  const time = useDisplayTime();
  return (
    <Timeline bulletSize={14} lineWidth={2} active={entries.length - 1} aria-label="Timeline">
      {entries.map((entry, i) => {
        const { title, body } = describeEntry(entry, redacted, time, names);
        return (
          <Timeline.Item key={`${entry.kind}-${entry.at}-${i}`} title={title}>
            {body && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {body}
              </Text>
            )}
            {entry.kind === 'incoming' && (
              <AttachmentList
                attachments={entry.attachments}
                href={(id) => `/api/admin/enquiries/${enquiryId}/attachments/${id}`}
              />
            )}
            <Text size="xs" c="dimmed">
              {time.formatDateTime(entry.at)}
            </Text>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
