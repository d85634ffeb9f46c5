import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { callerFor, codeOf, silentLogger, testServices } from '#test/support/services.ts';
import { createUser, grantAdmin } from '../../auth/users.ts';
import type { SessionUser } from '../../auth/session.ts';
import { createImport, runImportJob } from './import.ts';

// Decision 035: first and last name columns, the dry run's consent figures against what the run
// then does, and the links from an import to its contacts (the contacts list's import filter).

const EVIDENCE = {
  basis: 'existing_customer',
  note: 'CRM export of buyers who ticked marketing, 2025',
  obtainedOn: '2025-06-01',
} as const;

describe('contact import: names, consent figures and links', () => {
  const t = useTestDatabase();
  let admin: SessionUser;
  const caller = () => callerFor(testServices(t.db), admin);

  beforeAll(async () => {
    const user = await createUser(t.db, { email: 'import-owner@example.com', password: 'x-password-1' });
    await grantAdmin(t.db, user.email);
    admin = { id: user.id, email: user.email, role: 'owner' };
    await t.db
      .insertInto('leads')
      .values([
        { email: 'already.subscribed@example.com', full_name: 'Kept Name', email_marketing_consent: true },
        { email: 'waiting@example.com', email_marketing_consent: false, email_consent_pending: true },
        { email: 'waiting.yes@example.com', email_marketing_consent: false, email_consent_pending: true },
        { email: 'plain@example.com', email_marketing_consent: false },
        { email: 'gone@example.com', email_marketing_consent: false, email_unsubscribed_at: new Date() },
        { email: 'not.in.file@example.com', email_marketing_consent: true },
      ])
      .execute();
  });

  async function importCsv(
    text: string,
    mapping: Record<string, number | null>,
    consent: typeof EVIDENCE | null = EVIDENCE,
  ) {
    const created = await createImport(t.db, { text, fileName: 'crm.csv', actorEmail: admin.email });
    if (created.status !== 'ok') throw new Error(created.message);
    const dry = await caller().admin.contactImports.dryRun({
      id: created.id,
      mapping: { email: 0, ...mapping },
      consent,
    });
    await caller().admin.contactImports.start({ id: created.id });
    await runImportJob({ db: t.db, logger: silentLogger }, created.id);
    const view = await caller().admin.contactImports.get({ id: created.id });
    return { id: created.id, dry, view };
  }

  const nameOf = async (email: string) =>
    (
      await t.db
        .selectFrom('leads')
        .select('full_name')
        .where(sql<boolean>`lower(email) = ${email}`)
        .executeTakeFirstOrThrow()
    ).full_name;

  it('joins first and last name columns into the full name; one part alone is the name', async () => {
    const csv = [
      'Email,First name,Last name',
      'olivia@example.com,Olivia,Brown',
      'only.first@example.com,Ava,',
      'only.last@example.com,,Nguyen',
      'no.name@example.com,,',
    ].join('\n');
    const { view } = await importCsv(csv, { firstName: 1, lastName: 2 }, null);
    expect(view).toMatchObject({ status: 'completed', created: 4, rejected: 0 });
    expect(await nameOf('olivia@example.com')).toBe('Olivia Brown');
    expect(await nameOf('only.first@example.com')).toBe('Ava');
    expect(await nameOf('only.last@example.com')).toBe('Nguyen');
    expect(await nameOf('no.name@example.com')).toBeNull();
  });

  it('a full-name column wins over the parts, and the joined name obeys the length check', async () => {
    const long = 'x'.repeat(60);
    const csv = [
      'Email,Name,Given name,Surname',
      'full.wins@example.com,Liam Full,Liam,Parts',
      `too.long@example.com,,${long},${long}`,
    ].join('\n');
    const { view, dry } = await importCsv(csv, { fullName: 1, firstName: 2, lastName: 3 }, null);
    expect(dry.rows.find((r) => r.email === 'too.long@example.com')).toMatchObject({
      reason: 'invalid_name',
    });
    expect(view).toMatchObject({ created: 1, rejected: 1 });
    expect(await nameOf('full.wins@example.com')).toBe('Liam Full');
  });

  it('says how many rows end subscribed, pending or not subscribed, as the run then does', async () => {
    const csv = [
      'Email,Marketing',
      'fresh.yes@example.com,yes', // created, subscribed
      'fresh.no@example.com,no', // created, not subscribed
      'already.subscribed@example.com,no', // unchanged, still subscribed
      'waiting@example.com,no', // unchanged, still pending (no confirmation e-mail is sent)
      'waiting.yes@example.com,yes', // updated: the import's consent clears the pending request
      'plain@example.com,no', // unchanged, not subscribed
      'gone@example.com,yes', // skipped: never re-subscribed
      'broken-address,yes', // rejected
    ].join('\n');
    const { id, dry, view } = await importCsv(csv, { emailConsent: 1 });
    expect(dry.counts).toEqual({ create: 2, update: 1, unchanged: 3, skip: 2 });
    expect(dry.consent).toEqual({ subscribed: 3, pending: 1, notSubscribed: 2 });

    // The run did what the dry run said: its counts, and the state its contacts are now in.
    expect(view).toMatchObject({
      created: dry.counts.create,
      updated: dry.counts.update,
      unchanged: dry.counts.unchanged,
      rejected: dry.counts.skip,
      contacts: 6,
    });
    const states = await sql<{ subscribed: number; pending: number; not_subscribed: number }>`
      SELECT
        count(*) FILTER (WHERE l.email_marketing_consent AND l.email_unsubscribed_at IS NULL)::int AS subscribed,
        count(*) FILTER (WHERE NOT l.email_marketing_consent AND l.email_consent_pending)::int AS pending,
        count(*) FILTER (WHERE NOT l.email_marketing_consent AND NOT l.email_consent_pending)::int AS not_subscribed
      FROM contact_import_rows r JOIN leads l ON l.id = r.contact_id
      WHERE r.import_id = ${id}`.execute(t.db);
    expect(states.rows[0]).toEqual({
      subscribed: dry.consent.subscribed,
      pending: dry.consent.pending,
      not_subscribed: dry.consent.notSubscribed,
    });
  });

  it('lists exactly the contacts an import brought in, under ?import=<id>', async () => {
    const csv = ['Email', 'fresh.yes@example.com', 'linked.new@example.com', 'gone@example.com'].join('\n');
    const { id, view } = await importCsv(csv, {}, null);
    expect(view).toMatchObject({ created: 1, unchanged: 1, rejected: 1, contacts: 2 });

    const listed = await caller().admin.contacts.list({ import: id });
    expect(listed.rows.map((r) => r.email).sort()).toEqual([
      'fresh.yes@example.com',
      'linked.new@example.com',
    ]);
    expect(listed.totalCount).toBe(2);
    // With the other filters: only the subscribed one of the two.
    const subscribed = await caller().admin.contacts.list({ import: id, filter: 'subscribed' });
    expect(subscribed.rows.map((r) => r.email)).toEqual(['fresh.yes@example.com']);
    expect(subscribed.totalCount).toBe(1);
    // And a search inside the import.
    const searched = await caller().admin.contacts.list({ import: id, search: 'linked' });
    expect(searched.rows.map((r) => r.email)).toEqual(['linked.new@example.com']);

    // An unknown import lists nobody; a malformed id is a 400, not a 500.
    const unknown = await caller().admin.contacts.list({ import: '00000000-0000-4000-8000-000000000000' });
    expect(unknown).toMatchObject({ rows: [], totalCount: 0 });
    expect(await codeOf(caller().admin.contacts.list({ import: 'not-a-uuid' }))).toBe('BAD_REQUEST');
  });

  it('removes the links with the contact (erasure) and with the import (retention)', async () => {
    const { id } = await importCsv(
      ['Email', 'erase.me@example.com', 'keep.me@example.com'].join('\n'),
      {},
      null,
    );
    await t.db.deleteFrom('leads').where('email', '=', 'erase.me@example.com').execute();
    expect((await caller().admin.contacts.list({ import: id })).totalCount).toBe(1);
    await t.db.deleteFrom('contact_imports').where('id', '=', id).execute();
    const left = await t.db
      .selectFrom('contact_import_rows')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('import_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
  });
});
