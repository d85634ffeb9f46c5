import type { PreferenceAction, PreferencesView } from '#shared/preferences/schemas.ts';
import { enterConsentConfirmed } from '../automations/entry.ts';
import type { DbExecutor, DbTransaction } from '../db/database.ts';
import type { Contact, ContactUpdate, UnsubscribeAction, UnsubscribeMethod } from '../db/types.ts';
import { maskEmail } from './mask.ts';

/** The contact columns the preferences logic reads. */
const preferenceColumns = [
  'id',
  'email',
  'email_marketing_consent',
  'sms_marketing_consent',
  'email_unsubscribed_at',
  'unsubscribe_reason',
  'sms_unsubscribed_at',
  'suppressed_at',
  'email_consent_pending',
  'sms_consent_pending',
] as const;

export type ContactPreferences = Pick<Contact, (typeof preferenceColumns)[number]>;

/** Where a change came from: recorded on the contact (consent evidence) and in unsubscribe_logs. */
export interface ChangeSource {
  method: UnsubscribeMethod;
  ip: string | null;
  userAgent: string | null;
  /** The campaign named by the link's token, if any. */
  campaignId?: string | null | undefined;
  /** The automation flow named by the link's token, if any (decision 065). */
  flowId?: string | null | undefined;
  reason?: string | null | undefined;
  now?: Date;
}

export type PreferenceActionResult =
  | { status: 'not_found' }
  | { status: 'suppressed'; contact: ContactPreferences }
  /** `logged` lists the log rows written; empty when the action changed nothing. */
  | { status: 'ok'; contact: ContactPreferences; logged: UnsubscribeAction[] };

/** docs/spec/admin.md §4: subscribed means consent given and no unsubscribe; suppression also stops e-mail. */
export function toPreferencesView(contact: ContactPreferences): PreferencesView {
  return {
    email: maskEmail(contact.email),
    emailSubscribed:
      contact.email_marketing_consent &&
      contact.email_unsubscribed_at === null &&
      contact.suppressed_at === null,
    smsSubscribed: contact.sms_marketing_consent && contact.sms_unsubscribed_at === null,
    emailSuppressed: contact.suppressed_at !== null,
    emailOptedOut: contact.email_unsubscribed_at !== null,
    smsOptedOut: contact.sms_unsubscribed_at !== null,
  };
}

export async function findContactPreferences(
  db: DbExecutor,
  contactId: string,
): Promise<ContactPreferences | null> {
  const row = await db
    .selectFrom('leads')
    .select(preferenceColumns)
    .where('id', '=', contactId)
    .executeTakeFirst();
  return row ?? null;
}

/** The contact an address belongs to (addresses are unique case-insensitively), locked for an update. */
export async function lockContactIdByEmail(trx: DbTransaction, email: string): Promise<string | null> {
  const row = await trx
    .selectFrom('leads')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .forUpdate()
    .executeTakeFirst();
  return row?.id ?? null;
}

interface Plan {
  update: ContactUpdate;
  logs: UnsubscribeAction[];
}

/**
 * Works out what an action changes. A channel already in the requested state is left alone and not
 * logged again, and the first unsubscribe time (and its reason) is never overwritten.
 */
function plan(contact: ContactPreferences, action: PreferenceAction, source: ChangeSource, now: Date): Plan {
  const update: ContactUpdate = {};
  const logs: UnsubscribeAction[] = [];
  const reason = source.reason ?? null;
  // Any answer from the address owner settles a request still waiting for confirmation (decision
  // 016): an unsubscribe withdraws it, a subscribe grants it.
  const settles = (channel: 'email' | 'sms') => {
    if (channel === 'email' && contact.email_consent_pending) update.email_consent_pending = false;
    if (channel === 'sms' && contact.sms_consent_pending) update.sms_consent_pending = false;
  };

  if (action === 'email' || action === 'both') {
    settles('email');
    if (contact.email_marketing_consent || contact.email_unsubscribed_at === null) {
      update.email_marketing_consent = false;
      if (contact.email_unsubscribed_at === null) {
        update.email_unsubscribed_at = now;
        update.unsubscribe_reason = reason;
      } else if (contact.unsubscribe_reason === null && reason !== null) {
        update.unsubscribe_reason = reason;
      }
      logs.push('email_unsubscribe');
    }
  }
  if (action === 'sms' || action === 'both') {
    settles('sms');
    if (contact.sms_marketing_consent || contact.sms_unsubscribed_at === null) {
      update.sms_marketing_consent = false;
      if (contact.sms_unsubscribed_at === null) update.sms_unsubscribed_at = now;
      logs.push('sms_unsubscribe');
    }
  }

  const consentEvidence = { consent_at: now, consent_source: 'preferences', consent_ip: source.ip };
  if (action === 'resubscribe_email') {
    settles('email');
    if (!contact.email_marketing_consent || contact.email_unsubscribed_at !== null) {
      Object.assign(update, {
        email_marketing_consent: true,
        email_unsubscribed_at: null,
        unsubscribe_reason: null,
        ...consentEvidence,
      } satisfies ContactUpdate);
      logs.push('email_resubscribe');
    }
  }
  if (action === 'resubscribe_sms') {
    settles('sms');
    if (!contact.sms_marketing_consent || contact.sms_unsubscribed_at !== null) {
      Object.assign(update, {
        sms_marketing_consent: true,
        sms_unsubscribed_at: null,
        ...consentEvidence,
      } satisfies ContactUpdate);
      logs.push('sms_resubscribe');
    }
  }
  return { update, logs };
}

/**
 * Applies one preferences action to a contact. The contact's row is locked for the whole transaction, so two
 * concurrent clicks (or a one-click POST racing the page) are serialised and log at most once.
 */
export async function applyPreferenceAction(
  trx: DbTransaction,
  contactId: string,
  action: PreferenceAction,
  source: ChangeSource,
): Promise<PreferenceActionResult> {
  const contact = await trx
    .selectFrom('leads')
    .select(preferenceColumns)
    .where('id', '=', contactId)
    .forUpdate()
    .executeTakeFirst();
  if (!contact) return { status: 'not_found' };
  // A hard bounce or complaint is the mailbox telling us to stop; a page click cannot override it.
  if (action === 'resubscribe_email' && contact.suppressed_at !== null)
    return { status: 'suppressed', contact };

  const now = source.now ?? new Date();
  const { update, logs } = plan(contact, action, source, now);
  if (Object.keys(update).length === 0) return { status: 'ok', contact, logged: [] };

  const updated = await trx
    .updateTable('leads')
    .set({ ...update, updated_at: now })
    .where('id', '=', contactId)
    .returning(preferenceColumns)
    .executeTakeFirstOrThrow();
  // Subscribing again on the page is the owner's own consent, with its evidence (decision 064).
  if (logs.includes('email_resubscribe')) await enterConsentConfirmed(trx, contactId, now);

  const campaignId = source.campaignId ?? null;
  const flowId = source.flowId ?? null;
  if (logs.length > 0)
    await trx
      .insertInto('unsubscribe_logs')
      .values((eb) =>
        logs.map((logAction) => ({
          email: contact.email,
          action: logAction,
          method: source.method,
          ip_address: source.ip,
          user_agent: source.userAgent,
          lead_id: contact.id,
          // A token outlives its campaign: a deleted campaign's id would break the foreign key, so it
          // is recorded only while the campaign still exists.
          campaign_id:
            campaignId === null
              ? null
              : eb.selectFrom('email_campaigns').select('id').where('id', '=', campaignId),
          flow_id:
            flowId === null ? null : eb.selectFrom('automation_flows').select('id').where('id', '=', flowId),
          reason: source.reason ?? null,
          created_at: now,
        })),
      )
      .execute();

  return { status: 'ok', contact: updated, logged: logs };
}

export type StillSubscribedResult = 'confirmed' | 'not_found' | 'not_subscribed';

/**
 * The re-permission answer (decision 089): a subscribed contact says they still want our e-mail,
 * which counts as engagement from now, so the sunset policy keeps them in campaigns for another
 * period. Only a contact who may receive marketing can give it; it never subscribes anyone.
 */
export async function confirmStillSubscribed(
  db: DbExecutor,
  contactId: string,
  now = new Date(),
): Promise<StillSubscribedResult> {
  const row = await db
    .updateTable('leads')
    .set({ still_subscribed_at: now })
    .where('id', '=', contactId)
    .where('email_marketing_consent', '=', true)
    .where('email_unsubscribed_at', 'is', null)
    .where('suppressed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (row) return 'confirmed';
  return (await findContactPreferences(db, contactId)) ? 'not_subscribed' : 'not_found';
}
