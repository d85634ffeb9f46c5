import { describe, expect, it } from 'vitest';
import { useBoss } from '#test/support/boss.ts';
import { leadSubmission } from '#test/support/lead-form.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { leadSubmitKit } from '#test/support/lead-submit.ts';
import { callerFor, testServices } from '#test/support/services.ts';
import { createUser, grantAdmin } from '../auth/users.ts';

// Decision 100: the sell form sends the external page the visit came from; the enquiry keeps its
// origin and path, whatever else the request carried.

const t = useTestDatabase();
const bossOf = useBoss(t);
const { leadServices, visitor } = leadSubmitKit(t, bossOf);

async function referrerOf(enquiryId: string): Promise<string | null> {
  const row = await t.db
    .selectFrom('enquiries')
    .select('referrer')
    .where('id', '=', enquiryId)
    .executeTakeFirstOrThrow();
  return row.referrer;
}

describe('lead.submit referrer', () => {
  it('stores the referrer as origin and path, dropping the query a client failed to drop', async () => {
    const result = await visitor(leadServices()).lead.submit(
      leadSubmission({ referrer: 'https://www.google.com/search?q=sell+my+rolex&hl=en' }),
    );
    expect(await referrerOf(result.enquiryId)).toBe('https://www.google.com/search');
  });

  it('stores none for no referrer, and for one that is not a web address, without refusing the lead', async () => {
    const none = await visitor(leadServices()).lead.submit(leadSubmission({}));
    expect(await referrerOf(none.enquiryId)).toBeNull();
    const odd = await visitor(leadServices()).lead.submit(
      leadSubmission({ email: 'odd@example.com', referrer: 'javascript:alert(1)' }),
    );
    expect(await referrerOf(odd.enquiryId)).toBeNull();
  });

  it('cuts a long referrer to the 300 characters the column holds', async () => {
    const result = await visitor(leadServices()).lead.submit(
      leadSubmission({ referrer: `https://blog.example/${'p'.repeat(500)}` }),
    );
    expect(await referrerOf(result.enquiryId)).toBe(`https://blog.example/${'p'.repeat(279)}`);
  });

  it('shows the desk where the seller came from on the enquiry', async () => {
    const owner = await createUser(t.db, { email: 'referrer-owner@example.com', password: 'x-password-1' });
    await grantAdmin(t.db, owner.email);
    const staff = callerFor(testServices(t.db), { id: owner.id, email: owner.email, role: 'owner' });
    const referred = await visitor(leadServices()).lead.submit(
      leadSubmission({
        email: 'from-forum@example.com',
        referrer: 'https://www.rolexforums.com/showthread.php?t=1',
      }),
    );
    const direct = await visitor(leadServices()).lead.submit(leadSubmission({ email: 'direct@example.com' }));
    expect((await staff.admin.enquiries.get({ id: referred.enquiryId })).referrer).toBe(
      'https://www.rolexforums.com/showthread.php',
    );
    expect((await staff.admin.enquiries.get({ id: direct.enquiryId })).referrer).toBeNull();
  });
});
