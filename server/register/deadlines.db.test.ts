import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { JobPayload } from '#server/jobs/definitions.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { clearRegisterEntries, purchaseRecord } from '#test/support/register.ts';
import { callerFor, codeOf, recordingJobQueue, testServices } from '#test/support/services.ts';
import type { PurchaseRecordInput } from '#shared/register/schemas.ts';
import type { SessionUser } from '../auth/session.ts';
import { createUser, grantAdmin } from '../auth/users.ts';
import { runDeadlineReminders } from './deadline-reminders.ts';
import { complianceList } from './deadlines.ts';

// Decision 070: the deadlines an entry starts, marked done, the SMR note, linked cash, the
// Compliance list and the day-before e-mail. The business's timezone is Australia/Sydney (the
// default); days are fixed with a fake Date (only Date: the database's clock is real).

describe('the register’s deadlines', () => {
  const t = useTestDatabase();
  let owner: SessionUser;
  let buyer: SessionUser;
  let viewer: SessionUser;
  const services = () => testServices(t.db);
  const as = (user: SessionUser) => callerFor(services(), user);

  async function member(email: string, role: 'owner' | 'buyer' | 'viewer'): Promise<SessionUser> {
    const user = await createUser(t.db, { email, password: 'x-password-1', verified: true });
    await grantAdmin(t.db, email, role);
    return { id: user.id, email: user.email, role };
  }

  /** Sets the clock (Date only) to an instant; Sydney is UTC+11 in summer, UTC+10 in winter. */
  function at(instant: string) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(instant));
  }

  async function purchase(email: string, overrides: Partial<PurchaseRecordInput> = {}) {
    const lead = await t.db
      .insertInto('leads')
      .values({ email, full_name: 'Olivia Nguyen' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const enquiry = await t.db
      .insertInto('enquiries')
      .values({
        lead_id: lead.id,
        watch_brand: 'Rolex',
        watch_model: 'Daytona',
        watch_condition: 'Excellent',
        status: 'accepted',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await as(buyer).admin.enquiries.setStatus({
      id: enquiry.id,
      to: 'purchased',
      purchase: purchaseRecord(buyer.id, overrides),
    });
    const record = await t.db
      .selectFrom('purchase_records')
      .select('id')
      .where('enquiry_id', '=', enquiry.id)
      .executeTakeFirstOrThrow();
    return { enquiryId: enquiry.id, purchaseId: record.id };
  }

  async function setState(state: 'NSW' | 'VIC' | 'QLD', amlCddEnabled = true) {
    await as(owner).admin.register.saveSettings({ state, amlCddEnabled, retentionYears: 7 });
  }

  const cash = (priceCents: number, sellerName = 'Olivia Nguyen'): Partial<PurchaseRecordInput> => ({
    paymentMethod: 'cash',
    priceCents,
    sellerName,
    cddDateOfBirth: '1980-02-03',
    cddOccupation: 'Chef',
  });

  beforeAll(async () => {
    owner = await member('owner@example.com', 'owner');
    await member('owner2@example.com', 'owner');
    buyer = await member('buyer@example.com', 'buyer');
    viewer = await member('viewer@example.com', 'viewer');
  });
  afterEach(async () => {
    vi.useRealTimers();
    await t.db.deleteFrom('register_deadlines').execute();
    await clearRegisterEntries(t.db);
  });

  it('starts the NSW transfer and the TTR with a cash purchase, and shows them on the entry', async () => {
    await setState('NSW');
    // 10:00 on Thursday 2 April 2026 in Sydney (UTC+11 until Sunday 5 April): before Easter.
    at('2026-04-01T23:00:00Z');
    const { enquiryId } = await purchase('easter@example.com', cash(12_000_00));
    // Police: Good Friday 3 to Easter Monday 6 skipped, Tue 7, Wed 8, Thu 9.
    // TTR: Tue 7, Wed 8, Thu 9, Fri 10, Mon 13, Tue 14, Wed 15, Thu 16, Fri 17, Mon 20.
    const view = await as(viewer).admin.register.entryCompliance({ id: enquiryId });
    expect(view.deadlines.map((d) => [d.kind, d.dueOn, d.doneAt])).toEqual([
      ['nsw_police_transfer', '2026-04-09', null],
      ['austrac_ttr', '2026-04-20', null],
    ]);
    expect(view.deadlines[0]?.confirm).toBe('Confirm the channel with NSW Police.');
    expect(view.linkedCash).toEqual([]);
  });

  it('counts Victoria’s Melbourne Cup Day and starts no police transfer there', async () => {
    await setState('VIC');
    // 10:00 on Friday 30 October 2026 in Sydney (UTC+11): Mon 2 (1), Cup Day Tue 3 skipped, Wed 4 (2),
    // Thu 5, Fri 6, Mon 9, Tue 10, Wed 11, Thu 12, Fri 13, Mon 16 (10).
    at('2026-10-29T23:00:00Z');
    const { enquiryId } = await purchase('cup@example.com', {
      ...cash(15_000_00),
      storageLocation: 'Safe 1',
    });
    const view = await as(viewer).admin.register.entryCompliance({ id: enquiryId });
    expect(view.deadlines.map((d) => [d.kind, d.dueOn])).toEqual([['austrac_ttr', '2026-11-16']]);
    await setState('NSW');
  });

  it('lets a member mark a deadline done with a reference, once, audited', async () => {
    await setState('NSW');
    at('2026-12-03T23:00:00Z'); // Friday 4 December 2026, 10:00 in Sydney
    const { enquiryId } = await purchase('done@example.com');
    const [police] = (await as(viewer).admin.register.entryCompliance({ id: enquiryId })).deadlines;
    // Fri 4 December: Mon 7, Tue 8, Wed 9.
    expect(police).toMatchObject({ kind: 'nsw_police_transfer', dueOn: '2026-12-09' });
    const id = police!.id;
    expect(await codeOf(as(viewer).admin.register.completeDeadline({ id }))).toBe('FORBIDDEN');
    expect(await codeOf(as(buyer).admin.register.completeDeadline({ id, reference: 'x'.repeat(201) }))).toBe(
      'BAD_REQUEST',
    );
    expect(await codeOf(as(buyer).admin.register.completeDeadline({ id: crypto.randomUUID() }))).toBe(
      'NOT_FOUND',
    );
    await as(buyer).admin.register.completeDeadline({ id, reference: 'NSWPF-123' });
    expect(await codeOf(as(buyer).admin.register.completeDeadline({ id }))).toBe('CONFLICT');
    // The member who did it by name, the address kept (decision 102).
    const named = () => t.db.updateTable('users').where('email', '=', 'buyer@example.com');
    await named().set({ name: 'Bea Buyer' }).execute();
    const after = (await as(viewer).admin.register.entryCompliance({ id: enquiryId })).deadlines[0];
    await named().set({ name: null }).execute();
    expect(after).toMatchObject({
      doneByEmail: 'buyer@example.com',
      doneByName: 'Bea Buyer',
      reference: 'NSWPF-123',
    });
    expect(after?.doneAt).not.toBeNull();
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['actor_email', 'summary'])
      .where('action', '=', 'admin.register.completeDeadline')
      .executeTakeFirstOrThrow();
    expect(audit.actor_email).toBe('buyer@example.com');
    expect(JSON.stringify(audit.summary)).toContain(id);
  });

  it('starts the SMR’s 3 business days with a staff note the audit row does not keep', async () => {
    await setState('NSW');
    at('2026-12-03T23:00:00Z');
    const { enquiryId, purchaseId } = await purchase('smr@example.com');
    // Noted on Saturday 5 December 2026, 10:00 in Sydney: Mon 7, Tue 8, Wed 9.
    at('2026-12-04T23:00:00Z');
    const note = 'Seller could not say where the watch was bought';
    expect(await codeOf(as(viewer).admin.register.noteSuspiciousMatter({ purchaseId, note }))).toBe(
      'FORBIDDEN',
    );
    expect(await codeOf(as(buyer).admin.register.noteSuspiciousMatter({ purchaseId, note: ' ' }))).toBe(
      'BAD_REQUEST',
    );
    expect(await as(buyer).admin.register.noteSuspiciousMatter({ purchaseId, note })).toMatchObject({
      dueOn: '2026-12-09',
    });
    const smr = (await as(viewer).admin.register.entryCompliance({ id: enquiryId })).deadlines.find(
      (d) => d.kind === 'austrac_smr',
    );
    expect(smr).toMatchObject({ dueOn: '2026-12-09', note });
    const audit = await t.db
      .selectFrom('audit_log')
      .select('summary')
      .where('action', '=', 'admin.register.noteSuspiciousMatter')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.summary)).not.toContain('could not say');
  });

  it('flags one seller’s cash payments that reach $10,000 within 30 days', async () => {
    await setState('NSW');
    at('2026-11-30T23:00:00Z'); // Tuesday 1 December 2026 in Sydney
    const first = await purchase('linked1@example.com', cash(6_000_00));
    const second = await purchase('linked2@example.com', cash(6_000_00));
    const far = await purchase('far@example.com', cash(6_000_00, 'Farah Lee'));
    const farLater = await purchase('far2@example.com', cash(6_000_00, 'Farah Lee'));
    const other = await purchase('other@example.com', cash(6_000_00, 'Someone Else'));
    // Olivia: 1 November and 21 November (20 days apart). Farah: 31 October and 1 December (31 days).
    // Someone Else on 21 November, the same day as Olivia's second: a different seller, not linked.
    const setDay = (purchaseId: string, instant: string) =>
      t.db
        .updateTable('purchase_records')
        .set({ created_at: new Date(instant) })
        .where('id', '=', purchaseId)
        .execute();
    await setDay(first.purchaseId, '2026-11-01T01:00:00Z');
    await setDay(second.purchaseId, '2026-11-21T01:00:00Z');
    await setDay(far.purchaseId, '2026-10-31T01:00:00Z');
    await setDay(farLater.purchaseId, '2026-12-01T01:00:00Z');
    await setDay(other.purchaseId, '2026-11-21T01:00:00Z');

    const view = await as(viewer).admin.register.entryCompliance({ id: first.enquiryId });
    expect(view.linkedCash.map((l) => [l.purchaseId, l.day, l.priceCents])).toEqual([
      [second.purchaseId, '2026-11-21', 6_000_00],
    ]);
    expect((await as(viewer).admin.register.entryCompliance({ id: far.enquiryId })).linkedCash).toEqual([]);
    expect((await as(viewer).admin.register.entryCompliance({ id: other.enquiryId })).linkedCash).toEqual([]);
    const list = await as(viewer).admin.register.compliance();
    expect(list.linkedCash.map((l) => l.purchaseId).sort()).toEqual(
      [first.purchaseId, second.purchaseId].sort(),
    );
  });

  it('lists open deadlines soonest first and those done lately apart', async () => {
    await setState('NSW');
    at('2026-12-03T23:00:00Z'); // Friday 4 December: police due Wednesday 9
    const a = await purchase('list-a@example.com');
    at('2026-12-06T23:00:00Z'); // Monday 7 December: police due Thursday 10, TTR Monday 21
    const b = await purchase('list-b@example.com', cash(20_000_00));
    const listed = await complianceList(t.db, new Date('2026-12-07T23:00:00Z'));
    expect(listed.today).toBe('2026-12-08');
    expect(listed.open.map((d) => [d.purchaseId, d.kind, d.dueOn])).toEqual([
      [a.purchaseId, 'nsw_police_transfer', '2026-12-09'],
      [b.purchaseId, 'nsw_police_transfer', '2026-12-10'],
      [b.purchaseId, 'austrac_ttr', '2026-12-21'],
    ]);
    const first = listed.open[0]!;
    vi.useRealTimers();
    await as(owner).admin.register.completeDeadline({ id: first.id });
    const after = await complianceList(t.db);
    expect(after.open.map((d) => d.id)).not.toContain(first.id);
    expect(after.done.map((d) => d.id)).toEqual([first.id]);
  });

  it('e-mails the Owners, once, the day before a deadline, from 8 am in the business’s timezone', async () => {
    await setState('NSW');
    at('2026-12-03T23:00:00Z'); // Friday 4 December: police due Wednesday 9
    const { purchaseId } = await purchase('remind@example.com');
    const other = await purchase('remind-done@example.com');
    vi.useRealTimers();
    const done = await t.db
      .selectFrom('register_deadlines')
      .select('id')
      .where('purchase_record_id', '=', other.purchaseId)
      .executeTakeFirstOrThrow();
    await as(owner).admin.register.completeDeadline({ id: done.id });

    const jobs = recordingJobQueue();
    const run = (instant: string) => runDeadlineReminders(testServices(t.db, { jobs }), new Date(instant));
    // 07:30 on Tuesday 8 December in Sydney (UTC+11): too early.
    expect(await run('2026-12-07T20:30:00Z')).toEqual({ deadlines: 0 });
    // Monday 7 December 09:00: the deadline is two days off.
    expect(await run('2026-12-06T22:00:00Z')).toEqual({ deadlines: 0 });
    // 08:05 on Tuesday 8 December: one e-mail to both Owners, naming the open deadline only.
    expect(await run('2026-12-07T21:05:00Z')).toEqual({ deadlines: 1 });
    expect(jobs.jobs).toHaveLength(1);
    const payload = jobs.jobs[0]!.payload as JobPayload<'email.send'>;
    expect(payload.message.to).toEqual(['owner2@example.com', 'owner@example.com'].sort());
    expect(payload.message.to).not.toContain('buyer@example.com');
    expect(payload.message.subject).toBe('1 dealer’s register deadline due tomorrow');
    expect(payload.message.text).toContain('Wednesday 9 December 2026');
    expect(payload.message.text).toContain('Record to NSW Police');
    // The next hour, and the next day: nothing again.
    expect(await run('2026-12-07T22:05:00Z')).toEqual({ deadlines: 0 });
    expect(await run('2026-12-08T22:05:00Z')).toEqual({ deadlines: 0 });
    expect(jobs.jobs).toHaveLength(1);
    const row = await t.db
      .selectFrom('register_deadlines')
      .select('reminded_on')
      .where('purchase_record_id', '=', purchaseId)
      .executeTakeFirstOrThrow();
    expect(row.reminded_on).not.toBeNull();
  });
});
