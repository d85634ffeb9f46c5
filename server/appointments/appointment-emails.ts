import { Buffer } from 'node:buffer';
import { createElement } from 'react';
import { type AppointmentLocation, formatAddress } from '#shared/appointments/schemas.ts';
import { enquiryReference } from '#shared/enquiries/reference.ts';
import type { AppConfig } from '../config/app-config.ts';
import { buttonElement } from '../email/layout/layout.ts';
import { type BodyPart, p, renderBody, strong } from '../email/layout/body.ts';
import { layoutMessage } from '../email/layout/message.ts';
import type { EmailMessage } from '../email/types.ts';
import { appointmentIcs, type IcsAppointment } from './appointment-ics.ts';
import { enquiryReplyTo } from '../conversation/entry.ts';
import { sellerPageParts } from '../seller-link/entry.ts';
import { formatInstant } from '#shared/time/format.ts';

// The seller's e-mails about a visit or a shipping kit (decision 062), each through the one layout
// (decision 051) with the seller's page as its button, their bodies react elements (escaped). Every appointment e-mail but the reminder
// carries the calendar invitation (.ics): a new one for each booking, move and cancellation.
// Beside them, the team's short notice of what the seller did on their page.

type MailConfig = Pick<AppConfig, 'appUrl' | 'site' | 'emailFrom' | 'appSecret' | 'inboundDomain'>;

/** "Monday 7 December 2026 at 10:00 am" in the business's timezone. */
export function formatVisit(at: Date, timezone: string): string {
  return `${formatInstant(at, timezone, 'weekdayDate')} at ${formatInstant(at, timezone, 'time')}`;
}

function firstNameOf(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] || 'there';
}

function kindRegards(name: string): BodyPart {
  return p('Kind regards,', createElement('br'), name);
}

/**
 * `closed`: the business cancelled the visit because the enquiry was declined or lost (decision
 * 062); a cancellation like the seller's, told in other words and with nothing left to book.
 */
export type AppointmentEmailKind = 'booked' | 'rescheduled' | 'cancelled' | 'closed' | 'reminder';

export interface AppointmentEmailInput extends IcsAppointment {
  timezone: string;
  url: string;
}

const SUBJECTS: Record<AppointmentEmailKind, (city: string) => string> = {
  booked: (city) => `Your visit in ${city} is booked`,
  rescheduled: (city) => `Your visit in ${city} has moved`,
  cancelled: (city) => `Your visit in ${city} is cancelled`,
  closed: (city) => `Your visit in ${city} is cancelled`,
  reminder: (city) => `Reminder: your visit in ${city} tomorrow`,
};

function whereLine(location: AppointmentLocation): string {
  return `${location.city}: ${formatAddress(location.address)}`;
}

/** "When: … / Where: …" on two lines of one paragraph. */
function whenWhere(when: string, location: AppointmentLocation): BodyPart {
  return p(strong('When:'), ` ${when}`, createElement('br'), strong('Where:'), ` ${whereLine(location)}`);
}

export function appointmentEmail(
  config: MailConfig,
  kind: AppointmentEmailKind,
  input: AppointmentEmailInput,
): EmailMessage {
  const { site } = config;
  const subject = `${SUBJECTS[kind](input.location.city)} – ${site.name}`;
  const when = formatVisit(input.startsAt, input.timezone);
  const reference = enquiryReference(input.enquiryId);
  const opening: Record<AppointmentEmailKind, string> = {
    booked: `Thank you for booking a visit about your watch (reference ${reference}).`,
    rescheduled: `Your visit about your watch (reference ${reference}) has moved to a new time.`,
    cancelled: `Your visit about your watch (reference ${reference}) has been cancelled, as you asked.`,
    closed: `We have cancelled your visit about your watch (reference ${reference}), as your enquiry with us is now closed.`,
    reminder: `A reminder of your visit about your watch (reference ${reference}).`,
  };
  const body = renderBody([
    p(`Hi ${firstNameOf(input.seller.name)},`),
    p(opening[kind]),
    whenWhere(when, input.location),
    p(
      kind === 'cancelled'
        ? 'You can book another time, or ask for an insured shipping kit, on your enquiry page:'
        : kind === 'closed'
          ? 'If you have a question about it, reply to this e-mail or write to us on your enquiry page:'
          : 'Please bring the watch, its box and papers if you have them, and photo identification. You can move or cancel the visit on your enquiry page:',
    ),
    ...sellerPageParts(input.url),
    kind === 'reminder' ? null : p('The calendar invitation is attached.'),
    kindRegards(site.name),
  ]);
  const { html, text } = layoutMessage(site, {
    title: subject,
    preheader: `${when}, ${input.location.city}`,
    body,
  });
  const cancels = kind === 'cancelled' || kind === 'closed';
  const method = cancels ? 'cancel' : 'request';
  return {
    from: config.emailFrom,
    to: [input.seller.email],
    replyTo: enquiryReplyTo(config, input.enquiryId) ?? site.email,
    subject,
    html,
    text,
    tags: [{ name: 'category', value: `appointment_${kind}` }],
    ...(kind === 'reminder'
      ? {}
      : {
          attachments: [
            {
              filename: cancels ? 'cancelled.ics' : 'invite.ics',
              content: Buffer.from(appointmentIcs(config, input, method)).toString('base64'),
              contentType: `text/calendar; charset=utf-8; method=${method.toUpperCase()}`,
            },
          ],
        }),
  };
}

export function shippingKitEmail(
  config: MailConfig,
  kit: { to: string; fullName: string; enquiryId: string; addressLines: string[]; url: string },
): EmailMessage {
  const { site } = config;
  const subject = `Your insured shipping kit – ${site.name}`;
  const body = renderBody([
    p(`Hi ${firstNameOf(kit.fullName)},`),
    p(
      `Thank you. We will post an insured shipping kit for your watch (reference ${enquiryReference(kit.enquiryId)}) to:`,
    ),
    p(...kit.addressLines.flatMap((line, i) => (i === 0 ? [line] : [createElement('br'), line]))),
    p(
      'The kit comes with instructions and a prepaid, insured return label. We will e-mail you when it is on its way.',
    ),
    ...sellerPageParts(kit.url),
    kindRegards(site.name),
  ]);
  const { html, text } = layoutMessage(site, {
    title: subject,
    preheader: 'We will post an insured shipping kit to you.',
    body,
  });
  return {
    from: config.emailFrom,
    to: [kit.to],
    replyTo: enquiryReplyTo(config, kit.enquiryId) ?? site.email,
    subject,
    html,
    text,
    tags: [{ name: 'category', value: 'shipping_kit_requested' }],
  };
}

/**
 * "Your kit is on its way" (decision 095): the e-mail the kit request promised, sent when a buyer
 * marks the kit as posted, to the address it was posted to.
 */
export function kitPostedEmail(
  config: MailConfig,
  kit: { to: string; fullName: string; enquiryId: string; addressLines: string[]; url: string },
): EmailMessage {
  const { site } = config;
  const subject = `Your insured shipping kit is on its way – ${site.name}`;
  const body = renderBody([
    p(`Hi ${firstNameOf(kit.fullName)},`),
    p(
      `We have posted the insured shipping kit for your watch (reference ${enquiryReference(kit.enquiryId)}) to:`,
    ),
    p(...kit.addressLines.flatMap((line, i) => (i === 0 ? [line] : [createElement('br'), line]))),
    p(
      'When it arrives, pack the watch as the instructions show and send it back with the prepaid, insured label. We will let you know as soon as it reaches us.',
    ),
    ...sellerPageParts(kit.url),
    kindRegards(site.name),
  ]);
  const { html, text } = layoutMessage(site, {
    title: subject,
    preheader: 'Your insured shipping kit has been posted.',
    body,
  });
  return {
    from: config.emailFrom,
    to: [kit.to],
    replyTo: enquiryReplyTo(config, kit.enquiryId) ?? site.email,
    subject,
    html,
    text,
    tags: [{ name: 'category', value: 'shipping_kit_posted' }],
  };
}

/** What the seller did on their page that the team hears of (decision 062). */
type TeamNoticeKind = 'booked' | 'rescheduled' | 'cancelled' | 'kit';

export interface TeamNoticeInput {
  to: string;
  kind: TeamNoticeKind;
  enquiryId: string;
  sellerName: string;
  timezone: string;
  /** The visit as it now stands (for a move, its new time and place); null for a kit. */
  visit: { location: AppointmentLocation; startsAt: Date } | null;
  /** A move's old time and place. */
  previous?: { location: AppointmentLocation; startsAt: Date } | null;
  /** A kit's destination, as far as the suburb: the whole address stays in the admin. */
  kitTo?: string | null;
}

/**
 * The assignee's notice (or the business's, with nobody assigned) that the seller booked, moved or
 * cancelled a visit or asked for a kit on their page, in the layout the offer-answered notice uses
 * (decision 051): the time in the business's timezone, the place, and the enquiry's admin page.
 */
export function teamNoticeEmail(
  config: Pick<AppConfig, 'appUrl' | 'site' | 'emailFrom'>,
  notice: TeamNoticeInput,
): EmailMessage {
  const { site } = config;
  const reference = enquiryReference(notice.enquiryId);
  const who = notice.sellerName.replace(/\s+/g, ' ').trim();
  const city = notice.visit?.location.city ?? '';
  const headline: Record<TeamNoticeKind, string> = {
    booked: `${who} booked a visit in ${city}`,
    rescheduled: `${who} moved their visit to ${city}`,
    cancelled: `${who} cancelled their visit in ${city}`,
    kit: `${who} asked for an insured shipping kit`,
  };
  const subject = `${headline[notice.kind]} – ${reference}`.slice(0, 200);
  const when = notice.visit ? formatVisit(notice.visit.startsAt, notice.timezone) : null;
  const adminUrl = `${config.appUrl}/admin/enquiries/${notice.enquiryId}`;
  const body = renderBody([
    p(`${headline[notice.kind]} on their enquiry page (reference ${reference}).`),
    notice.visit && when ? whenWhere(when, notice.visit.location) : null,
    notice.previous
      ? p(
          strong('Before:'),
          ` ${formatVisit(notice.previous.startsAt, notice.timezone)}, ${notice.previous.location.city}`,
        )
      : null,
    notice.kind === 'cancelled' ? p('The slot is free again.') : null,
    notice.kitTo ? p(`To be posted to ${notice.kitTo}; the address is on the enquiry.`) : null,
    buttonElement(adminUrl, 'Open the enquiry'),
  ]);
  const { html, text } = layoutMessage(site, {
    title: subject,
    preheader: when ? `${when}, ${city}` : subject,
    body,
  });
  return {
    from: config.emailFrom,
    to: [notice.to],
    subject,
    html,
    text,
    tags: [
      {
        name: 'category',
        value: `team_${notice.kind === 'kit' ? 'shipping_kit' : `appointment_${notice.kind}`}`,
      },
    ],
  };
}
