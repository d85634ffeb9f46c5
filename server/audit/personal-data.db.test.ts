import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { callerFor, recordingJobQueue, testServices } from '#test/support/services.ts';
import { up as stripPastRows } from '../../migrations/20261126061500_audit_without_personal_text.ts';
import type { SessionUser } from '../auth/session.ts';
import { createUser, grantAdmin } from '../auth/users.ts';
import { appRouter } from '../trpc/router.ts';
import type { ProcedureMeta } from '../trpc/trpc.ts';
import { PERSONAL_VALUE, withoutPersonalData } from './audit.ts';

// Decision 036: the append-only audit log outlives an erasure, so it never holds what erasure
// removes. Rows keep ids, field names and the before/after of non-personal fields.

const EMAIL = 'ottoline.vandersloot@example.com';
const NAME = 'Ottoline Vandersloot';
const PHONE = '0488 765 432';
const NEEDLES = [EMAIL, NAME, 'Ottoline', 'Vandersloot', PHONE, '0488765432'];

/**
 * Every admin mutation, with the input fields it declares personal. A new mutation fails the walk
 * until it is classified here: whoever adds one decides what of its input may be kept for ever.
 * Empty: its input holds ids, choices, figures, or the business's own text (campaigns, templates,
 * segments, settings), or staff addresses (team).
 */
const PERSONAL_INPUT: Record<string, readonly string[]> = {
  'admin.campaigns.saveDraft': ['testEmails'],
  'admin.campaigns.sendNow': ['testEmails'],
  'admin.campaigns.schedule': ['testEmails'],
  'admin.campaigns.sendTest': ['to'],
  'admin.campaigns.pause': [],
  'admin.campaigns.resume': [],
  'admin.campaigns.retryFailed': [],
  'admin.campaigns.cancel': [],
  'admin.campaigns.duplicate': [],
  'admin.campaigns.delete': [],
  'admin.campaigns.copyForNonOpeners': [],
  // The import's consent note describes the file's source ("CRM export of buyers, 2025"), not a person.
  'admin.contactImports.dryRun': [],
  'admin.contactImports.start': [],
  'admin.contactImports.cancel': [],
  'admin.contacts.update': ['consentEvidence.note'],
  'admin.contacts.create': ['email', 'fullName', 'phone', 'consentEvidence.note'],
  'admin.contacts.updateDetails': ['fullName', 'phone'],
  'admin.contacts.erase': ['confirmation'],
  'admin.enquiries.setStatus': [
    'reason',
    'purchase.sellerName',
    'purchase.sellerAddress',
    'purchase.idNumber',
    'purchase.idExpiry',
    'purchase.identifyingMarks',
    'purchase.cddDateOfBirth',
    'purchase.cddOccupation',
  ],
  'admin.enquiries.assign': [],
  // Reading the seller's messages and replacing their page link carry only the enquiry's id.
  'admin.enquiries.markRead': [],
  // Filing unmatched mail names two ids; a dismissal's reason is free text about the sender.
  'admin.unmatchedMail.file': [],
  'admin.unmatchedMail.dismiss': ['reason'],
  'admin.enquiries.revokeSellerLink': [],
  'admin.enquiries.revealSellerLink': [],
  'admin.enquiries.addNote': ['body'],
  'admin.enquiries.recordOffer': ['conditions'],
  'admin.enquiries.reply': ['subject', 'html'],
  // The register's settings and a serial number name no person; a release reason is free text.
  'admin.register.saveSettings': [],
  'admin.register.setSerial': [],
  'admin.register.revealIdentity': [],
  'admin.register.release': ['reason'],
  // A check names a register and its reference; a police notice its officer, station and
  // reference, none of them the seller's; its notes are free text (decision 071).
  'admin.register.recordCheck': [],
  'admin.register.recordNotice': ['notes'],
  'admin.register.completeDeadline': [],
  // The suspicious-matter note is staff-only and never copied into the audit row (decision 070).
  'admin.register.noteSuspiciousMatter': ['note'],
  'admin.register.liftNotice': [],
  // Slot rules, a kit's id and a visit's id and outcome name no person (the address is the
  // seller's, typed on their page).
  'admin.appointments.saveSettings': [],
  'admin.appointments.markKitDispatched': [],
  'admin.appointments.markOutcome': [],
  // A flow's name, description and steps name no person (decision 066).
  'admin.automations.create': [],
  'admin.automations.delete': [],
  'admin.automations.save': [],
  'admin.automations.setState': [],
  'admin.segments.save': [],
  'admin.segments.delete': [],
  'admin.settings.update': [],
  'admin.domainHealth.checkNow': [],
  'admin.insight.updateSettings': [],
  'admin.insight.setWeeklySummary': [],
  'admin.suppressions.add': ['addresses', 'note'],
  // Why an address may be mailed again, kept as decision 034 asks.
  'admin.suppressions.remove': [],
  'admin.team.changeRole': [],
  'admin.team.endSessions': [],
  'admin.team.remove': [],
  'admin.team.invite': [],
  'admin.team.resendInvitation': [],
  'admin.team.revokeInvitation': [],
  'admin.team.resetTwoFactor': [],
  'admin.team.setTwoFactorPolicy': [],
  // Ids and a role: the requester's address is never in the input.
  'admin.team.approveAccessRequest': [],
  'admin.team.dismissAccessRequest': [],
  'admin.templates.create': [],
  'admin.templates.update': [],
  'admin.templates.delete': [],
  'admin.templates.duplicate': [],
  'admin.templates.sendTest': ['to', 'samples'],
  'admin.templates.createFromBlocks': [],
  'admin.templates.updateFromBlocks': [],
};

describe('the audit log holds no personal data (decision 036)', () => {
  const t = useTestDatabase();
  let owner: SessionUser;
  const api = () => callerFor(testServices(t.db, { jobs: recordingJobQueue() }), owner).admin;

  /** Audit rows (every column, as text) that contain any of the needles. */
  async function rowsNaming(needles: readonly string[]): Promise<string[]> {
    const hits: string[] = [];
    for (const needle of needles) {
      const found = await sql<{ row: string }>`
        SELECT a::text AS row FROM audit_log a WHERE strpos(lower(a::text), lower(${needle})) > 0`.execute(
        t.db,
      );
      hits.push(...found.rows.map((r) => `${needle}: ${r.row}`));
    }
    return hits;
  }

  async function summaryOf(action: string): Promise<Record<string, unknown>> {
    const row = await t.db
      .selectFrom('audit_log')
      .select('summary')
      .where('action', '=', action)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return row.summary;
  }

  beforeAll(async () => {
    const user = await createUser(t.db, { email: 'privacy-owner@example.com', password: 'x-password-1' });
    await grantAdmin(t.db, user.email);
    owner = { id: user.id, email: user.email, role: 'owner' };
  });

  it('erasing a contact with a note, an offer and a reply naming them leaves no row naming them', async () => {
    const { id: contactId } = await api().contacts.create({
      email: EMAIL,
      fullName: NAME,
      phone: PHONE,
      consentEvidence: {
        basis: 'in_person',
        note: `${NAME} ticked the box at the counter, ${PHONE}`,
        obtainedOn: '2026-11-01',
      },
    });
    await api().contacts.updateDetails({ id: contactId, fullName: NAME, phone: PHONE });
    const enquiry = await t.db
      .insertInto('enquiries')
      .values({
        lead_id: contactId,
        contact_name: NAME,
        contact_phone: PHONE,
        watch_brand: 'Rolex',
        watch_condition: 'excellent',
        additional_details: `Inherited by ${NAME}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = enquiry.id;
    await api().enquiries.addNote({ id, body: `Called ${NAME} on ${PHONE}; prefers ${EMAIL}` });
    await api().enquiries.recordOffer({
      id,
      amountCents: 1_250_000,
      validUntil: '2099-01-31',
      conditions: `Paid to ${NAME} after inspection; call ${PHONE}`,
    });
    await api().enquiries.reply({
      id,
      templateId: null,
      subject: `Your Rolex, ${NAME}`,
      html: `<p>Dear ${NAME}, we will call ${PHONE}.</p>`,
    });
    await api().enquiries.assign({ id, assigneeId: owner.id });
    await api().enquiries.setStatus({ id, to: 'lost', reason: `${NAME} sold it elsewhere` });
    await api().campaigns.saveDraft({
      name: 'Preview for a customer',
      subject: 'Prices',
      htmlContent: '<p>Hello</p>',
      isTestMode: true,
      testEmails: [EMAIL],
    });
    // A draft's test addresses changed later: the before/after says so, without the addresses.
    const draft = await api().campaigns.saveDraft({
      name: 'Preview edited later',
      subject: 'Prices',
      htmlContent: '<p>Hello</p>',
      isTestMode: true,
      testEmails: ['qa@example.com'],
    });
    await api().campaigns.saveDraft({
      id: draft.campaign.id,
      name: 'Preview edited later',
      subject: 'Prices',
      htmlContent: '<p>Hello</p>',
      isTestMode: true,
      testEmails: [EMAIL],
    });
    await api().suppressions.add({ addresses: [EMAIL], reason: 'manual', note: `${NAME} asked by phone` });
    // Their own words when they left, read into the erasure's before/after.
    await t.db
      .updateTable('leads')
      .set({ unsubscribe_reason: `I am ${NAME}, stop`, email_unsubscribed_at: new Date() })
      .where('id', '=', contactId)
      .execute();

    await api().contacts.erase({ id: contactId, confirmation: EMAIL });

    expect(await rowsNaming(NEEDLES)).toEqual([]);
    // What the rows still say: which record, which fields, and the figures that are not personal.
    expect(await summaryOf('admin.enquiries.addNote')).toEqual({ input: { id, body: PERSONAL_VALUE } });
    expect(await summaryOf('admin.enquiries.recordOffer')).toMatchObject({
      input: { id, amountCents: 1_250_000, validUntil: '2099-01-31', conditions: PERSONAL_VALUE },
    });
    expect(await summaryOf('admin.enquiries.reply')).toMatchObject({
      input: { id, templateId: null, subject: PERSONAL_VALUE, html: PERSONAL_VALUE },
    });
    expect(await summaryOf('admin.enquiries.setStatus')).toMatchObject({
      input: { id, to: 'lost', reason: PERSONAL_VALUE },
      changes: { status: { before: 'offer_made', after: 'lost' } },
    });
    expect(await summaryOf('admin.contacts.create')).toMatchObject({
      input: { consentEvidence: { basis: 'in_person', note: PERSONAL_VALUE, obtainedOn: '2026-11-01' } },
    });
    expect(await summaryOf('admin.suppressions.add')).toMatchObject({
      input: { addresses: PERSONAL_VALUE, reason: 'manual', note: PERSONAL_VALUE },
    });
    expect(await summaryOf('admin.campaigns.saveDraft')).toMatchObject({
      input: { testEmails: PERSONAL_VALUE, isTestMode: true },
    });
    const edited = await t.db
      .selectFrom('audit_log')
      .select('summary')
      .where('action', '=', 'admin.campaigns.saveDraft')
      .where('entity_id', '=', draft.campaign.id)
      .executeTakeFirstOrThrow();
    expect(edited.summary['changes']).toEqual({ test_emails: 'changed' });
    const erased = await t.db
      .selectFrom('audit_log')
      .select(['entity_id', 'summary'])
      .where('action', '=', 'admin.contacts.erase')
      .executeTakeFirstOrThrow();
    expect(erased.entity_id).toBe(contactId);
    expect(erased.summary['changes']).toMatchObject({ unsubscribe_reason: 'changed', full_name: 'changed' });
  });

  it('strips the same text from rows written before the rule, and the log stays append-only', async () => {
    const old = (action: string, summary: object) => ({
      actor_email: 'old-admin@example.com',
      action,
      entity_type: 'enquiries',
      entity_id: '00000000-0000-4000-8000-0000000000aa',
      summary: JSON.stringify(summary),
    });
    await t.db
      .insertInto('audit_log')
      .values([
        old('admin.enquiries.addNote', { input: { id: 'e1', body: `Met ${NAME}` } }),
        old('admin.enquiries.recordOffer', {
          input: { id: 'e1', amountCents: 5, validUntil: null, conditions: `For ${NAME}` },
        }),
        old('admin.enquiries.reply', { input: { id: 'e1', subject: `Hi ${NAME}`, html: `<p>${PHONE}</p>` } }),
        old('admin.enquiries.setStatus', { input: { id: 'e1', to: 'lost', reason: `${NAME} left` } }),
        old('admin.contacts.update', {
          input: {
            id: 'c1',
            emailMarketingConsent: true,
            consentEvidence: { basis: 'in_person', note: NAME },
          },
        }),
        old('admin.contacts.erase', {
          input: { id: 'c1', confirmation: '[personal data]' },
          changes: { unsubscribe_reason: { before: `${NAME} here`, after: null }, full_name: 'changed' },
        }),
        old('admin.suppressions.remove', {
          input: { id: 's1', note: 'Consent confirmed' },
          changes: {
            note: { before: `${NAME} asked`, after: null },
            reason: { before: 'manual', after: null },
          },
        }),
        old('exports.contacts', { filter: { filter: 'all', search: 'vandersloot' } }),
        old('admin.enquiries.recordOffer', { input: { id: 'e2', amountCents: 7, conditions: null } }),
      ])
      .execute();
    expect((await rowsNaming(NEEDLES)).length).toBeGreaterThan(0);

    await stripPastRows(t.db);

    expect(await rowsNaming(NEEDLES)).toEqual([]);
    const rows = await t.db
      .selectFrom('audit_log')
      .select(['action', 'summary'])
      .where('actor_email', '=', 'old-admin@example.com')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.summary)).toEqual([
      { input: { id: 'e1', body: PERSONAL_VALUE } },
      { input: { id: 'e1', amountCents: 5, validUntil: null, conditions: PERSONAL_VALUE } },
      { input: { id: 'e1', subject: PERSONAL_VALUE, html: PERSONAL_VALUE } },
      { input: { id: 'e1', to: 'lost', reason: PERSONAL_VALUE } },
      {
        input: {
          id: 'c1',
          emailMarketingConsent: true,
          consentEvidence: { basis: 'in_person', note: PERSONAL_VALUE },
        },
      },
      {
        input: { id: 'c1', confirmation: PERSONAL_VALUE },
        changes: { unsubscribe_reason: 'changed', full_name: 'changed' },
      },
      {
        // The removal note says why an address may be mailed again (decision 034): kept.
        input: { id: 's1', note: 'Consent confirmed' },
        changes: { note: 'changed', reason: { before: 'manual', after: null } },
      },
      { filter: { filter: 'all', search: PERSONAL_VALUE } },
      // Nothing given, nothing to strip.
      { input: { id: 'e2', amountCents: 7, conditions: null } },
    ]);
    await expect(sql`UPDATE audit_log SET summary = '{}'::jsonb`.execute(t.db)).rejects.toThrow(
      'audit_log is append-only',
    );
    await expect(sql`DELETE FROM audit_log`.execute(t.db)).rejects.toThrow('audit_log is append-only');
  });

  it('every admin mutation is classified: which of its input fields are personal', () => {
    // At run time tRPC keeps the procedures flat, keyed by dotted path (its type nests them).
    const procedures = appRouter._def.procedures as unknown as Record<
      string,
      { _def: { type: string; meta?: ProcedureMeta } }
    >;
    const declared = Object.fromEntries(
      Object.entries(procedures)
        .filter(([path, procedure]) => path.startsWith('admin.') && procedure._def.type === 'mutation')
        .map(([path, procedure]) => [path, procedure._def.meta?.personalInput ?? []]),
    );
    expect(declared).toEqual(PERSONAL_INPUT);
  });

  it('names a personal field without its value, nested and in lists, and keeps what was not given', () => {
    expect(
      withoutPersonalData(
        {
          id: 'x',
          note: 'Ottoline',
          empty: '',
          none: null,
          evidence: { basis: 'in_person', note: 'Ottoline' },
          rows: [{ name: 'A' }, { name: null }],
        },
        ['note', 'empty', 'none', 'evidence.note', 'rows.name', 'missing', 'evidence.missing.deeper'],
      ),
    ).toEqual({
      id: 'x',
      note: PERSONAL_VALUE,
      empty: '',
      none: null,
      evidence: { basis: 'in_person', note: PERSONAL_VALUE },
      rows: [{ name: PERSONAL_VALUE }, { name: null }],
    });
  });
});
