import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useBoss } from '#test/support/boss.ts';
import { leadSubmission } from '#test/support/lead-form.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { leadSubmitKit } from '#test/support/lead-submit.ts';

const t = useTestDatabase();
// A real pg-boss: lead.submit sends its job with pg-boss's send() inside its transaction.
const bossOf = useBoss(t);
const { leadServices, visitor } = leadSubmitKit(t, bossOf);
const form = leadSubmission;

// A submission and the contact it joins (decisions 012 and 016): one per address, consent never
// weakened by a later enquiry.
describe('lead.submit and the contact', () => {
  it('keeps one contact per e-mail whatever its case, never weakening an unsubscribe or suppression', async () => {
    const unsubscribedAt = new Date('2026-01-02T03:04:05Z');
    const suppressedAt = new Date('2026-02-03T04:05:06Z');
    const existing = await t.db
      .insertInto('leads')
      .values({
        email: 'Former.Seller@Example.com',
        full_name: 'Old Name',
        phone: '0200 000 000',
        email_unsubscribed_at: unsubscribedAt,
        unsubscribe_reason: 'Too many e-mails',
        sms_unsubscribed_at: unsubscribedAt,
        suppressed_at: suppressedAt,
        suppression_reason: 'complaint',
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const services = leadServices();
    const result = await visitor(services, '203.0.113.20').lead.submit(
      form({
        email: 'former.seller@example.COM',
        fullName: 'New Name',
        phone: '0499 999 999',
        emailMarketingConsent: true,
        smsMarketingConsent: true,
      }),
    );

    const enquiry = await t.db
      .selectFrom('enquiries')
      .select(['lead_id', 'contact_name', 'contact_phone'])
      .where('id', '=', result.enquiryId)
      .executeTakeFirstOrThrow();
    // The enquiry keeps exactly what was submitted (decision 016) ...
    expect(enquiry).toEqual({
      lead_id: existing.id,
      contact_name: 'New Name',
      contact_phone: '0499 999 999',
    });
    const contact = await t.db
      .selectFrom('leads')
      .selectAll()
      .where('id', '=', existing.id)
      .executeTakeFirstOrThrow();
    expect(contact).toMatchObject({
      email: 'Former.Seller@Example.com',
      // ... while an unverified submission does not replace the contact's own name and phone.
      full_name: 'Old Name',
      phone: '0200 000 000',
      email_unsubscribed_at: unsubscribedAt,
      unsubscribe_reason: 'Too many e-mails',
      sms_unsubscribed_at: unsubscribedAt,
      suppressed_at: suppressedAt,
      suppression_reason: 'complaint',
      // The ticks only ask: nothing is consent until the address confirms (decision 016).
      email_marketing_consent: false,
      sms_marketing_consent: false,
      email_consent_pending: true,
      sms_consent_pending: true,
      consent_source: null,
      consent_ip: null,
    });
    const sameEmail = await t.db
      .selectFrom('leads')
      .select('id')
      .where(sql`lower(email)`, '=', 'former.seller@example.com')
      .execute();
    expect(sameEmail).toHaveLength(1);
  });

  it("fills a known contact's blank name and phone from a submission", async () => {
    const email = `blank.${randomUUID().slice(0, 8)}@example.com`;
    await t.db.insertInto('leads').values({ email, full_name: null, phone: '' }).execute();
    await visitor(leadServices(), '203.0.113.21').lead.submit(
      form({ email, fullName: 'Filled Name', phone: '0411 111 111' }),
    );
    const contact = await t.db
      .selectFrom('leads')
      .select(['full_name', 'phone'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(contact).toEqual({ full_name: 'Filled Name', phone: '0411 111 111' });
  });

  it('never withdraws earlier consent or a pending request when a later enquiry leaves the boxes unticked', async () => {
    const services = leadServices();
    const email = `repeat.${randomUUID().slice(0, 8)}@example.com`;
    await t.db
      .insertInto('leads')
      .values({
        email,
        email_marketing_consent: true,
        consent_at: new Date('2026-03-01T00:00:00Z'),
        consent_source: 'preferences',
        consent_ip: '203.0.113.30',
        sms_consent_pending: true,
      })
      .execute();
    await visitor(services, '203.0.113.31').lead.submit(form({ email }));
    const second = await t.db
      .selectFrom('leads')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(second).toMatchObject({
      email_marketing_consent: true,
      consent_ip: '203.0.113.30',
      consent_source: 'preferences',
      consent_at: new Date('2026-03-01T00:00:00Z'),
      sms_consent_pending: true,
    });
  });

  it('asks no confirmation for a channel the contact already receives', async () => {
    const email = `subscribed.${randomUUID().slice(0, 8)}@example.com`;
    await t.db.insertInto('leads').values({ email, email_marketing_consent: true }).execute();
    const result = await visitor(leadServices()).lead.submit(form({ email, emailMarketingConsent: true }));
    expect(result.confirmationRequested).toBe(false);
    const contact = await t.db
      .selectFrom('leads')
      .select(['email_marketing_consent', 'email_consent_pending'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(contact).toEqual({ email_marketing_consent: true, email_consent_pending: false });
  });
});
