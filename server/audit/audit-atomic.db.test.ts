import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_UPLOAD_PATH } from '#shared/contacts/import.ts';
import type { CampaignStatus } from '../db/types.ts';
import type { Database } from '../db/database.ts';
import { type AppServer, createServer } from '../app.ts';
import { verifyPassword } from '../auth/password.ts';
import { createPasswordResetToken } from '../auth/password-reset.ts';
import { createSession, generateSessionToken, type SessionUser } from '../auth/session.ts';
import { totpAt, totpStep } from '../auth/totp.ts';
import { createUser, grantAdmin } from '../auth/users.ts';
import type { JobPayload } from '../jobs/definitions.ts';
import { createImport } from '../contacts/import/import.ts';
import { issueSellerLink } from '../seller-link/seller-link.ts';
import { appRouter } from '../trpc/router.ts';
import { seedSubscribers } from '#test/support/campaign-fixtures.ts';
import { purchaseRecord } from '#test/support/register.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { startFakeDns } from '#test/support/fake-dns.ts';
import {
  callerAt,
  callerFor,
  codeOf,
  recordingJobQueue,
  TEST_APP_URL,
  testConfig,
  testServices,
} from '#test/support/services.ts';

const html = `<html><body><p>Hello {{first_name}}, this month's watch prices.</p>
<p><a href="{{unsubscribe_url}}">Unsubscribe</a></p></body></html>`;
const draft = {
  name: 'Audit walk',
  subject: 'Prices',
  htmlContent: html,
  isTestMode: false,
  testEmails: [],
};

/** A signed-in Owner for calling the admin procedures directly. */
async function createOwner(db: Database, email: string): Promise<SessionUser> {
  const user = await createUser(db, { email, password: 'unused-pass-1', verified: true });
  await grantAdmin(db, user.email, 'owner');
  return { id: user.id, email: user.email, role: 'owner' };
}

// Decision 030: every admin mutation writes its audit row in its own transaction. This walks the
// router: a mutation without a successful call below fails the first test, and each call below
// must leave exactly one row naming its procedure.
describe('every admin mutation, called successfully, writes one audit row', () => {
  const t = useTestDatabase();
  let owner: SessionUser;
  const api = () => callerFor(testServices(t.db, { jobs: recordingJobQueue() }), owner).admin;

  beforeAll(async () => {
    owner = await createOwner(t.db, 'walk-owner@example.com');
    await seedSubscribers(t.db, 3, 'walk');
  });

  const campaign = async (status: CampaignStatus) =>
    (
      await t.db
        .insertInto('email_campaigns')
        .values({ name: `Walk ${status}`, subject: 'S', html_content: html, status })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const template = async () => (await api().templates.create({ ...templateInput, templateName: 'Walk' })).id;
  const enquiry = async () => {
    const contact = await t.db
      .insertInto('leads')
      .values({ email: `walk-seller-${Math.random().toString(36).slice(2)}@example.com`, full_name: 'Sam' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return await t.db
      .insertInto('enquiries')
      .values({ lead_id: contact.id, watch_brand: 'Rolex', watch_condition: 'Good' })
      .returning(['id', 'lead_id'])
      .executeTakeFirstOrThrow();
  };
  /** A reply whose address named no enquiry (decision 060): its message's id. */
  const unmatchedMail = async () =>
    (
      await t.db
        .insertInto('enquiry_incoming_messages')
        .values({ enquiry_id: null, source: 'email', from_email: 'walk@example.com', body_text: 'Hello' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  /** A purchase recorded on a new Accepted enquiry (decision 058): its register entry's id. */
  const purchase = async () => {
    const { id } = await enquiry();
    await t.db.updateTable('enquiries').set({ status: 'accepted' }).where('id', '=', id).execute();
    await api().enquiries.setStatus({ id, to: 'purchased', purchase: purchaseRecord(owner.id) });
    const view = await api().register.forEnquiry({ id });
    return view.purchase!.id;
  };
  /** An open sign-up, as the public form leaves it (decision 047): its account's id. */
  const accessRequest = async (email: string) => {
    await callerAt(testServices(t.db, { jobs: recordingJobQueue() }), '198.51.100.60').auth.signUp({
      email,
      password: 'walk-sign-up-passphrase-2026',
    });
    return (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow())
      .id;
  };
  const member = async (email: string) => {
    const user = await createUser(t.db, { email, password: 'unused-pass-1', verified: true });
    await grantAdmin(t.db, email, 'viewer');
    return user.id;
  };
  const templateInput = {
    templateName: 'Walk template',
    subject: 'Hello {{first_name}}',
    description: 'x',
    htmlContent: html,
    variables: ['first_name'],
  };

  /** A template built from blocks (decision 054): a heading and the fixed footer. */
  const blocksInput = {
    templateName: 'Walk blocks',
    subject: 'Hello {{first_name}}',
    preheader: '',
    variables: [],
    variableDefaults: {},
    blocks: {
      version: 1 as const,
      blocks: [
        { type: 'heading' as const, text: 'We are buying', level: 1 as const },
        { type: 'footer' as const },
      ],
    },
  };

  const evidence = {
    basis: 'existing_customer',
    note: 'CRM export, 2025',
    obtainedOn: '2025-06-01',
  } as const;
  const importDraft = async () => {
    const created = await createImport(t.db, {
      text: `Email,Name\nwalk-import-${Math.random().toString(36).slice(2)}@example.com,Imp\n`,
      fileName: 'walk.csv',
      actorEmail: owner.email,
    });
    if (created.status !== 'ok') throw new Error(created.message);
    return { id: created.id, mapping: { email: 0, fullName: 1 }, consent: evidence };
  };
  const segmentInput = (name: string) => ({
    name,
    match: 'all' as const,
    conditions: [{ kind: 'consent' as const, state: 'subscribed' as const }],
  });

  /** A flow sending one marketing template (decision 066). */
  const flowInput = async (name: string) => ({
    name,
    description: '',
    trigger: { type: 'consent_confirmed' as const },
    reentry: 'once' as const,
    respectQuietHours: true,
    steps: [
      { id: 'send', type: 'send' as const, templateId: await template(), template: 'marketing' as const },
    ],
  });

  const CALLS: Record<string, () => Promise<unknown>> = {
    'admin.campaigns.saveDraft': () => api().campaigns.saveDraft(draft),
    'admin.campaigns.sendTest': () =>
      api().campaigns.sendTest({
        to: 'me@example.com',
        name: 'T',
        subject: 'S',
        htmlContent: html,
        variables: {},
      }),
    'admin.campaigns.duplicate': async () => api().campaigns.duplicate({ id: await campaign('completed') }),
    'admin.campaigns.delete': async () => api().campaigns.delete({ id: await campaign('draft') }),
    'admin.campaigns.sendNow': () => api().campaigns.sendNow(draft),
    'admin.campaigns.schedule': () => api().campaigns.schedule({ ...draft, scheduledAt: '2099-01-01 10:00' }),
    'admin.campaigns.pause': async () => api().campaigns.pause({ id: await campaign('sending') }),
    'admin.campaigns.resume': async () => api().campaigns.resume({ id: await campaign('paused') }),
    'admin.campaigns.cancel': async () => api().campaigns.cancel({ id: await campaign('sending') }),
    'admin.campaigns.retryFailed': async () => {
      const id = await campaign('completed');
      await t.db
        .insertInto('email_sends')
        .values({ campaign_id: id, recipient_email: 'walk-1@example.com', status: 'failed' })
        .execute();
      return api().campaigns.retryFailed({ id });
    },
    'admin.campaigns.copyForNonOpeners': async () =>
      api().campaigns.copyForNonOpeners({ id: await campaign('completed'), subject: 'Did you see?' }),
    'admin.segments.save': () => api().segments.save(segmentInput('Walk segment')),
    'admin.segments.delete': async () =>
      api().segments.delete(await api().segments.save(segmentInput('Walk segment to delete'))),
    'admin.automations.create': async () => api().automations.create(await flowInput('Walk flow')),
    'admin.automations.save': async () => {
      const { id } = await api().automations.create(await flowInput('Walk flow to save'));
      return api().automations.save({ id, baseVersion: 1, definition: await flowInput('Walk flow to save') });
    },
    'admin.automations.setState': async () => {
      const { id } = await api().automations.create(await flowInput('Walk flow to switch'));
      return api().automations.setState({ id, state: 'live' });
    },
    'admin.automations.delete': async () =>
      api().automations.delete(await api().automations.create(await flowInput('Walk flow to delete'))),
    'admin.contacts.create': () =>
      api().contacts.create({
        email: 'walk-added@example.com',
        fullName: 'Added',
        consentEvidence: evidence,
      }),
    'admin.contacts.updateDetails': async () =>
      api().contacts.updateDetails({ id: (await enquiry()).lead_id, fullName: 'Sam Seller', phone: null }),
    'admin.contacts.erase': async () => {
      const { lead_id } = await enquiry();
      const contact = await t.db
        .selectFrom('leads')
        .select('email')
        .where('id', '=', lead_id)
        .executeTakeFirstOrThrow();
      return api().contacts.erase({ id: lead_id, confirmation: contact.email });
    },
    'admin.contactImports.dryRun': async () => api().contactImports.dryRun(await importDraft()),
    'admin.contactImports.start': async () => {
      const draft = await importDraft();
      await api().contactImports.dryRun(draft);
      return api().contactImports.start({ id: draft.id });
    },
    'admin.contactImports.cancel': async () => {
      const draft = await importDraft();
      await api().contactImports.dryRun(draft);
      await api().contactImports.start({ id: draft.id });
      return api().contactImports.cancel({ id: draft.id });
    },
    'admin.suppressions.add': () =>
      api().suppressions.add({ addresses: ['walk-blocked@example.com'], reason: 'manual' }),
    'admin.suppressions.remove': async () => {
      await api().suppressions.add({ addresses: ['walk-lifted@example.com'], reason: 'manual' });
      const listed = await api().suppressions.list({ search: 'walk-lifted' });
      return api().suppressions.remove({ id: listed.rows[0]!.id, note: 'Asked us to write again' });
    },
    'admin.templates.create': () => api().templates.create(templateInput),
    'admin.templates.createFromBlocks': () =>
      api().templates.createFromBlocks({ ...blocksInput, templateName: 'Walk blocks new' }),
    'admin.templates.updateFromBlocks': async () => {
      const created = await api().templates.createFromBlocks({
        ...blocksInput,
        templateName: 'Walk blocks',
      });
      return api().templates.updateFromBlocks({ ...blocksInput, id: created.id, subject: 'Changed' });
    },
    'admin.templates.update': async () =>
      api().templates.update({ ...templateInput, id: await template(), subject: 'Changed' }),
    'admin.templates.delete': async () => api().templates.delete({ id: await template() }),
    'admin.templates.duplicate': async () => api().templates.duplicate({ id: await template() }),
    'admin.templates.sendTest': async () =>
      api().templates.sendTest({ id: await template(), to: 'me@example.com', samples: {} }),
    'admin.enquiries.setStatus': async () =>
      api().enquiries.setStatus({ id: (await enquiry()).id, to: 'contacted' }),
    'admin.enquiries.assign': async () =>
      api().enquiries.assign({ id: (await enquiry()).id, assigneeId: owner.id }),
    'admin.enquiries.addNote': async () =>
      api().enquiries.addNote({ id: (await enquiry()).id, body: 'Called' }),
    'admin.enquiries.recordOffer': async () =>
      api().enquiries.recordOffer({
        id: (await enquiry()).id,
        amountCents: 500_000,
        validUntil: null,
        conditions: null,
      }),
    'admin.enquiries.reply': async () =>
      api().enquiries.reply({ id: (await enquiry()).id, templateId: null, subject: 'Hi', html: '<p>Hi</p>' }),
    'admin.enquiries.markRead': async () => api().enquiries.markRead({ id: (await enquiry()).id }),
    'admin.unmatchedMail.file': async () =>
      api().unmatchedMail.file({ id: await unmatchedMail(), enquiryId: (await enquiry()).id }),
    'admin.unmatchedMail.dismiss': async () =>
      api().unmatchedMail.dismiss({ id: await unmatchedMail(), reason: 'Not a seller' }),
    'admin.enquiries.revokeSellerLink': async () =>
      api().enquiries.revokeSellerLink({ id: (await enquiry()).id }),
    'admin.enquiries.revealSellerLink': async () => {
      const { id } = await enquiry();
      await issueSellerLink(t.db, testConfig(), id);
      return api().enquiries.revealSellerLink({ id, use: 'copy' });
    },
    'admin.register.saveSettings': () =>
      api().register.saveSettings({ state: 'NSW', amlCddEnabled: false, retentionYears: 7 }),
    'admin.register.setSerial': async () =>
      api().register.setSerial({ id: (await enquiry()).id, serialNumber: 'W123456' }),
    'admin.register.revealIdentity': async () => api().register.revealIdentity({ id: await purchase() }),
    'admin.register.release': async () => {
      // NSW holds a purchase for 14 days (decision 070), so there is a hold to end early.
      const id = await purchase();
      await api().register.saveSettings({ state: 'NSW', amlCddEnabled: false, retentionYears: 7 });
      // A release needs a stolen-goods check recorded first (decision 071).
      await api().register.recordCheck({ id, registerName: 'The Watch Register', reference: 'WR-1' });
      return api().register.release({ id, reason: 'Sold back to its owner' });
    },
    'admin.register.completeDeadline': async () => {
      // An NSW purchase owes police its record (decision 070).
      const purchaseId = await purchase();
      const deadline = await t.db
        .selectFrom('register_deadlines')
        .select('id')
        .where('purchase_record_id', '=', purchaseId)
        .executeTakeFirstOrThrow();
      return api().register.completeDeadline({ id: deadline.id, reference: 'POL-1' });
    },
    'admin.register.noteSuspiciousMatter': async () =>
      api().register.noteSuspiciousMatter({ purchaseId: await purchase(), note: 'Paid in old notes' }),
    'admin.register.recordCheck': async () =>
      api().register.recordCheck({
        id: await purchase(),
        registerName: 'The Watch Register',
        reference: 'WR-2',
      }),
    'admin.register.recordNotice': async () =>
      api().register.recordNotice({
        id: await purchase(),
        kind: 'police_hold',
        officer: 'Sgt Lee',
        station: 'Surry Hills',
        reference: 'H-1',
        issuedOn: '2026-01-05',
        notes: null,
      }),
    'admin.register.liftNotice': async () => {
      const { noticeId } = await api().register.recordNotice({
        id: await purchase(),
        kind: 'police_hold',
        officer: 'Sgt Lee',
        station: 'Surry Hills',
        reference: 'H-2',
        issuedOn: '2026-01-05',
        notes: null,
      });
      return api().register.liftNotice({ noticeId: noticeId!, reference: 'L-2' });
    },
    'admin.appointments.saveSettings': () =>
      api().appointments.saveSettings({
        slotMinutes: 45,
        horizonDays: 30,
        minNoticeHours: 24,
        blackoutDates: ['2026-12-25'],
        hours: [{ location: 'sydney', weekday: 1, opens: '10:00', closes: '16:00' }],
      }),
    'admin.appointments.markKitDispatched': async () => {
      const kit = await t.db
        .insertInto('shipping_kit_requests')
        .values({
          enquiry_id: (await enquiry()).id,
          recipient_name: 'Sam Seller',
          address_line1: '1 George Street',
          suburb: 'Sydney',
          state: 'NSW',
          postcode: '2000',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return api().appointments.markKitDispatched({ id: kit.id });
    },
    'admin.appointments.markOutcome': async () => {
      // A visit that began an hour ago (decision 062): only a begun visit can be marked.
      const visit = await t.db
        .insertInto('appointments')
        .values({
          enquiry_id: (await enquiry()).id,
          location: 'sydney',
          starts_at: sql<Date>`now() - interval '1 hour'`,
          ends_at: sql<Date>`now()`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return api().appointments.markOutcome({ id: visit.id, outcome: 'attended' });
    },
    'admin.contacts.update': async () =>
      api().contacts.update({ id: (await enquiry()).lead_id, smsMarketingConsent: false }),
    'admin.settings.update': async () => {
      const { values } = await api().settings.get();
      return api().settings.update({ ...values, batchSize: values.batchSize === 50 ? 60 : 50 });
    },
    'admin.insight.updateSettings': () =>
      api().insight.updateSettings({ attributionWindowDays: 45, marketersSeePrices: true }),
    'admin.insight.setWeeklySummary': () => api().insight.setWeeklySummary({ enabled: true }),
    // Against an empty local DNS (decision 073): every record missing, at once, never the network.
    'admin.domainHealth.checkNow': async () => {
      const dns = await startFakeDns();
      try {
        const services = testServices(t.db, {
          jobs: recordingJobQueue(),
          config: { dnsResolver: dns.address },
        });
        return await callerFor(services, owner).admin.domainHealth.checkNow();
      } finally {
        await dns.close();
      }
    },
    'admin.team.changeRole': async () =>
      api().team.changeRole({ id: await member('walk-role@example.com'), role: 'buyer' }),
    'admin.team.endSessions': async () =>
      api().team.endSessions({ id: await member('walk-sessions@example.com') }),
    'admin.team.remove': async () => api().team.remove({ id: await member('walk-remove@example.com') }),
    'admin.team.invite': () => api().team.invite({ email: 'walk-invitee@example.com', role: 'marketer' }),
    'admin.team.resendInvitation': async () =>
      api().team.resendInvitation(
        await api().team.invite({ email: 'walk-resend@example.com', role: 'viewer' }),
      ),
    'admin.team.revokeInvitation': async () =>
      api().team.revokeInvitation(
        await api().team.invite({ email: 'walk-revoke@example.com', role: 'viewer' }),
      ),
    'admin.team.resetTwoFactor': async () => {
      const id = await member('walk-2fa@example.com');
      await t.db
        .insertInto('user_two_factor')
        .values({ user_id: id, secret: new Uint8Array(20), enabled_at: new Date(), last_used_step: 0 })
        .execute();
      return api().team.resetTwoFactor({ id });
    },
    'admin.team.setTwoFactorPolicy': () => api().team.setTwoFactorPolicy({ required: false }),
    'admin.team.approveAccessRequest': async () =>
      api().team.approveAccessRequest({
        id: await accessRequest('walk-approve@example.com'),
        role: 'viewer',
      }),
    'admin.team.dismissAccessRequest': async () =>
      api().team.dismissAccessRequest({ id: await accessRequest('walk-dismiss@example.com') }),
  };

  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
  const adminMutations = Object.entries(procedures)
    .filter(([path, procedure]) => path.startsWith('admin.') && procedure._def.type === 'mutation')
    .map(([path]) => path);

  it('has a successful call for every admin mutation (a new mutation needs one here)', () => {
    expect(Object.keys(CALLS).toSorted()).toEqual(adminMutations.toSorted());
  });

  const rowsFor = async (action: string) =>
    (
      await t.db
        .selectFrom('audit_log')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('action', '=', action)
        .executeTakeFirstOrThrow()
    ).n;

  it.each(Object.keys(CALLS).map((path) => [path]))('%s', async (path) => {
    // Calls made to set the stage (a template to update, an invitation to resend) are counted too.
    const before = await rowsFor(path);
    await CALLS[path]!();
    expect(await rowsFor(path)).toBe(before + 1);
  });
});

describe('the audit row and the action commit or roll back together (decision 030)', () => {
  const t = useTestDatabase();
  let owner: SessionUser;
  const api = () => callerFor(testServices(t.db, { jobs: recordingJobQueue() }), owner).admin;
  const count = async (table: 'audit_log' | 'email_templates') =>
    (
      await t.db
        .selectFrom(table)
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow()
    ).n;

  beforeAll(async () => {
    owner = await createOwner(t.db, 'atomic-owner@example.com');
  });

  it('rolls back what a failing action already wrote, and writes no audit row', async () => {
    const id = (
      await t.db
        .insertInto('email_campaigns')
        .values({ name: 'Done', subject: 'S', html_content: '<p>x</p>', status: 'completed' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const rows = await count('audit_log');
    // Retry sets the campaign to sending, then finds no failed send and refuses.
    expect(await codeOf(api().campaigns.retryFailed({ id }))).toBe('BAD_REQUEST');
    const row = await t.db
      .selectFrom('email_campaigns')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('completed');
    expect(await count('audit_log')).toBe(rows);
  });

  it('undoes the action when its audit row cannot be written', async () => {
    await sql`
      CREATE FUNCTION refuse_template_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit unavailable'; END $$`.execute(t.db);
    await sql`
      CREATE TRIGGER refuse_template_audit BEFORE INSERT ON audit_log FOR EACH ROW
      WHEN (NEW.action = 'admin.templates.create') EXECUTE FUNCTION refuse_template_audit()`.execute(t.db);
    try {
      const templates = await count('email_templates');
      const outcome = await codeOf(
        api().templates.create({
          templateName: 'Never kept',
          subject: 'Hello',
          description: 'x',
          htmlContent: '<p>Hello</p>',
          variables: [],
        }),
      );
      expect(outcome).toBe('INTERNAL_SERVER_ERROR');
      expect(await count('email_templates')).toBe(templates);
    } finally {
      await sql`DROP TRIGGER refuse_template_audit ON audit_log`.execute(t.db);
      await sql`DROP FUNCTION refuse_template_audit()`.execute(t.db);
    }
  });

  it('keeps the fields an update changed, before and after, without bodies', async () => {
    const created = await api().templates.create({
      templateName: 'Before',
      subject: 'Old subject',
      description: 'x',
      htmlContent: '<p>Old body</p>',
      variables: [],
    });
    await api().templates.update({
      id: created.id,
      templateName: 'Before',
      subject: 'New subject',
      description: 'x',
      htmlContent: '<p>New body</p>',
      variables: [],
    });
    const row = await t.db
      .selectFrom('audit_log')
      .select('summary')
      .where('action', '=', 'admin.templates.update')
      .executeTakeFirstOrThrow();
    expect(row.summary['changes']).toEqual({
      subject: { before: 'Old subject', after: 'New subject' },
      html_content: 'changed',
    });

    const { values } = await api().settings.get();
    await api().settings.update({ ...values, batchSize: 42 });
    const settingsRow = await t.db
      .selectFrom('audit_log')
      .select('summary')
      .where('action', '=', 'admin.settings.update')
      .executeTakeFirstOrThrow();
    expect(settingsRow.summary['changes']).toMatchObject({
      batch_size: { before: values.batchSize, after: 42 },
    });
  });
});

describe('before/after for segments, suppressions, the 2FA rule and invitations (decision 043)', () => {
  const t = useTestDatabase();
  let owner: SessionUser;
  const api = () => callerFor(testServices(t.db, { jobs: recordingJobQueue() }), owner).admin;
  const changesOf = async (action: string) => {
    const row = await t.db
      .selectFrom('audit_log')
      .select('summary')
      .where('action', '=', action)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return row.summary['changes'];
  };

  beforeAll(async () => {
    owner = await createOwner(t.db, 'diff-owner@example.com');
  });

  it('keeps what a segment update changed', async () => {
    const input = {
      name: 'Subscribed',
      match: 'all' as const,
      conditions: [{ kind: 'consent' as const, state: 'subscribed' as const }],
    };
    const { id } = await api().segments.save(input);
    await api().segments.save({ ...input, id, name: 'Subscribed sellers', match: 'any' });
    expect(await changesOf('admin.segments.save')).toEqual({
      name: { before: 'Subscribed', after: 'Subscribed sellers' },
      match: { before: 'all', after: 'any' },
    });
  });

  it('keeps what a suppression removal lifted, the address only as "changed"', async () => {
    await api().suppressions.add({ addresses: ['diff-lifted@example.com'], reason: 'manual', note: 'Asked' });
    const listed = await api().suppressions.list({ search: 'diff-lifted' });
    await api().suppressions.remove({ id: listed.rows[0]!.id, note: 'Wants e-mails again' });
    const changes = await changesOf('admin.suppressions.remove');
    expect(changes).toMatchObject({
      email: 'changed',
      email_hash: 'changed',
      reason: { before: 'manual', after: null },
      // Free text about the person, like the address (decision 036).
      note: 'changed',
      created_by: { before: owner.email, after: null },
    });
    expect(JSON.stringify(changes)).not.toContain('diff-lifted');
  });

  it('keeps the 2FA rule before and after', async () => {
    await t.db.updateTable('settings').set({ require_two_factor: true }).execute();
    await api().team.setTwoFactorPolicy({ required: false });
    expect(await changesOf('admin.team.setTwoFactorPolicy')).toEqual({
      require_two_factor: { before: true, after: false },
    });
  });

  it('describes an invitation made, resent and revoked, never its token', async () => {
    const { id } = await api().team.invite({ email: 'diff-invitee@example.com', role: 'marketer' });
    const created = await changesOf('admin.team.invite');
    expect(created).toMatchObject({
      email: 'changed',
      role: { before: null, after: 'marketer' },
      token_hash: 'changed',
      invited_by: { before: null, after: owner.id },
    });
    const { token_hash } = await t.db
      .selectFrom('team_invitations')
      .select('token_hash')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(created)).not.toContain(token_hash);

    await api().team.resendInvitation({ id });
    const resent = await changesOf('admin.team.resendInvitation');
    expect(resent).toMatchObject({ token_hash: 'changed' });
    expect(Object.keys(resent as object)).toContain('expires_at');

    await api().team.revokeInvitation({ id });
    const revoked = (await changesOf('admin.team.revokeInvitation')) as Record<
      string,
      { before: unknown; after: unknown }
    >;
    expect(Object.keys(revoked)).toEqual(['revoked_at']);
    expect(revoked['revoked_at']?.before).toBeNull();
    expect(typeof revoked['revoked_at']?.after).toBe('string');
  });
});

// The account's own actions and the upload route are audited outside requirePermission: each
// `auth.*` mutation is either called here and must write exactly the row named, or is listed as
// exempt with the reason. A new `auth.*` mutation fails the first test until it is one or the other.
describe('every auth mutation and the import upload write their audit row', () => {
  const t = useTestDatabase();
  const PASSWORD = 'walk-auth-pass-for-tests';
  let server: AppServer;
  let seq = 0;

  beforeAll(async () => {
    server = await createServer({ services: testServices(t.db), clientDir: null, logLevel: 'silent' });
  });
  afterAll(async () => {
    await server.app.close();
  });

  /** A member with a real session, and a caller holding it. */
  const member = async (role: 'owner' | 'viewer' = 'viewer') => {
    seq += 1;
    const email = `walk-auth-${seq}@example.com`;
    const created = await createUser(t.db, { email, password: PASSWORD, verified: true });
    await grantAdmin(t.db, email, role);
    const user: SessionUser = { id: created.id, email, role };
    const token = generateSessionToken();
    const session = await createSession(t.db, token, user.id, { ip: null, userAgent: null });
    const services = testServices(t.db);
    return {
      user,
      token,
      sessionId: session.id,
      services,
      caller: callerAt(services, '198.51.100.90', { user, sessionId: session.id }),
    };
  };
  /** The import upload route over HTTP, as the admin's browser posts a CSV. */
  const uploadCsv = (token: string, name: string, payload: string) =>
    server.app.inject({
      method: 'POST',
      url: `${IMPORT_UPLOAD_PATH}?name=${name}`,
      headers: {
        'content-type': 'text/csv',
        origin: new URL(TEST_APP_URL).origin,
        'x-csrf-protection': '1',
        cookie: `session=${token}`,
      },
      payload,
    });
  const enrolled = async () => {
    const m = await member();
    const { secret } = await m.caller.auth.beginTwoFactor();
    const { recoveryCodes } = await m.caller.auth.confirmTwoFactor({
      code: totpAt(decodeBase32IgnorePadding(secret), totpStep(new Date())),
    });
    return { ...m, recoveryCodes };
  };

  /** Not audited, with the reason: neither is an action of a team member on the back office. */
  const EXEMPT: Record<string, string> = {
    'auth.signUp':
      'a public account without a role and its access request: the Owner answering it is audited (decision 047), ' +
      'and a row per anonymous sign-up would let anyone grow the log',
    'auth.requestPasswordReset': 'changes no account, and must answer alike for every address',
  };

  /** Procedure → the action its row names, and a set-up that answers the call to count. */
  const CALLS: Record<string, { action: string; prepare: () => Promise<() => Promise<unknown>> }> = {
    'auth.signIn': {
      action: 'auth.signIn',
      prepare: async () => {
        const { user } = await member();
        return () =>
          callerAt(testServices(t.db), '198.51.100.91').auth.signIn({
            email: user.email,
            password: PASSWORD,
          });
      },
    },
    'auth.verifyTwoFactor': {
      action: 'auth.signIn',
      prepare: async () => {
        const { user, recoveryCodes } = await enrolled();
        const visitor = callerAt(testServices(t.db), '198.51.100.92');
        const first = await visitor.auth.signIn({ email: user.email, password: PASSWORD });
        if (!('pendingToken' in first)) throw new Error('expected the code step');
        return () =>
          visitor.auth.verifyTwoFactor({ pendingToken: first.pendingToken ?? '', code: recoveryCodes[0]! });
      },
    },
    'auth.beginTwoFactor': {
      action: 'auth.twoFactorEnrolmentStarted',
      // Replacing an authenticator in use: the proof is checked first (decision 030), one row still.
      prepare: async () => {
        const { caller } = await enrolled();
        return () => caller.auth.beginTwoFactor({ password: PASSWORD });
      },
    },
    'auth.confirmTwoFactor': {
      action: 'auth.twoFactorEnabled',
      prepare: async () => {
        const { caller } = await member();
        const { secret } = await caller.auth.beginTwoFactor();
        return () =>
          caller.auth.confirmTwoFactor({
            code: totpAt(decodeBase32IgnorePadding(secret), totpStep(new Date())),
          });
      },
    },
    'auth.disableTwoFactor': {
      action: 'auth.twoFactorDisabled',
      prepare: async () => {
        const { caller } = await enrolled();
        return () => caller.auth.disableTwoFactor({ password: PASSWORD });
      },
    },
    'auth.regenerateRecoveryCodes': {
      action: 'auth.recoveryCodesRegenerated',
      prepare: async () => {
        const { caller } = await enrolled();
        return () => caller.auth.regenerateRecoveryCodes({ password: PASSWORD });
      },
    },
    'auth.endSession': {
      action: 'auth.endSession',
      prepare: async () => {
        const { caller, sessionId } = await member();
        return () => caller.auth.endSession({ id: sessionId });
      },
    },
    'auth.acceptInvitation': {
      action: 'auth.invitationAccepted',
      prepare: async () => {
        const { user } = await member('owner');
        const jobs = recordingJobQueue();
        seq += 1;
        await callerFor(testServices(t.db, { jobs }), user).admin.team.invite({
          email: `walk-invited-${seq}@example.com`,
          role: 'viewer',
        });
        const { message } = jobs.jobs.at(-1)!.payload as JobPayload<'email.send'>;
        const token = /\/admin\/invite\?token=([\w-]+)/.exec(message.text ?? '')?.[1] ?? '';
        return () =>
          callerAt(testServices(t.db), '198.51.100.93').auth.acceptInvitation({ token, password: PASSWORD });
      },
    },
    'auth.signOut': {
      action: 'auth.signOut',
      prepare: async () => {
        const { caller } = await member();
        return () => caller.auth.signOut();
      },
    },
    'auth.resetPassword': {
      action: 'auth.resetPassword',
      prepare: async () => {
        const { user } = await member();
        const row = await t.db
          .selectFrom('users')
          .select('password_hash')
          .where('id', '=', user.id)
          .executeTakeFirstOrThrow();
        const token = createPasswordResetToken(testConfig().appSecret, {
          id: user.id,
          passwordHash: row.password_hash,
        });
        return () =>
          callerAt(testServices(t.db), '198.51.100.94').auth.resetPassword({
            token,
            password: 'a brand new passphrase',
          });
      },
    },
    'auth.changePassword': {
      action: 'auth.changePassword',
      prepare: async () => {
        const { caller } = await member();
        return () =>
          caller.auth.changePassword({ currentPassword: PASSWORD, newPassword: 'another new passphrase' });
      },
    },
    'auth.changeName': {
      action: 'auth.changeName',
      prepare: async () => {
        const { caller } = await member();
        return () => caller.auth.changeName({ name: 'Walk Member' });
      },
    },
    [`POST ${IMPORT_UPLOAD_PATH}`]: {
      action: 'admin.contactImports.upload',
      prepare: async () => {
        const { token } = await member('owner');
        return async () => {
          const res = await uploadCsv(token, 'walk.csv', 'Email,Name\nwalk-upload@example.com,Walk\n');
          expect(res.statusCode).toBe(201);
        };
      },
    },
  };

  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
  const authMutations = Object.entries(procedures)
    .filter(([path, procedure]) => path.startsWith('auth.') && procedure._def.type === 'mutation')
    .map(([path]) => path);

  it('has a call or a stated exemption for every auth mutation', () => {
    const covered = [...Object.keys(CALLS).filter((k) => k.startsWith('auth.')), ...Object.keys(EXEMPT)];
    expect(covered.toSorted()).toEqual(authMutations.toSorted());
  });

  const rowsFor = async (action: string) =>
    (
      await t.db
        .selectFrom('audit_log')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('action', '=', action)
        .executeTakeFirstOrThrow()
    ).n;

  it.each(Object.keys(CALLS).map((path) => [path]))('%s', async (path) => {
    const { action, prepare } = CALLS[path]!;
    const call = await prepare();
    const before = await rowsFor(action);
    await call();
    expect(await rowsFor(action)).toBe(before + 1);
  });

  /** Makes every insert of an audit row for `action` fail while `body` runs. */
  async function withAuditRefused(action: string, body: () => Promise<void>): Promise<void> {
    await sql`
      CREATE OR REPLACE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit unavailable'; END $$`.execute(t.db);
    await sql`
      CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW
      WHEN (NEW.action = ${sql.lit(action)}) EXECUTE FUNCTION refuse_audit()`.execute(t.db);
    try {
      await body();
    } finally {
      await sql`DROP TRIGGER refuse_audit ON audit_log`.execute(t.db);
    }
  }

  const sessionsOf = async (userId: string) =>
    (await t.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).length;

  it('starts no session when the sign-in row cannot be written', async () => {
    const { user, sessionId } = await member();
    await t.db.deleteFrom('sessions').where('id', '=', sessionId).execute();
    await withAuditRefused('auth.signIn', async () => {
      const visitor = callerAt(testServices(t.db), '198.51.100.95');
      expect(await codeOf(visitor.auth.signIn({ email: user.email, password: PASSWORD }))).toBe(
        'INTERNAL_SERVER_ERROR',
      );
    });
    expect(await sessionsOf(user.id)).toBe(0);
  });

  it('leaves the recovery code unspent when the two-factor sign-in row cannot be written', async () => {
    const { user, sessionId, recoveryCodes } = await enrolled();
    await t.db.deleteFrom('sessions').where('id', '=', sessionId).execute();
    const visitor = callerAt(testServices(t.db), '198.51.100.96');
    const first = await visitor.auth.signIn({ email: user.email, password: PASSWORD });
    if (!('pendingToken' in first)) throw new Error('expected the code step');
    const code = recoveryCodes[1]!;
    await withAuditRefused('auth.signIn', async () => {
      expect(
        await codeOf(visitor.auth.verifyTwoFactor({ pendingToken: first.pendingToken ?? '', code })),
      ).toBe('INTERNAL_SERVER_ERROR');
    });
    expect(await sessionsOf(user.id)).toBe(0);
    // The code was not spent: it still signs in once the log takes rows again.
    await expect(
      visitor.auth.verifyTwoFactor({ pendingToken: first.pendingToken ?? '', code }),
    ).resolves.toMatchObject({
      email: user.email,
    });
  });

  it('keeps the old password when the change cannot be recorded', async () => {
    const { user, caller } = await member();
    await withAuditRefused('auth.changePassword', async () => {
      expect(
        await codeOf(
          caller.auth.changePassword({ currentPassword: PASSWORD, newPassword: 'never kept passphrase' }),
        ),
      ).toBe('INTERNAL_SERVER_ERROR');
    });
    const row = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(await verifyPassword(row.password_hash, PASSWORD)).toBe(true);
  });

  it('keeps the session when the sign-out cannot be recorded', async () => {
    const { user, caller } = await member();
    await withAuditRefused('auth.signOut', async () => {
      expect(await codeOf(caller.auth.signOut())).toBe('INTERNAL_SERVER_ERROR');
    });
    expect(await sessionsOf(user.id)).toBe(1);
  });

  it('stores no upload when its row cannot be written', async () => {
    const { token } = await member('owner');
    const drafts = async () =>
      (await t.db.selectFrom('contact_imports').select('id').where('file_name', '=', 'refused.csv').execute())
        .length;
    await withAuditRefused('admin.contactImports.upload', async () => {
      const res = await uploadCsv(token, 'refused.csv', 'Email,Name\nrefused-upload@example.com,Ref\n');
      expect(res.statusCode).toBe(500);
    });
    expect(await drafts()).toBe(0);
  });
});
