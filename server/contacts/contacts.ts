import { iso } from '#shared/time/iso.ts';
import { sql } from 'kysely';
import {
  CONTACT_ENQUIRIES_LIMIT,
  CONTACT_SENDS_LIMIT,
  type ContactDetail,
} from '#shared/contacts/schemas.ts';
import type { ConsentEvidence } from '#shared/contacts/consent.ts';
import { enterConsentConfirmed } from '../automations/entry.ts';
import type { DbExecutor, DbTransaction } from '../db/database.ts';

// One contact: its detail page, consent changes, creation and details (decision 050). The list,
// its filters and counts are in list.ts.

export async function getContact(db: DbExecutor, id: string): Promise<ContactDetail | null> {
  const contact = await db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirst();
  if (!contact) return null;
  const [enquiries, photos, sends, events, consentRecords] = await Promise.all([
    db
      .selectFrom('enquiries')
      .selectAll()
      .where('lead_id', '=', id)
      .orderBy('created_at', 'desc')
      .limit(CONTACT_ENQUIRIES_LIMIT)
      .execute(),
    db
      .selectFrom('uploads')
      .innerJoin('enquiries', 'enquiries.id', 'uploads.enquiry_id')
      .select(['uploads.id', 'uploads.enquiry_id'])
      .where('enquiries.lead_id', '=', id)
      // The seller's order within each enquiry (decision 026).
      .orderBy('uploads.position')
      .orderBy('uploads.created_at')
      .orderBy('uploads.id')
      .execute(),
    db
      .selectFrom('email_sends')
      .innerJoin('email_campaigns', 'email_campaigns.id', 'email_sends.campaign_id')
      .select([
        'email_sends.id',
        'email_sends.campaign_id',
        'email_campaigns.name',
        'email_sends.status',
        'email_sends.sent_at',
        'email_sends.opened_at',
        'email_sends.clicked_at',
        'email_sends.created_at',
      ])
      // A queued send is indexed by its address only (decision 044).
      .where((eb) =>
        eb.or([
          eb.and([eb('email_sends.lead_id', '=', id), eb('email_sends.status', '<>', 'queued')]),
          eb.and([
            sql<boolean>`lower(email_sends.recipient_email) = lower(${contact.email})`,
            eb('email_sends.status', '=', 'queued'),
            eb('email_sends.lead_id', '=', id),
          ]),
        ]),
      )
      .orderBy('email_sends.created_at', 'desc')
      .limit(CONTACT_SENDS_LIMIT)
      .execute(),
    db
      .selectFrom('unsubscribe_logs')
      .select(['id', 'action', 'method', 'created_at'])
      .where('lead_id', '=', id)
      .orderBy('created_at', 'desc')
      .limit(50)
      .execute(),
    db
      .selectFrom('consent_records')
      .select([
        'id',
        'channels',
        'basis',
        'note',
        sql<string>`to_char(obtained_on, 'YYYY-MM-DD')`.as('obtained_on'),
        'recorded_by',
        'created_at',
      ])
      .where('lead_id', '=', id)
      .orderBy('created_at', 'desc')
      .limit(50)
      .execute(),
  ]);
  const photosByEnquiry = new Map<string, string[]>();
  for (const photo of photos) {
    if (!photo.enquiry_id) continue;
    const list = photosByEnquiry.get(photo.enquiry_id) ?? [];
    list.push(photo.id);
    photosByEnquiry.set(photo.enquiry_id, list);
  }
  return {
    id: contact.id,
    email: contact.email,
    fullName: contact.full_name,
    phone: contact.phone,
    emailMarketingConsent: contact.email_marketing_consent,
    smsMarketingConsent: contact.sms_marketing_consent,
    emailConsentPending: contact.email_consent_pending,
    smsConsentPending: contact.sms_consent_pending,
    consentRequestedAt: iso(contact.consent_requested_at),
    emailUnsubscribedAt: iso(contact.email_unsubscribed_at),
    unsubscribeReason: contact.unsubscribe_reason,
    smsUnsubscribedAt: iso(contact.sms_unsubscribed_at),
    suppressedAt: iso(contact.suppressed_at),
    suppressionReason: contact.suppression_reason,
    consentAt: iso(contact.consent_at),
    consentSource: contact.consent_source,
    consentIp: contact.consent_ip,
    consentUserAgent: contact.consent_user_agent,
    createdAt: contact.created_at.toISOString(),
    updatedAt: contact.updated_at.toISOString(),
    enquiries: enquiries.map((e) => ({
      id: e.id,
      status: e.status,
      contactName: e.contact_name,
      contactPhone: e.contact_phone,
      emailConsentRequested: e.email_consent_requested,
      smsConsentRequested: e.sms_consent_requested,
      watchBrand: e.watch_brand,
      watchModel: e.watch_model,
      watchYear: e.watch_year,
      watchCondition: e.watch_condition,
      hasBox: e.has_box,
      hasPapers: e.has_papers,
      additionalDetails: e.additional_details,
      source: e.source,
      utmSource: e.utm_source,
      utmMedium: e.utm_medium,
      utmCampaign: e.utm_campaign,
      photoIds: photosByEnquiry.get(e.id) ?? [],
      createdAt: e.created_at.toISOString(),
    })),
    sends: sends.map((s) => ({
      id: s.id,
      campaignId: s.campaign_id,
      campaignName: s.name,
      status: s.status,
      sentAt: iso(s.sent_at),
      openedAt: iso(s.opened_at),
      clickedAt: iso(s.clicked_at),
      createdAt: s.created_at.toISOString(),
    })),
    unsubscribeEvents: events.map((e) => ({
      id: e.id,
      action: e.action,
      method: e.method,
      createdAt: e.created_at.toISOString(),
    })),
    consentRecords: consentRecords.map((r) => ({
      id: r.id,
      channels: r.channels,
      basis: r.basis,
      note: r.note,
      obtainedOn: r.obtained_on,
      recordedBy: r.recorded_by,
      createdAt: r.created_at.toISOString(),
    })),
  };
}

export interface ConsentChanges {
  emailMarketingConsent?: boolean | undefined;
  smsMarketingConsent?: boolean | undefined;
  consentEvidence?: ConsentEvidence | undefined;
}

export type UpdateContactResult =
  | { status: 'not_found' }
  /** Turning consent back on after an unsubscribe: only the contact can, through the signed link. */
  | { status: 'email_locked' }
  | { status: 'sms_locked' }
  /** A hard bounce or complaint: no campaign reaches the address, so consent would only mislead. */
  | { status: 'email_suppressed' }
  /** A channel switched on without the basis, note and date behind it. */
  | { status: 'evidence_required' }
  | { status: 'ok' };

/**
 * An admin's edit of the two consent flags (docs/spec/admin.md §4). Switching a channel on is never silent: it
 * needs the consent evidence (basis, where it is kept, the day), which is kept as a consent record,
 * and the contact's consent fields then name the admin as the source.
 */
export async function updateContactConsent(
  trx: DbTransaction,
  id: string,
  changes: ConsentChanges,
  actor: { email: string },
  now = new Date(),
): Promise<UpdateContactResult> {
  const contact = await trx
    .selectFrom('leads')
    .select([
      'email_marketing_consent',
      'sms_marketing_consent',
      'email_unsubscribed_at',
      'sms_unsubscribed_at',
      'suppressed_at',
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!contact) return { status: 'not_found' };
  const emailOn = changes.emailMarketingConsent === true && !contact.email_marketing_consent;
  const smsOn = changes.smsMarketingConsent === true && !contact.sms_marketing_consent;
  if (emailOn && contact.email_unsubscribed_at !== null) return { status: 'email_locked' };
  if (smsOn && contact.sms_unsubscribed_at !== null) return { status: 'sms_locked' };
  if (emailOn && contact.suppressed_at !== null) return { status: 'email_suppressed' };
  const evidence = changes.consentEvidence;
  if ((emailOn || smsOn) && !evidence) return { status: 'evidence_required' };
  if (evidence && (emailOn || smsOn)) {
    await trx
      .insertInto('consent_records')
      .values({
        lead_id: id,
        channels: [...(emailOn ? (['email'] as const) : []), ...(smsOn ? (['sms'] as const) : [])],
        basis: evidence.basis,
        note: evidence.note,
        obtained_on: evidence.obtainedOn,
        recorded_by: actor.email,
      })
      .execute();
  }

  await trx
    .updateTable('leads')
    .set({
      // An admin's decision either way settles a sell-form request still waiting for confirmation.
      ...(changes.emailMarketingConsent === undefined
        ? {}
        : { email_marketing_consent: changes.emailMarketingConsent, email_consent_pending: false }),
      ...(changes.smsMarketingConsent === undefined
        ? {}
        : { sms_marketing_consent: changes.smsMarketingConsent, sms_consent_pending: false }),
      ...(emailOn || smsOn
        ? {
            consent_at: now,
            consent_source: `admin:${actor.email}`,
            consent_ip: null,
            consent_user_agent: null,
          }
        : {}),
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
  // Consent an admin records with its evidence counts as confirmed (decision 064).
  if (emailOn) await enterConsentConfirmed(trx, id, now);
  return { status: 'ok' };
}

export type CreateContactResult = { status: 'exists'; id: string } | { status: 'ok'; id: string };

/**
 * A contact added by hand (decision 012). With consent evidence, e-mail marketing (and SMS when
 * asked) is on, recorded like any admin's consent (decision 012). An address on the suppression list
 * arrives suppressed (the leads trigger, decision 034).
 */
export async function createContact(
  trx: DbTransaction,
  input: {
    email: string;
    fullName: string | null;
    phone: string | null;
    consentEvidence: ConsentEvidence | null;
    smsMarketingConsent: boolean;
  },
  actor: { email: string },
  now = new Date(),
): Promise<CreateContactResult> {
  const existing = await trx
    .selectFrom('leads')
    .select('id')
    .where(sql<boolean>`lower(email) = lower(${input.email})`)
    .executeTakeFirst();
  if (existing) return { status: 'exists', id: existing.id };
  const evidence = input.consentEvidence;
  const sms = evidence !== null && input.smsMarketingConsent;
  const inserted = await trx
    .insertInto('leads')
    .values({
      email: input.email,
      full_name: input.fullName,
      phone: input.phone,
      email_marketing_consent: evidence !== null,
      sms_marketing_consent: sms,
      consent_at: evidence ? now : null,
      consent_source: evidence ? `admin:${actor.email}` : null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) {
    const winner = await trx
      .selectFrom('leads')
      .select('id')
      .where(sql<boolean>`lower(email) = lower(${input.email})`)
      .executeTakeFirstOrThrow();
    return { status: 'exists', id: winner.id };
  }
  if (evidence) {
    await trx
      .insertInto('consent_records')
      .values({
        lead_id: inserted.id,
        channels: sms ? ['email', 'sms'] : ['email'],
        basis: evidence.basis,
        note: evidence.note,
        obtained_on: evidence.obtainedOn,
        recorded_by: actor.email,
      })
      .execute();
    await enterConsentConfirmed(trx, inserted.id, now);
  }
  return { status: 'ok', id: inserted.id };
}

/** An admin's correction of a contact's name and phone (empty clears them). */
export async function updateContactDetails(
  db: DbExecutor,
  input: { id: string; fullName: string | null; phone: string | null },
  now = new Date(),
): Promise<boolean> {
  const row = await db
    .updateTable('leads')
    .set({ full_name: input.fullName, phone: input.phone, updated_at: now })
    .where('id', '=', input.id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
