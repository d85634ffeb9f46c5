import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_COUNT_CAP } from '#shared/admin/lists.ts';
import { CONSENT_MESSAGES } from '#shared/contacts/consent.ts';
import { CONTACT_MESSAGES } from '#shared/contacts/schemas.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { callerFor, testServices } from '#test/support/services.ts';
import { createUser, grantAdmin } from '../auth/users.ts';
import type { SessionUser } from '../auth/session.ts';

const BASE = Date.UTC(2026, 0, 1);
const minutes = (n: number) => new Date(BASE + n * 60_000);

/**
 * 65 contacts, contact i created at minute i (so the newest is i = 64):
 * every 4th has no e-mail consent, every 5th is unsubscribed (consent off), every 6th is suppressed,
 * and i = 4, 12, 20, ... (no consent) asked for it on the sell form without confirming yet.
 */
function seedRows() {
  return Array.from({ length: 65 }, (_, i) => ({
    email:
      i === 7
        ? 'Olivia.Nguyen@Example.com'
        : `contact${String(i).padStart(2, '0')}@${i % 2 ? 'gmail.com' : 'example.com'}`,
    full_name: i === 7 ? 'Olivia Nguyen' : i === 12 ? "Seán O'Brien" : null,
    phone: i === 12 ? '+61 (0)412 555-012' : i === 7 ? '0400 000 007' : null,
    email_marketing_consent: i % 4 !== 0 && i % 5 !== 0,
    sms_marketing_consent: i % 3 === 0,
    email_consent_pending: i % 8 === 4,
    email_unsubscribed_at: i % 5 === 0 ? minutes(i + 100) : null,
    unsubscribe_reason: i % 10 === 0 ? 'Too many e-mails' : null,
    suppressed_at: i % 6 === 0 ? minutes(i + 200) : null,
    created_at: minutes(i),
    updated_at: minutes(i),
  }));
}

describe('admin contacts', () => {
  const t = useTestDatabase();
  let admin: SessionUser;
  const caller = () => callerFor(testServices(t.db), admin);
  const rows = seedRows();
  const newestFirst = [...rows].reverse();

  beforeAll(async () => {
    const user = await createUser(t.db, { email: 'contacts-admin@example.com', password: 'x-password-1' });
    await grantAdmin(t.db, user.email);
    admin = { id: user.id, email: user.email, role: 'owner' };
    await t.db.insertInto('leads').values(rows).execute();
  });

  it('counts total, subscribed (consent and not unsubscribed) and unsubscribed contacts', async () => {
    const subscribed = rows.filter(
      (r) => r.email_marketing_consent && r.email_unsubscribed_at === null,
    ).length;
    const unsubscribed = rows.filter((r) => r.email_unsubscribed_at !== null).length;
    const pending = rows.filter((r) => r.email_consent_pending).length;
    expect(pending).toBe(8);
    expect(await caller().admin.contacts.stats()).toEqual({ total: 65, subscribed, pending, unsubscribed });
    // Suppressed contacts still count as subscribed on this screen (spec); the dashboard excludes them.
    expect(subscribed).toBe(rows.filter((r) => r.email_marketing_consent).length);
  });

  it('lists 20 per page, newest first, with the page count', async () => {
    const page1 = await caller().admin.contacts.list({});
    expect(page1).toMatchObject({ totalCount: 65, totalPages: 4, page: 1, totalIsCapped: false });
    expect(page1.rows.map((r) => r.email)).toEqual(newestFirst.slice(0, 20).map((r) => r.email));
    expect(page1.rows[0]).toEqual({
      id: expect.any(String) as string,
      email: 'contact64@example.com',
      fullName: null,
      phone: null,
      emailMarketingConsent: false,
      smsMarketingConsent: false,
      emailConsentPending: false,
      smsConsentPending: false,
      createdAt: minutes(64).toISOString(),
      emailUnsubscribedAt: null,
    });
    const page2 = await caller().admin.contacts.list({ page: 2 });
    expect(page2.rows.map((r) => r.email)).toEqual(newestFirst.slice(20, 40).map((r) => r.email));
  });

  it('serves the pages read from the oldest end (second half and a short last page) in the same order', async () => {
    const page3 = await caller().admin.contacts.list({ page: 3 });
    expect(page3.rows.map((r) => r.email)).toEqual(newestFirst.slice(40, 60).map((r) => r.email));
    const page4 = await caller().admin.contacts.list({ page: 4 });
    expect(page4.rows.map((r) => r.email)).toEqual(newestFirst.slice(60).map((r) => r.email));
    // A page past the end is the last page.
    const beyond = await caller().admin.contacts.list({ page: 99 });
    expect(beyond.page).toBe(4);
    expect(beyond.rows).toEqual(page4.rows);
  });

  it('pages with anchors exactly as with page numbers', async () => {
    const page1 = await caller().admin.contacts.list({});
    const last1 = page1.rows.at(-1);
    if (!last1) throw new Error('empty page');
    const page2 = await caller().admin.contacts.list({
      page: 2,
      anchor: { id: last1.id, direction: 'after' },
    });
    expect(page2.rows.map((r) => r.email)).toEqual(newestFirst.slice(20, 40).map((r) => r.email));
    const first3 = (await caller().admin.contacts.list({ page: 3 })).rows[0];
    if (!first3) throw new Error('empty page');
    const back = await caller().admin.contacts.list({
      page: 2,
      anchor: { id: first3.id, direction: 'before' },
    });
    expect(back.rows).toEqual(page2.rows);
    // An anchor that no longer exists falls back to the page number.
    const gone = await caller().admin.contacts.list({
      page: 2,
      anchor: { id: '00000000-0000-4000-8000-000000000000', direction: 'after' },
    });
    expect(gone.rows).toEqual(page2.rows);
  });

  it('pages search results by number and by anchor alike', async () => {
    const expected = newestFirst
      .filter((r) => r.email.toLowerCase().includes('example.com'))
      .map((r) => r.email);
    const page1 = await caller().admin.contacts.list({ search: 'example.com' });
    expect(page1).toMatchObject({ totalCount: expected.length, totalIsCapped: false, totalPages: 2 });
    const page2 = await caller().admin.contacts.list({ search: 'example.com', page: 2 });
    expect(page2.rows.map((r) => r.email)).toEqual(expected.slice(20));
    const lastOfFirst = page1.rows.at(-1);
    if (!lastOfFirst) throw new Error('empty page');
    const anchored = await caller().admin.contacts.list({
      search: 'example.com',
      page: 2,
      anchor: { id: lastOfFirst.id, direction: 'after' },
    });
    expect(anchored.rows).toEqual(page2.rows);
  });

  it('filters subscribed and unsubscribed contacts', async () => {
    const subscribed = newestFirst.filter(
      (r) => r.email_marketing_consent && r.email_unsubscribed_at === null,
    );
    const list = await caller().admin.contacts.list({ filter: 'subscribed', page: 2 });
    expect(list.totalCount).toBe(subscribed.length);
    expect(list.rows.map((r) => r.email)).toEqual(subscribed.slice(20, 40).map((r) => r.email));
    const unsubscribed = await caller().admin.contacts.list({ filter: 'unsubscribed' });
    expect(unsubscribed.totalCount).toBe(13);
    expect(unsubscribed.rows.every((r) => r.emailUnsubscribedAt !== null)).toBe(true);
  });

  it('filters contacts whose sell-form consent waits for confirmation (decision 016)', async () => {
    const pending = await caller().admin.contacts.list({ filter: 'pending' });
    expect(pending.totalCount).toBe(8);
    expect(pending.rows.map((r) => r.email)).toEqual(
      newestFirst.filter((r) => r.email_consent_pending).map((r) => r.email),
    );
    expect(pending.rows.every((r) => r.emailConsentPending && !r.emailMarketingConsent)).toBe(true);
    const searched = await caller().admin.contacts.list({ filter: 'pending', search: 'contact2' });
    expect(searched.rows.map((r) => r.email)).toEqual(['contact28@example.com', 'contact20@example.com']);
  });

  it('searches e-mail case-insensitively as "contains", combined with the filter', async () => {
    const found = await caller().admin.contacts.list({ search: 'olivia.NGUYEN' });
    expect(found.rows.map((r) => r.email)).toEqual(['Olivia.Nguyen@Example.com']);
    expect(found.totalCount).toBe(1);
    const gmail = await caller().admin.contacts.list({ search: 'GMAIL', filter: 'subscribed' });
    const expected = newestFirst.filter(
      (r) => r.email.includes('gmail') && r.email_marketing_consent && r.email_unsubscribed_at === null,
    );
    expect(gmail.totalCount).toBe(expected.length);
    expect(gmail.rows.map((r) => r.email)).toEqual(expected.slice(0, 20).map((r) => r.email));
    const none = await caller().admin.contacts.list({ search: 'nobody-here' });
    expect(none).toMatchObject({ rows: [], totalCount: 0, totalPages: 0 });
  });

  it('finds a contact by name or by phone digits, whatever the punctuation, and shows both', async () => {
    for (const term of ["o'brien", '412 555', '0412-555-012', '(0)412']) {
      const found = await caller().admin.contacts.list({ search: term });
      expect(
        found.rows.map((r) => r.email),
        term,
      ).toEqual(['contact12@example.com']);
    }
    const [olivia] = (await caller().admin.contacts.list({ search: 'olivia nguyen' })).rows;
    expect(olivia).toMatchObject({ fullName: 'Olivia Nguyen', phone: '0400 000 007' });
  });

  it('matches LIKE wildcards literally and ignores searches under three characters', async () => {
    expect((await caller().admin.contacts.list({ search: 'con%64' })).totalCount).toBe(0);
    expect((await caller().admin.contacts.list({ search: 'co' })).totalCount).toBe(65);
  });

  it('caps the count of a search with very many matches', async () => {
    await t.db.transaction().execute(async (trx) => {
      await sql`
        INSERT INTO leads (email, created_at)
        SELECT 'bulk' || g || '@capped.example', ${minutes(-1000)}::timestamptz + g * interval '1 second'
        FROM generate_series(1, ${SEARCH_COUNT_CAP + 5}) g`.execute(trx);
      const list = await callerFor(testServices(t.db), admin).admin.contacts.list({
        search: 'capped.example',
      });
      // The caller uses its own connection: this insert is not committed yet.
      expect(list.totalCount).toBe(0);
    });
    const list = await caller().admin.contacts.list({ search: 'capped.example', page: 50 });
    expect(list).toMatchObject({
      totalCount: SEARCH_COUNT_CAP,
      totalIsCapped: true,
      totalPages: 50,
      page: 50,
    });
    expect(list.rows).toHaveLength(20);
    await t.db.deleteFrom('leads').where('email', 'like', '%@capped.example').execute();
  });

  describe('detail and update', () => {
    async function contactId(email: string): Promise<string> {
      const row = await t.db
        .selectFrom('leads')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      return row.id;
    }

    it('returns the contact with enquiries, photos, campaign sends and unsubscribe events', async () => {
      const id = await contactId('contact10@example.com');
      const enquiry = await t.db
        .insertInto('enquiries')
        .values({
          lead_id: id,
          watch_brand: 'Rolex',
          watch_model: 'Submariner',
          watch_year: 2019,
          watch_condition: 'Excellent',
          has_box: true,
          utm_source: 'google',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const upload = await t.db
        .insertInto('uploads')
        .values({
          driver: 'local',
          storage_key: `k-${enquiry.id}`,
          content_type: 'image/jpeg',
          bytes: 10,
          sha256: 'x',
          enquiry_id: enquiry.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const campaign = await t.db
        .insertInto('email_campaigns')
        .values({ name: 'Spring update', subject: 's', status: 'completed' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('email_sends')
        .values({
          campaign_id: campaign.id,
          lead_id: id,
          recipient_email: 'contact10@example.com',
          status: 'delivered',
          provider_message_id: 'm-1',
          sent_at: minutes(5),
        })
        .execute();
      // A send still queued is listed too, though only sent ones are indexed by contact (decision 044).
      const sending = await t.db
        .insertInto('email_campaigns')
        .values({ name: 'Winter offer', subject: 's', status: 'sending' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('email_sends')
        .values({
          campaign_id: sending.id,
          lead_id: id,
          recipient_email: 'Contact10@Example.com',
          status: 'queued',
        })
        .execute();
      await t.db
        .insertInto('unsubscribe_logs')
        .values({
          email: 'contact10@example.com',
          action: 'email_unsubscribe',
          method: 'one_click',
          lead_id: id,
        })
        .execute();

      const contact = await caller().admin.contacts.get({ id });
      expect(contact).toMatchObject({
        email: 'contact10@example.com',
        emailUnsubscribedAt: minutes(110).toISOString(),
        unsubscribeReason: 'Too many e-mails',
        enquiries: [
          {
            id: enquiry.id,
            status: 'new',
            watchBrand: 'Rolex',
            watchModel: 'Submariner',
            watchYear: 2019,
            hasBox: true,
            hasPapers: false,
            utmSource: 'google',
            photoIds: [upload.id],
          },
        ],
        unsubscribeEvents: [{ action: 'email_unsubscribe', method: 'one_click' }],
      });
      expect(contact.sends.map((send) => [send.campaignId, send.campaignName, send.status]).sort()).toEqual(
        [
          [campaign.id, 'Spring update', 'delivered'],
          [sending.id, 'Winter offer', 'queued'],
        ].sort(),
      );
    });

    it('answers NOT_FOUND for an unknown contact', async () => {
      await expect(
        caller().admin.contacts.get({ id: '00000000-0000-4000-8000-000000000000' }),
      ).rejects.toMatchObject({ code: 'NOT_FOUND', message: CONTACT_MESSAGES.notFound });
    });

    it('updates the consent flags and records an admin-given consent with its evidence', async () => {
      const id = await contactId('contact04@example.com');
      const evidence = {
        basis: 'in_writing' as const,
        note: 'Signed consent form, filed in the client folder',
        obtainedOn: '2026-11-20',
      };
      const updated = await caller().admin.contacts.update({
        id,
        emailMarketingConsent: true,
        smsMarketingConsent: true,
        consentEvidence: evidence,
      });
      expect(updated).toMatchObject({
        emailMarketingConsent: true,
        smsMarketingConsent: true,
        consentSource: 'admin:contacts-admin@example.com',
        consentRecords: [
          {
            channels: ['email', 'sms'],
            basis: 'in_writing',
            note: evidence.note,
            obtainedOn: '2026-11-20',
            recordedBy: 'contacts-admin@example.com',
          },
        ],
      });
      expect(Date.parse(updated.updatedAt)).toBeGreaterThan(minutes(4).getTime());
      const off = await caller().admin.contacts.update({ id, smsMarketingConsent: false });
      expect(off).toMatchObject({ emailMarketingConsent: true, smsMarketingConsent: false });
      const stats = await caller().admin.contacts.stats();
      expect(stats.subscribed).toBe(
        rows.filter((r) => r.email_marketing_consent && r.email_unsubscribed_at === null).length + 1,
      );
    });

    it('refuses to turn e-mail consent back on for an unsubscribed contact, but allows other changes', async () => {
      const id = await contactId('contact15@gmail.com');
      const error = await caller()
        .admin.contacts.update({ id, emailMarketingConsent: true })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TRPCError);
      expect(error).toMatchObject({ code: 'CONFLICT', message: CONTACT_MESSAGES.emailLocked });
      const contact = await t.db
        .selectFrom('leads')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(contact.email_marketing_consent).toBe(false);
      // Keeping it off is no change, and SMS can still be edited.
      const updated = await caller().admin.contacts.update({
        id,
        emailMarketingConsent: false,
        smsMarketingConsent: false,
      });
      expect(updated).toMatchObject({ emailMarketingConsent: false, smsMarketingConsent: false });
    });

    it('never switches a channel on silently: without evidence nothing changes', async () => {
      const id = await contactId('contact08@example.com');
      const before = await t.db
        .selectFrom('leads')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(before.sms_marketing_consent).toBe(false);
      await expect(caller().admin.contacts.update({ id, smsMarketingConsent: true })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: CONSENT_MESSAGES.evidenceRequired,
      });
      const after = await t.db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(after).toEqual(before);
      expect(
        await t.db.selectFrom('consent_records').select('id').where('lead_id', '=', id).execute(),
      ).toEqual([]);
      // Evidence that does not hold up is refused at the boundary.
      for (const consentEvidence of [
        { basis: 'in_person' as const, note: 'too short', obtainedOn: '2026-11-20' },
        { basis: 'in_person' as const, note: 'Met at the Sydney store', obtainedOn: '2999-01-01' },
        { basis: 'in_person' as const, note: 'Met at the Sydney store', obtainedOn: '20/11/2026' },
      ]) {
        await expect(
          caller().admin.contacts.update({ id, smsMarketingConsent: true, consentEvidence }),
        ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
      }
      // Switching off needs no evidence.
      const off = await caller().admin.contacts.update({ id, emailMarketingConsent: false });
      expect(off.consentRecords).toEqual([]);
    });

    it('refuses e-mail consent for a suppressed address', async () => {
      const id = await contactId('contact18@example.com');
      await t.db
        .updateTable('leads')
        .set({ email_marketing_consent: false, suppressed_at: new Date(), suppression_reason: 'hard_bounce' })
        .where('id', '=', id)
        .execute();
      await expect(
        caller().admin.contacts.update({
          id,
          emailMarketingConsent: true,
          consentEvidence: {
            basis: 'phone_call',
            note: 'Called on 20 Nov, agreed',
            obtainedOn: '2026-11-20',
          },
        }),
      ).rejects.toMatchObject({ code: 'CONFLICT', message: CONSENT_MESSAGES.emailSuppressed });
    });

    it('refuses SMS consent after an SMS unsubscribe', async () => {
      const id = await contactId('contact22@example.com');
      await t.db.updateTable('leads').set({ sms_unsubscribed_at: new Date() }).where('id', '=', id).execute();
      await expect(caller().admin.contacts.update({ id, smsMarketingConsent: true })).rejects.toMatchObject({
        code: 'CONFLICT',
        message: CONTACT_MESSAGES.smsLocked,
      });
    });

    it('refuses an update without changes and an unknown contact', async () => {
      const id = await contactId('contact01@gmail.com');
      await expect(caller().admin.contacts.update({ id })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
      await expect(
        caller().admin.contacts.update({
          id: '00000000-0000-4000-8000-000000000000',
          smsMarketingConsent: true,
        }),
      ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    });
  });
});
