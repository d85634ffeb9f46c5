import { createElement as h, type CSSProperties } from 'react';
import { enquiryReference } from '#shared/enquiries/reference.ts';
import { phoneHref } from '#shared/site/phone.ts';
import {
  channelsPhrase,
  type ConsentChannel,
  CONSENT_CONFIRMATION_TTL_DAYS,
} from '#shared/consent/messages.ts';
import type { AppConfig } from '../config/app-config.ts';
import { confirmationUrl } from '../consent/entry.ts';
import { enqueueEmail } from '../email/send-job.ts';
import { enqueueConversion } from '../conversions/entry.ts';
import { enquiryReplyTo } from '../conversation/entry.ts';
import { buttonElement, SERIF } from '../email/layout/layout.ts';
import { type BodyPart, lines, noticeHeading, p, renderBody, strong, styledP } from '../email/layout/body.ts';
import { layoutMessage } from '../email/layout/message.ts';
import type { EmailMessage } from '../email/types.ts';
import type { DbExecutor } from '../db/database.ts';
import type { JobPayload } from '../jobs/definitions.ts';
import type { AppServices } from '../services.ts';
import { getSettingsTimezone } from '../settings/entry.ts';
import { sellerPageParts } from '../seller-link/entry.ts';
import { issueSellerLink } from '../seller-link/entry.ts';
import { formatInstant } from '#shared/time/format.ts';

/** Everything both e-mails about one enquiry say, captured when it is stored. */
export interface EnquiryNotice {
  enquiryId: string;
  contactId: string;
  submittedAt: Date;
  /** The business timezone from Settings, in which the team reads the submission time. */
  timeZone: string;
  fullName: string;
  email: string;
  phone: string;
  watchBrand: string;
  watchModel: string | null;
  watchYear: number | null;
  watchCondition: string;
  hasBox: boolean;
  hasPapers: boolean;
  additionalDetails: string | null;
  /** The marketing boxes this submission ticked. */
  emailConsentRequested: boolean;
  smsConsentRequested: boolean;
  /** Channels ticked here that still wait for the address to confirm them (decision 016). */
  awaitingConfirmation: ConsentChannel[];
  utm: {
    source: string | null;
    medium: string | null;
    campaign: string | null;
    content: string | null;
    term: string | null;
  };
  photoIds: string[];
}

type NoticeConfig = Pick<AppConfig, 'appUrl' | 'appSecret' | 'site' | 'emailFrom' | 'inboundDomain'>;

/** Idempotency keys derived from the enquiry: a retried job or a replayed submission sends nothing twice. */
export function notificationKeys(enquiryId: string): { business: string; seller: string } {
  return { business: `enquiry-${enquiryId}-business`, seller: `enquiry-${enquiryId}-seller` };
}

// Read by the team in the business timezone set in Settings (Perth reads Perth time); the
// stored instant stays UTC.
function formatSubmitted(notice: EnquiryNotice): string {
  return formatInstant(notice.submittedAt, notice.timeZone, 'fullDateTime');
}

/** Header-safe: collapses line breaks and runs of spaces a free-text field may hold. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

function watchName(notice: EnquiryNotice): string {
  return oneLine([notice.watchBrand, notice.watchModel].filter(Boolean).join(' '));
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** The business's view of one box: what was ticked, and whether it is consent yet. */
function consentAnswer(notice: EnquiryNotice, channel: ConsentChannel): string {
  const ticked = channel === 'email' ? notice.emailConsentRequested : notice.smsConsentRequested;
  if (!ticked) return 'No';
  return notice.awaitingConfirmation.includes(channel)
    ? 'Requested, awaiting confirmation from the address'
    : 'Yes';
}

function addressLines(site: NoticeConfig['site']): string[] {
  const a = site.address;
  return [a.streetAddress, `${a.addressLocality} ${a.addressRegion} ${a.postalCode}`, 'Australia'];
}

/** The business's copy: every field, where the seller came from, and links into the admin. */
export function businessNotification(config: NoticeConfig, notice: EnquiryNotice): EmailMessage {
  const contactUrl = `${config.appUrl}/admin/contacts/${notice.contactId}`;
  const photoUrls = notice.photoIds.map((id) => `${config.appUrl}/api/uploads/${id}`);
  const utmRows: Array<[string, string | null]> = [
    ['UTM source', notice.utm.source],
    ['UTM medium', notice.utm.medium],
    ['UTM campaign', notice.utm.campaign],
    ['UTM content', notice.utm.content],
    ['UTM term', notice.utm.term],
  ];
  const rows: Array<[string, string]> = [
    ['Name', notice.fullName],
    ['E-mail', notice.email],
    ['Phone', notice.phone],
    ['Brand', notice.watchBrand],
    ['Model', notice.watchModel ?? 'Not given'],
    ['Year', notice.watchYear === null ? 'Not given' : String(notice.watchYear)],
    ['Condition', notice.watchCondition],
    ['Original box', yesNo(notice.hasBox)],
    ['Original papers', yesNo(notice.hasPapers)],
    ['Additional details', notice.additionalDetails ?? 'None'],
    ['E-mail marketing consent', consentAnswer(notice, 'email')],
    ['SMS marketing consent', consentAnswer(notice, 'sms')],
    ['Source', 'website'],
    ...utmRows.map(([label, value]): [string, string] => [label, value ?? '(none)']),
    ['Submitted', formatSubmitted(notice)],
    ['Enquiry id', notice.enquiryId],
  ];

  const subject = oneLine(`New watch enquiry: ${watchName(notice)} from ${notice.fullName}`).slice(0, 998);
  const cell: CSSProperties = {
    padding: '6px 12px 6px 0',
    borderBottom: '1px solid #e6ddd0',
    verticalAlign: 'top',
    textAlign: 'left',
  };
  // A table of facts (cells of class "fact"): in the text part each row reads "Label: value" (decision 051).
  const { html, text } = layoutMessage(config.site, {
    title: subject,
    preheader: `${watchName(notice)} from ${oneLine(notice.fullName)}: reply within ${config.site.claims.responseHours} hours`,
    body: renderBody([
      noticeHeading(`New watch enquiry from ${notice.fullName}`),
      buttonElement(contactUrl, 'Open the contact in the admin'),
      h(
        'table',
        {
          cellPadding: 0,
          cellSpacing: 0,
          border: 0,
          width: '100%',
          style: { borderCollapse: 'collapse', fontSize: '14px' },
        },
        h(
          'tbody',
          null,
          rows.map(([label, value]) =>
            h(
              'tr',
              { key: label },
              h(
                'th',
                { className: 'fact', scope: 'row', style: { ...cell, whiteSpace: 'nowrap' } },
                `${label}:`,
              ),
              ' ',
              h('td', { className: 'fact', style: cell }, ...lines(value)),
            ),
          ),
        ),
      ),
      h(
        'h2',
        { style: { fontFamily: SERIF, fontSize: '18px', fontWeight: 'normal', margin: '24px 0 8px' } },
        `Photos (${photoUrls.length})`,
      ),
      photoUrls.length
        ? h(
            'ol',
            null,
            photoUrls.map((url, i) => h('li', { key: url }, h('a', { href: url }, `Photo ${i + 1}`))),
          )
        : p('No photos were attached.'),
      styledP({ color: '#5c544b', fontSize: '12px' }, 'Photos open for signed-in admins only.'),
    ]),
  });

  return {
    from: config.emailFrom,
    to: [config.site.email],
    replyTo: notice.email,
    subject,
    html,
    text,
    tags: [{ name: 'category', value: 'enquiry_business' }],
  };
}

/**
 * The double opt-in request (decision 016), when this submission ticked a marketing box that still
 * waits for confirmation: fixed words and a signed link, nothing the submitter typed.
 */
function confirmationSection(config: NoticeConfig, notice: EnquiryNotice): BodyPart[] {
  if (notice.awaitingConfirmation.length === 0) return [];
  const url = confirmationUrl(config, {
    contactId: notice.contactId,
    enquiryId: notice.enquiryId,
    email: notice.email,
    submittedAt: notice.submittedAt,
  });
  const what = `market updates and offers by ${channelsPhrase(notice.awaitingConfirmation)}`;
  const ignore = 'If you did not ask for them, ignore this part: you will not receive any marketing from us.';
  return [
    p(`You asked to receive ${what}. Please confirm within ${CONSENT_CONFIRMATION_TTL_DAYS} days:`),
    buttonElement(url, 'Confirm my subscription'),
    styledP({ color: '#5c544b', fontSize: '13px' }, ignore),
  ];
}

/**
 * The seller's acknowledgement: the response promise, the link to their private page (decision
 * 059) and how to reach the business meanwhile.
 */
export function sellerAcknowledgement(
  config: NoticeConfig,
  notice: EnquiryNotice,
  sellerPageUrl: string,
): EmailMessage {
  const { site } = config;
  const firstName = notice.fullName.split(/\s+/)[0] ?? notice.fullName;
  const hours = site.claims.responseHours;
  // Only the brand, a fixed choice: the address was typed by whoever submitted, so nothing else
  // they typed (model, details) goes to it; their own name is the one exception (decision 016).
  const watch = notice.watchBrand === 'Other' ? 'watch' : `${oneLine(notice.watchBrand)} watch`;
  const address = addressLines(site);
  const body = renderBody([
    p(`Hi ${firstName},`),
    p(
      `Thank you for sending us the details of your ${watch}. We'll review your watch details and get back to you within ${hours} hours.`,
    ),
    p('Your reference: ', strong(enquiryReference(notice.enquiryId))),
    p(
      `${notice.photoIds.length ? `We received ${notice.photoIds.length} photo${notice.photoIds.length === 1 ? '' : 's'}. ` : ''}If you would like to add anything, reply to this e-mail or call us.`,
    ),
    p('Follow your enquiry, see our offer and send us a message on your own page:'),
    ...sellerPageParts(sellerPageUrl),
    ...confirmationSection(config, notice),
    p(
      '\nPhone: ',
      // Non-breaking spaces: a number split over two lines is misread (and mis-dialled).
      h('a', { href: phoneHref(site.phone) }, site.phone.replace(/ /g, '\u00a0')),
      h('br'),
      '\nE-mail: ',
      h('a', { href: `mailto:${site.email}` }, site.email),
      h('br'),
      `\nAddress: ${address.join(', ')}\n`,
    ),
    p('Kind regards,', h('br'), site.name),
  ]);
  const subject = `We've received your watch details – ${site.name}`;
  // The legal identity is the layout's footer now (decision 051).
  const { html, text } = layoutMessage(site, {
    title: subject,
    preheader: `We received your ${watch} – reference ${enquiryReference(notice.enquiryId)}`,
    body,
  });

  return {
    from: config.emailFrom,
    to: [notice.email],
    // The seller's answer comes back onto the enquiry (decision 060), or to the business's inbox.
    replyTo: enquiryReplyTo(config, notice.enquiryId) ?? site.email,
    subject,
    html,
    text,
    tags: [{ name: 'category', value: 'enquiry_acknowledgement' }],
  };
}

/** Everything the e-mails say, read back from the database; null when the enquiry no longer exists. */
export async function loadEnquiryNotice(db: DbExecutor, enquiryId: string): Promise<EnquiryNotice | null> {
  const row = await db
    .selectFrom('enquiries')
    .innerJoin('leads', 'leads.id', 'enquiries.lead_id')
    .select([
      'enquiries.id',
      'enquiries.lead_id',
      'enquiries.created_at',
      'enquiries.watch_brand',
      'enquiries.watch_model',
      'enquiries.watch_year',
      'enquiries.watch_condition',
      'enquiries.has_box',
      'enquiries.has_papers',
      'enquiries.additional_details',
      'enquiries.utm_source',
      'enquiries.utm_medium',
      'enquiries.utm_campaign',
      'enquiries.utm_content',
      'enquiries.utm_term',
      'enquiries.contact_name',
      'enquiries.contact_phone',
      'enquiries.email_consent_requested',
      'enquiries.sms_consent_requested',
      'leads.full_name',
      'leads.email',
      'leads.phone',
      'leads.email_consent_pending',
      'leads.sms_consent_pending',
    ])
    .where('enquiries.id', '=', enquiryId)
    .executeTakeFirst();
  if (!row) return null;
  const timeZone = await getSettingsTimezone(db);
  const photos = await db
    .selectFrom('uploads')
    .select('id')
    .where('enquiry_id', '=', enquiryId)
    // The seller's order, then any added later (decision 026).
    .orderBy('position')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return {
    enquiryId: row.id,
    contactId: row.lead_id,
    submittedAt: row.created_at,
    timeZone,
    // What this enquiry submitted; the contact's record for enquiries stored before it was kept.
    fullName: row.contact_name ?? row.full_name ?? row.email,
    email: row.email,
    phone: row.contact_phone ?? row.phone ?? '',
    watchBrand: row.watch_brand,
    watchModel: row.watch_model,
    watchYear: row.watch_year,
    watchCondition: row.watch_condition,
    hasBox: row.has_box,
    hasPapers: row.has_papers,
    additionalDetails: row.additional_details,
    emailConsentRequested: row.email_consent_requested,
    smsConsentRequested: row.sms_consent_requested,
    awaitingConfirmation: [
      ...(row.email_consent_requested && row.email_consent_pending ? (['email'] as const) : []),
      ...(row.sms_consent_requested && row.sms_consent_pending ? (['sms'] as const) : []),
    ],
    utm: {
      source: row.utm_source,
      medium: row.utm_medium,
      campaign: row.utm_campaign,
      content: row.utm_content,
      term: row.utm_term,
    },
    photoIds: photos.map((p) => p.id),
  };
}

/**
 * Handler of `enquiry.notify`: queues both e-mails through the e-mail module, in one transaction so
 * it is both or neither. Running it twice (a retry) queues them again, but their idempotency keys make
 * the provider (or the outbox) keep the first of each, so nobody is e-mailed twice.
 */
export async function runEnquiryNotifyJob(
  services: Pick<AppServices, 'db' | 'jobs' | 'config'>,
  payload: JobPayload<'enquiry.notify'>,
): Promise<{ queued: boolean }> {
  const notice = await loadEnquiryNotice(services.db, payload.enquiryId);
  if (!notice) return { queued: false };
  const keys = notificationKeys(notice.enquiryId);
  await services.db.transaction().execute(async (trx) => {
    const about = { aboutEnquiryIds: [notice.enquiryId] };
    await enqueueEmail(
      services,
      businessNotification(services.config, notice),
      keys.business,
      { trx },
      about,
    );
    const link = await issueSellerLink(trx, services.config, notice.enquiryId);
    await enqueueEmail(
      services,
      sellerAcknowledgement(services.config, notice, link.url),
      keys.seller,
      { trx },
      about,
    );
    // Here rather than in the submission's own statement: the public request stays one round trip.
    await enqueueConversion(services, trx, notice.enquiryId, 'Lead');
  });
  return { queued: true };
}
