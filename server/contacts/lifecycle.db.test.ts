import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { callerFor, codeOf, silentLogger, testServices } from '#test/support/services.ts';
import { createUser, grantAdmin } from '../auth/users.ts';
import type { SessionUser } from '../auth/session.ts';
import { createImport, deleteStaleImports, runImportJob } from './import/import.ts';
import { parseResendEvent } from '#shared/webhooks/resend-events.ts';
import { bounce, newSvixId, resendEmailEvent } from '#test/support/resend-webhooks.ts';
import { recordResendEvent } from '../email-events/apply-event.ts';
import { useBoss } from '#test/support/boss.ts';
import { createJobQueue } from '../jobs/queue.ts';
import type { EmailMessage } from '../email/types.ts';
import { newStorageKey, uploadStorageFor } from '../uploads/storage.ts';

// Decisions 034-036: import (dry run vs run, idempotent, never re-subscribes), the suppression
// list kept in step with the contacts, and erasure that leaves nobody behind.

const EVIDENCE = {
  basis: 'existing_customer',
  note: 'CRM export of buyers who ticked marketing, 2025',
  obtainedOn: '2025-06-01',
} as const;
const MAPPING = { email: 0, fullName: 1, phone: 2, emailConsent: 3, smsConsent: null };

describe('contact lifecycle', () => {
  const t = useTestDatabase();
  const bossOf = useBoss(t);
  let admin: SessionUser;
  const caller = () => callerFor(testServices(t.db), admin);

  beforeAll(async () => {
    const user = await createUser(t.db, { email: 'lifecycle-owner@example.com', password: 'x-password-1' });
    await grantAdmin(t.db, user.email);
    admin = { id: user.id, email: user.email, role: 'owner' };
    await t.db
      .insertInto('leads')
      .values([
        { email: 'existing@example.com', full_name: 'Old Name', email_marketing_consent: false },
        { email: 'gone@example.com', email_marketing_consent: false, email_unsubscribed_at: new Date() },
        {
          email: 'bounced@example.com',
          email_marketing_consent: true,
          suppressed_at: new Date(),
          suppression_reason: 'hard_bounce',
        },
      ])
      .execute();
    await caller().admin.suppressions.add({ addresses: ['listed@example.com'], reason: 'manual' });
  });

  async function importCsv(text: string) {
    const created = await createImport(t.db, { text, fileName: 'crm.csv', actorEmail: admin.email });
    if (created.status !== 'ok') throw new Error(created.message);
    const dry = await caller().admin.contactImports.dryRun({
      id: created.id,
      mapping: MAPPING,
      consent: EVIDENCE,
    });
    await caller().admin.contactImports.start({ id: created.id });
    const run = await runImportJob({ db: t.db, logger: silentLogger }, created.id);
    const view = await caller().admin.contactImports.get({ id: created.id });
    return { id: created.id, dry, run, view };
  }

  const CSV = [
    'Email,Name,Phone,Marketing',
    'new.one@example.com,New One,0412 345 678,yes',
    'not-an-email,Bad Row,,yes',
    'existing@example.com,New Name,,yes',
    'NEW.ONE@example.com,Duplicate,,yes',
    'gone@example.com,Gone,,yes',
    'bounced@example.com,Bounced,,yes',
    'listed@example.com,Listed,,yes',
    'no.consent@example.com,No Consent,,no',
  ].join('\n');

  it('runs exactly what the dry run showed, and never re-subscribes', async () => {
    const { id, dry, run, view } = await importCsv(CSV);
    expect(dry.counts).toEqual({ create: 2, update: 1, unchanged: 0, skip: 5 });
    expect(dry.rows.map((r) => [r.row, r.outcome, r.reason])).toEqual([
      [2, 'create', null],
      [3, 'skip', 'invalid_email'],
      [4, 'update', null],
      [5, 'skip', 'duplicate'],
      [6, 'skip', 'unsubscribed'],
      [7, 'skip', 'suppressed'],
      [8, 'skip', 'suppressed'],
      [9, 'create', null],
    ]);
    expect(run.status).toBe('completed');
    expect(view).toMatchObject({
      status: 'completed',
      created: 2,
      updated: 1,
      unchanged: 0,
      rejected: 5,
      processedRows: 8,
    });

    const contacts = await t.db
      .selectFrom('leads')
      .select([
        'email',
        'full_name',
        'email_marketing_consent',
        'email_unsubscribed_at',
        'suppressed_at',
        'consent_source',
      ])
      .orderBy('email')
      .execute();
    const byEmail = new Map(contacts.map((l) => [l.email, l]));
    expect(byEmail.get('new.one@example.com')).toMatchObject({
      full_name: 'New One',
      email_marketing_consent: true,
      consent_source: `import:${admin.email}`,
    });
    // The file's "New Name" only fills a name the contact lacks (decision 035): theirs is kept.
    expect(byEmail.get('existing@example.com')).toMatchObject({
      full_name: 'Old Name',
      email_marketing_consent: true,
    });
    expect(byEmail.get('no.consent@example.com')).toMatchObject({ email_marketing_consent: false });
    expect(byEmail.get('gone@example.com')?.email_marketing_consent).toBe(false);
    expect(byEmail.get('bounced@example.com')?.suppressed_at).not.toBeNull();
    expect(byEmail.has('listed@example.com')).toBe(false);

    const records = await t.db
      .selectFrom('consent_records')
      .innerJoin('leads', 'leads.id', 'consent_records.lead_id')
      .select(['leads.email', 'consent_records.basis', 'consent_records.note', 'consent_records.channels'])
      .orderBy('leads.email')
      .execute();
    expect(records).toEqual([
      { email: 'existing@example.com', basis: 'existing_customer', note: EVIDENCE.note, channels: ['email'] },
      { email: 'new.one@example.com', basis: 'existing_customer', note: EVIDENCE.note, channels: ['email'] },
    ]);
    const rejected = await t.db
      .selectFrom('contact_import_rejections')
      .select(['row_number', 'reason'])
      .where('import_id', '=', id)
      .orderBy('row_number')
      .execute();
    expect(rejected.map((r) => [r.row_number, r.reason])).toEqual([
      [3, 'invalid_email'],
      [5, 'duplicate'],
      [6, 'unsubscribed'],
      [7, 'suppressed'],
      [8, 'suppressed'],
    ]);
    const stored = await t.db
      .selectFrom('contact_imports')
      .select(['source_text'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.source_text).toBeNull();
  });

  it('imports the same file again without changing anything', async () => {
    const before = await t.db
      .selectFrom('consent_records')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    const { dry, view } = await importCsv(CSV);
    expect(dry.counts).toEqual({ create: 0, update: 0, unchanged: 3, skip: 5 });
    expect(view).toMatchObject({ created: 0, updated: 0, unchanged: 3, rejected: 5 });
    const after = await t.db
      .selectFrom('consent_records')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    const count = await t.db
      .selectFrom('leads')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(5);
  });

  it("fills a name or phone the contact lacks and never replaces the contact's own", async () => {
    await t.db
      .insertInto('leads')
      .values([
        { email: 'complete@example.com', full_name: 'Kept Name', phone: '0411 111 111' },
        { email: 'no.phone@example.com', full_name: 'Named Already' },
        { email: 'blank.name@example.com', full_name: '', phone: '0433 333 333' },
      ])
      .execute();
    const { dry, view } = await importCsv(
      [
        'Email,Name,Phone,Marketing',
        'complete@example.com,Imported Name,0422 222 222,no',
        'no.phone@example.com,Other Name,0444 444 444,no',
        'blank.name@example.com,Filled Name,0455 555 555,no',
      ].join('\n'),
    );
    expect(dry.rows.map((r) => [r.email, r.outcome])).toEqual([
      ['complete@example.com', 'unchanged'],
      ['no.phone@example.com', 'update'],
      ['blank.name@example.com', 'update'],
    ]);
    expect(view).toMatchObject({ created: 0, updated: 2, unchanged: 1 });
    const contacts = await t.db
      .selectFrom('leads')
      .select(['email', 'full_name', 'phone'])
      .where('email', 'in', ['complete@example.com', 'no.phone@example.com', 'blank.name@example.com'])
      .orderBy('email')
      .execute();
    expect(contacts).toEqual([
      { email: 'blank.name@example.com', full_name: 'Filled Name', phone: '0433 333 333' },
      { email: 'complete@example.com', full_name: 'Kept Name', phone: '0411 111 111' },
      { email: 'no.phone@example.com', full_name: 'Named Already', phone: '0444 444 444' },
    ]);
  });

  it('keeps leads.suppressed_at in step with the list: add, new contact, remove', async () => {
    await caller().admin.suppressions.add({
      addresses: ['new.one@example.com', 'stranger@example.com'],
      reason: 'manual',
      note: 'Asked by phone',
    });
    const suppressed = await t.db
      .selectFrom('leads')
      .select(['suppressed_at', 'suppression_reason'])
      .where('email', '=', 'new.one@example.com')
      .executeTakeFirstOrThrow();
    expect(suppressed.suppression_reason).toBe('manual');
    expect(suppressed.suppressed_at).not.toBeNull();

    // A contact made later for a listed address arrives suppressed, whatever its consent.
    const created = await caller().admin.contacts.create({
      email: 'Stranger@example.com',
      fullName: 'Stranger',
      consentEvidence: EVIDENCE,
    });
    const stranger = await t.db
      .selectFrom('leads')
      .select(['suppressed_at', 'email_marketing_consent'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(stranger.email_marketing_consent).toBe(true);
    expect(stranger.suppressed_at).not.toBeNull();

    const list = await caller().admin.suppressions.list({ search: 'stranger', reason: 'manual' });
    expect(list.rows.map((r) => r.email)).toEqual(['stranger@example.com']);
    expect(await codeOf(caller().admin.suppressions.remove({ id: list.rows[0]!.id, note: '' }))).toBe(
      'BAD_REQUEST',
    );
    await caller().admin.suppressions.remove({
      id: list.rows[0]!.id,
      note: 'Confirmed by phone the address works',
    });
    const lifted = await t.db
      .selectFrom('leads')
      .select(['suppressed_at'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(lifted.suppressed_at).toBeNull();
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['summary'])
      .where('action', '=', 'admin.suppressions.remove')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.summary)).toContain('Confirmed by phone');
  });

  it('erases a contact: no personal data left in any table, the hash kept, counters unchanged', async () => {
    const EMAIL = 'erase.me@example.com';
    const NAME = 'Zebedee Quartermaine';
    const PHONE = '0499 876 543';
    const { id } = await caller().admin.contacts.create({
      email: EMAIL,
      fullName: NAME,
      phone: PHONE,
      consentEvidence: EVIDENCE,
    });
    await caller().admin.contacts.updateDetails({ id, fullName: NAME, phone: PHONE });
    const enquiry = await t.db
      .insertInto('enquiries')
      .values({
        lead_id: id,
        contact_name: NAME,
        contact_phone: PHONE,
        watch_brand: 'Rolex',
        watch_condition: 'excellent',
        additional_details: `Call ${NAME} on ${PHONE}`,
        ip: '203.0.113.9',
        user_agent: 'Zebedee-Browser',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A photo with its file in local-disk storage, as the sell form stores it.
    const storage = uploadStorageFor(testServices(t.db));
    const photoKey = newStorageKey('jpg');
    await storage.current.put(photoKey, Buffer.from('not really a jpeg'), 'image/jpeg');
    expect(storage.current.kind).toBe('local');
    expect(await storage.driverFor('local').get(photoKey)).not.toBeNull();
    await t.db
      .insertInto('uploads')
      .values({
        driver: 'local',
        storage_key: photoKey,
        original_name: `${NAME}.jpg`,
        content_type: 'image/jpeg',
        bytes: 10,
        sha256: 'x',
        enquiry_id: enquiry.id,
      })
      .execute();
    // A visit and an insured shipping kit (decision 062): the kit's address and phone are theirs.
    await t.db
      .insertInto('appointments')
      .values({
        enquiry_id: enquiry.id,
        location: 'sydney',
        starts_at: new Date('2099-01-05T00:00:00Z'),
        ends_at: new Date('2099-01-05T01:00:00Z'),
      })
      .execute();
    await t.db
      .insertInto('shipping_kit_requests')
      .values({
        enquiry_id: enquiry.id,
        recipient_name: NAME,
        address_line1: '7 Zebedee Lane',
        address_line2: `c/o ${NAME}`,
        suburb: 'Paddington',
        state: 'NSW',
        postcode: '2021',
        phone: PHONE,
      })
      .execute();
    // Their side of the conversation (decisions 059, 060): an accepted offer signed with their
    // name, a reply filed on the enquiry and one that named no enquiry, each with a private file
    // and its stored webhook event.
    const offer = await t.db
      .insertInto('enquiry_offers')
      .values({ enquiry_id: enquiry.id, amount_cents: 900_000, valid_until: '2099-01-31' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('offer_responses')
      .values({
        offer_id: offer.id,
        enquiry_id: enquiry.id,
        response: 'accepted',
        typed_name: NAME,
        terms_version: '2026-11',
        ip: '203.0.113.9',
        user_agent: 'Zebedee-Browser',
      })
      .execute();
    const attachmentIds: string[] = [];
    for (const [enquiryId, emailId] of [
      [enquiry.id, 'inbound-erase-filed'],
      [null, 'inbound-erase-unmatched'],
    ] as const) {
      const message = await t.db
        .insertInto('enquiry_incoming_messages')
        .values({
          enquiry_id: enquiryId,
          source: 'email',
          from_email: EMAIL,
          from_name: NAME,
          subject: `From ${NAME}`,
          body_text: `Regards, ${NAME}, ${PHONE}`,
          provider_email_id: emailId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const file = await t.db
        .insertInto('enquiry_incoming_attachments')
        .values({
          message_id: message.id,
          filename: `${NAME} licence.pdf`,
          content_type: 'application/pdf',
          bytes: 7,
          data: Buffer.from('%PDF-id'),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      attachmentIds.push(file.id);
      await t.db
        .insertInto('email_events')
        .values({
          provider_event_id: `evt-${emailId}`,
          type: 'email.received',
          provider_message_id: emailId,
          payload: JSON.stringify({
            type: 'email.received',
            data: { email_id: emailId, from: `${NAME} <${EMAIL}>`, subject: `From ${NAME}` },
          }),
        })
        .execute();
    }
    // An inbound e-mail the provider could not give back, never filed: only its event names them.
    await t.db
      .insertInto('email_events')
      .values({
        provider_event_id: 'evt-inbound-erase-gone',
        type: 'email.received',
        provider_message_id: 'inbound-erase-gone',
        payload: JSON.stringify({
          type: 'email.received',
          data: { email_id: 'inbound-erase-gone', from: EMAIL.toUpperCase(), subject: 'Re: Rolex' },
        }),
      })
      .execute();
    // Someone else's unmatched mail stays.
    await t.db
      .insertInto('enquiry_incoming_messages')
      .values({ source: 'email', from_email: 'other@example.com', body_text: 'Another seller' })
      .execute();
    const campaign = await t.db
      .insertInto('email_campaigns')
      .values({ name: 'Spring', subject: 'Hello', status: 'completed', sent_count: 1, open_count: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const send = await t.db
      .insertInto('email_sends')
      .values({
        campaign_id: campaign.id,
        lead_id: id,
        recipient_email: EMAIL,
        recipient_name: NAME,
        status: 'delivered',
        provider_message_id: 'msg-erase-1',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('email_events')
      .values({
        provider_event_id: 'evt-erase-1',
        type: 'email.opened',
        provider_message_id: 'msg-erase-1',
        send_id: send.id,
        payload: JSON.stringify({
          type: 'email.opened',
          data: { email_id: 'msg-erase-1', to: [EMAIL], subject: `Hi ${NAME}` },
        }),
      })
      .execute();
    // A campaign still sending, the contact's send still queued: found by its address (decision 044).
    const sending = await t.db
      .insertInto('email_campaigns')
      .values({ name: 'Summer', subject: 'Hello', status: 'sending' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('email_sends')
      .values({ campaign_id: sending.id, lead_id: id, recipient_email: EMAIL, recipient_name: NAME })
      .execute();
    await t.db
      .insertInto('unsubscribe_logs')
      .values({
        email: EMAIL,
        action: 'email_resubscribe',
        method: 'manual',
        ip_address: '203.0.113.9',
        lead_id: id,
      })
      .execute();
    await t.db
      .insertInto('outbox_emails')
      .values({
        to_addresses: [EMAIL],
        from_address: 'shop@example.com',
        subject: `Your valuation, ${NAME}`,
        html: `<p>${PHONE}</p>`,
      })
      .execute();
    await createImport(t.db, {
      text: `Email,Name\n${EMAIL},${NAME}\n`,
      fileName: 'later.csv',
      actorEmail: admin.email,
    });

    // pg-boss jobs carrying the person (decision 036): two e-mail jobs that already ran (a staff
    // notice replying to them, a digest naming them), one still queued to them, a queued digest
    // naming them among others, and an unrelated one.
    const boss = bossOf();
    const queue = createJobQueue(boss);
    const mail = (message: Omit<EmailMessage, 'from'>) =>
      queue.send('email.send', {
        message: { from: 'shop@example.com', ...message },
        idempotencyKey: `erase-test-${Math.random().toString(36).slice(2)}`,
      });
    const notice = await mail({
      to: ['shop@example.com'],
      replyTo: EMAIL,
      subject: `New enquiry from ${NAME}`,
      html: `<p>${PHONE}</p>`,
    });
    const digestSent = await mail({ to: ['shop@example.com'], subject: 'Digest', html: `<li>${NAME}</li>` });
    const ran = await boss.fetch('email.send', { batchSize: 2 });
    expect(ran.map((j) => j.id).sort()).toEqual([notice, digestSent].sort());
    for (const job of ran) await boss.complete('email.send', job.id, { id: `msg-${job.id}` });
    const toThem = await mail({ to: [EMAIL], subject: `Your valuation, ${NAME}`, html: `<p>${PHONE}</p>` });
    const digestQueued = await mail({
      to: ['shop@example.com'],
      subject: 'Enquiries today',
      html: `<li>${NAME.toUpperCase()}: Rolex</li><li>Other Person: Omega</li>`,
    });
    const unrelated = await mail({
      to: ['other@example.com'],
      subject: 'Hello',
      html: '<p>Other Person</p>',
    });

    expect(await codeOf(caller().admin.contacts.erase({ id, confirmation: 'someone@else.com' }))).toBe(
      'BAD_REQUEST',
    );
    await caller().admin.contacts.erase({ id, confirmation: ` ${EMAIL.toUpperCase()} ` });

    // Every text, JSON and array column of every table in the public schema and pg-boss's.
    const columns = await sql<{ table_schema: string; table_name: string; column_name: string }>`
      SELECT c.table_schema, c.table_name, c.column_name FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema IN ('public', 'pgboss') AND t.table_type = 'BASE TABLE'
        AND (c.data_type IN ('text', 'character varying', 'jsonb', 'json', 'ARRAY'))`.execute(t.db);
    expect(columns.rows.length).toBeGreaterThan(50);
    expect(columns.rows).toContainEqual({ table_schema: 'pgboss', table_name: 'job', column_name: 'data' });
    const found: string[] = [];
    for (const { table_schema, table_name, column_name } of columns.rows) {
      for (const needle of [EMAIL, NAME, PHONE, 'Zebedee']) {
        const hit = await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM ${sql.table(`${table_schema}.${table_name}`)}
          WHERE strpos(lower(${sql.ref(column_name)}::text), lower(${needle})) > 0`.execute(t.db);
        if ((hit.rows[0]?.n ?? 0) > 0) found.push(`${table_schema}.${table_name}.${column_name}: ${needle}`);
      }
    }
    expect(found).toEqual([]);
    expect(await storage.driverFor('local').get(photoKey)).toBeNull();
    // The visit and the kit went with the enquiry.
    expect(
      await t.db
        .selectFrom('shipping_kit_requests')
        .select('id')
        .where('enquiry_id', '=', enquiry.id)
        .execute(),
    ).toEqual([]);
    expect(
      await t.db.selectFrom('appointments').select('id').where('enquiry_id', '=', enquiry.id).execute(),
    ).toEqual([]);

    // Their messages' private files (bytes, not text: the scan above cannot see them) went too.
    expect(
      await t.db
        .selectFrom('enquiry_incoming_attachments')
        .select('id')
        .where('id', 'in', attachmentIds)
        .execute(),
    ).toEqual([]);
    expect(
      await t.db
        .selectFrom('enquiry_incoming_messages')
        .select('from_email')
        .where('enquiry_id', 'is', null)
        .execute(),
    ).toEqual([{ from_email: 'other@example.com' }]);
    expect(
      await t.db
        .selectFrom('email_events')
        .select('payload')
        .where('provider_message_id', '=', 'inbound-erase-unmatched')
        .executeTakeFirstOrThrow(),
    ).toEqual({
      payload: { type: 'email.received', created_at: null, data: { email_id: 'inbound-erase-unmatched' } },
    });

    // The jobs about them are gone; the digest still to send keeps the others; the rest is untouched.
    const jobs = await sql<{ id: string; html: string }>`
      SELECT id, data #>> '{message,html}' AS html FROM pgboss.job
      WHERE id = ANY(${[notice, digestSent, toThem, digestQueued, unrelated]}::uuid[])
      ORDER BY html`.execute(t.db);
    expect(jobs.rows).toEqual([
      { id: digestQueued, html: '<li>[erased]: Rolex</li><li>Other Person: Omega</li>' },
      { id: unrelated, html: '<p>Other Person</p>' },
    ]);

    const listed = await t.db
      .selectFrom('email_suppressions')
      .select(['email', 'reason'])
      .where(sql<boolean>`email_hash = email_hash(${EMAIL})`)
      .executeTakeFirstOrThrow();
    expect(listed).toEqual({ email: null, reason: 'erased' });
    const counters = await t.db
      .selectFrom('email_campaigns')
      .select(['sent_count', 'open_count'])
      .where('id', '=', campaign.id)
      .executeTakeFirstOrThrow();
    expect(counters).toEqual({ sent_count: 1, open_count: 1 });
    expect(
      await t.db.selectFrom('email_sends').select('status').where('id', '=', send.id).executeTakeFirst(),
    ).toEqual({ status: 'delivered' });
    expect(
      await t.db
        .selectFrom('email_sends')
        .select(['status', 'lead_id'])
        .where('campaign_id', '=', sending.id)
        .execute(),
    ).toEqual([{ status: 'queued', lead_id: null }]);

    // Never re-imported: the address is skipped as suppressed.
    const again = await createImport(t.db, {
      text: `Email\n${EMAIL}\n`,
      fileName: null,
      actorEmail: admin.email,
    });
    if (again.status !== 'ok') throw new Error('upload failed');
    const dry = await caller().admin.contactImports.dryRun({
      id: again.id,
      mapping: { email: 0 },
      consent: EVIDENCE,
    });
    expect(dry.rows).toEqual([{ row: 2, email: EMAIL, outcome: 'skip', reason: 'suppressed' }]);
  });

  it('puts a hard bounce and a complaint on the list with their campaign, contact or not', async () => {
    const campaign = await t.db
      .insertInto('email_campaigns')
      .values({ name: 'Bounce source', subject: 'Hi', status: 'sending' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const lead = await t.db
      .insertInto('leads')
      .values({ email: 'Hard.Bounce@example.com', email_marketing_consent: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sends = await t.db
      .insertInto('email_sends')
      .values([
        {
          campaign_id: campaign.id,
          lead_id: lead.id,
          recipient_email: 'Hard.Bounce@example.com',
          status: 'sent',
          provider_message_id: 'msg-bounce',
        },
        // A test-mode send to an address that is not a contact.
        {
          campaign_id: campaign.id,
          lead_id: null,
          recipient_email: 'tester@example.com',
          status: 'sent',
          provider_message_id: 'msg-complaint',
        },
      ])
      .returning('id')
      .execute();
    expect(sends).toHaveLength(2);
    for (const event of [
      resendEmailEvent('email.bounced', 'msg-bounce', {
        to: 'Hard.Bounce@example.com',
        data: bounce('Permanent'),
      }),
      resendEmailEvent('email.complained', 'msg-complaint', { to: 'tester@example.com' }),
    ]) {
      const rawBody = JSON.stringify(event);
      const parsed = parseResendEvent(JSON.parse(rawBody));
      if (!parsed.ok) throw new Error(parsed.error);
      await recordResendEvent(t.db, { providerEventId: newSvixId(), rawBody, parsed: parsed.value });
    }
    const listed = await t.db
      .selectFrom('email_suppressions')
      .select(['email', 'reason', 'campaign_id'])
      .where('campaign_id', '=', campaign.id)
      .orderBy('email')
      .execute();
    expect(listed).toEqual([
      { email: 'Hard.Bounce@example.com', reason: 'hard_bounce', campaign_id: campaign.id },
      { email: 'tester@example.com', reason: 'complaint', campaign_id: campaign.id },
    ]);
    const contact = await t.db
      .selectFrom('leads')
      .select(['suppression_reason'])
      .where('id', '=', lead.id)
      .executeTakeFirstOrThrow();
    expect(contact.suppression_reason).toBe('hard_bounce');
    // The list page names the campaign.
    const page = await caller().admin.suppressions.list({ search: 'tester@', reason: 'complaint' });
    expect(page.rows.map((r) => [r.email, r.campaignName])).toEqual([
      ['tester@example.com', 'Bounce source'],
    ]);
  });

  it('a cancelled import stops before its next batch; a job run twice applies nothing twice', async () => {
    const rows = Array.from({ length: 12_000 }, (_, i) => `bulk${i}@bulk.example.com,Bulk ${i},,yes`);
    const text = ['Email,Name,Phone,Consent', ...rows].join('\n');

    const cancelled = await createImport(t.db, { text, fileName: null, actorEmail: admin.email });
    if (cancelled.status !== 'ok') throw new Error('upload failed');
    await caller().admin.contactImports.dryRun({ id: cancelled.id, mapping: MAPPING, consent: EVIDENCE });
    await caller().admin.contactImports.start({ id: cancelled.id });
    await caller().admin.contactImports.cancel({ id: cancelled.id });
    expect(await runImportJob({ db: t.db, logger: silentLogger }, cancelled.id)).toEqual({
      status: 'cancelled',
    });
    expect(await caller().admin.contactImports.get({ id: cancelled.id })).toMatchObject({
      status: 'cancelled',
      processedRows: 0,
      created: 0,
    });
    expect(await codeOf(caller().admin.contactImports.cancel({ id: cancelled.id }))).toBe('CONFLICT');

    const { id, view } = await importCsv(text);
    expect(view).toMatchObject({ status: 'completed', processedRows: 12_000, created: 12_000 });
    // pg-boss runs a job again after a lost worker: the finished import is left as it is.
    expect(await runImportJob({ db: t.db, logger: silentLogger }, id)).toEqual({ status: 'skipped' });
    const bulk = await t.db
      .selectFrom('leads')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('email', 'like', '%@bulk.example.com')
      .executeTakeFirstOrThrow();
    expect(bulk.n).toBe(12_000);
  });

  it('a cancel asked while batches run stops new ones; the batches in flight are counted', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => `mid${i}@midcancel.example.com,Mid ${i},,yes`);
    const text = ['Email,Name,Phone,Consent', ...rows].join('\n');
    const created = await createImport(t.db, { text, fileName: null, actorEmail: admin.email });
    if (created.status !== 'ok') throw new Error('upload failed');
    await caller().admin.contactImports.dryRun({ id: created.id, mapping: MAPPING, consent: EVIDENCE });
    await caller().admin.contactImports.start({ id: created.id });
    // The admin presses Cancel as the first batch's contacts are written (batches of 5,000, two at
    // once): whichever batch gets there first, its commit makes the cancel visible.
    await sql`
      CREATE FUNCTION cancel_on_first_progress() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE contact_imports SET cancel_requested = true WHERE status = 'running' AND NOT cancel_requested;
        RETURN NULL;
      END $$`.execute(t.db);
    await sql`
      CREATE TRIGGER cancel_on_first_progress AFTER INSERT ON leads
      FOR EACH STATEMENT EXECUTE FUNCTION cancel_on_first_progress()`.execute(t.db);
    try {
      expect(await runImportJob({ db: t.db, logger: silentLogger }, created.id)).toEqual({
        status: 'cancelled',
      });
    } finally {
      await sql`DROP TRIGGER cancel_on_first_progress ON leads`.execute(t.db);
      await sql`DROP FUNCTION cancel_on_first_progress()`.execute(t.db);
    }
    // Four batches. The cancel is seen when the first batch commits, the other one running then
    // finishes, and no third batch starts (or at most one, if the two finish together). Whatever
    // ran is committed and counted.
    const view = await caller().admin.contactImports.get({ id: created.id });
    expect(view).toMatchObject({ status: 'cancelled' });
    expect([10_000, 15_000]).toContain(view.processedRows);
    expect(view.created).toBe(view.processedRows);
    const imported = await t.db
      .selectFrom('leads')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('email', 'like', '%@midcancel.example.com')
      .executeTakeFirstOrThrow();
    expect(imported.n).toBe(view.processedRows);
  });

  it('deletes drafts nobody ran after a day and finished imports after a month', async () => {
    const draft = await createImport(t.db, {
      text: 'Email\nlate@example.com\n',
      fileName: null,
      actorEmail: admin.email,
    });
    if (draft.status !== 'ok') throw new Error('upload failed');
    const { id: finished } = await importCsv('Email,Name,Phone,Consent\nreport@example.com,,,yes\nbad,,,\n');
    const day = 86_400_000;
    const remaining = async () =>
      (
        await t.db
          .selectFrom('contact_imports')
          .select('id')
          .where('id', 'in', [draft.id, finished])
          .execute()
      ).map((r) => r.id);
    expect(await deleteStaleImports(t.db, new Date(Date.now() + 2 * day))).toBeGreaterThanOrEqual(1);
    expect(await remaining()).toEqual([finished]);
    await deleteStaleImports(t.db, new Date(Date.now() + 31 * day));
    expect(await remaining()).toEqual([]);
    const rejections = await t.db
      .selectFrom('contact_import_rejections')
      .select('row_number')
      .where('import_id', '=', finished)
      .execute();
    expect(rejections).toEqual([]);
  });
});
