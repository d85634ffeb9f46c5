import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeAudit, sentenceText } from '#shared/audit/sentences.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { purchaseRecord } from '#test/support/register.ts';
import { callerFor, codeOf, testServices } from '#test/support/services.ts';
import { localDate } from '#shared/time/zones.ts';
import type { SessionUser } from '../auth/session.ts';
import { createUser, grantAdmin } from '../auth/users.ts';
import { pruneExpired } from '../housekeeping.ts';
import { getSettingsTimezone } from '../settings/settings.ts';

// Decision 071: a watch leaves the register's hold only with a stolen-goods check recorded, no
// police hold notice open and the hold over (or a reason to end it early); each step audited.
// And each entry keeps its own retention date, which neither erasure nor a stray DELETE beats.

describe('releasing a watch from the dealer’s register', () => {
  const t = useTestDatabase();
  let owner: SessionUser;
  let buyer: SessionUser;
  let marketer: SessionUser;
  let viewer: SessionUser;
  let today: string;
  const services = () => testServices(t.db);
  const as = (user: SessionUser) => callerFor(services(), user).admin.register;

  async function member(
    email: string,
    role: 'owner' | 'buyer' | 'marketer' | 'viewer',
  ): Promise<SessionUser> {
    const user = await createUser(t.db, { email, password: 'x-password-1', verified: true });
    await grantAdmin(t.db, email, role);
    return { id: user.id, email: user.email, role };
  }

  /** A Victorian purchase (7 days' hold) on a new enquiry: its register entry's id. */
  async function purchase(
    email: string,
    state: 'VIC' | 'NSW' = 'VIC',
  ): Promise<{ id: string; enquiryId: string }> {
    await as(owner).saveSettings({ state, amlCddEnabled: false, retentionYears: 1 });
    const lead = await t.db.insertInto('leads').values({ email }).returning('id').executeTakeFirstOrThrow();
    const enquiry = await t.db
      .insertInto('enquiries')
      .values({
        lead_id: lead.id,
        contact_name: 'Olivia Nguyen',
        watch_brand: 'Omega',
        watch_model: 'Speedmaster',
        watch_condition: 'Excellent',
        status: 'accepted',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await callerFor(services(), buyer).admin.enquiries.setStatus({
      id: enquiry.id,
      to: 'purchased',
      // Victoria asks where the goods are stored (decision 070).
      purchase: purchaseRecord(buyer.id, {
        serialNumber: `SER-${email}`,
        storageLocation: 'Safe, 1 Collins St',
      }),
    });
    const view = await as(viewer).forEnquiry({ id: enquiry.id });
    return { id: view.purchase!.id, enquiryId: enquiry.id };
  }

  /** The hold as if it had ended: its last day was yesterday. */
  async function endHold(id: string) {
    await t.db
      .updateTable('purchase_records')
      .set({ held_until: sql<string>`${today}::date - 1` })
      .where('id', '=', id)
      .execute();
  }

  async function refusal(call: Promise<unknown>, code: TRPCError['code']): Promise<string> {
    const error: unknown = await call.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe(code);
    return (error as TRPCError).message;
  }

  async function sentences(entityId: string): Promise<string[]> {
    const { rows } = await callerFor(services(), owner).admin.audit.list({});
    return rows
      .filter((r) => r.entityId === entityId && r.action.startsWith('admin.register.'))
      .reverse()
      .map((r) => sentenceText(describeAudit(r)));
  }

  const check = { registerName: 'The Watch Register', reference: 'TWR-2026-0042' };
  const notice = {
    kind: 'vic_s26' as const,
    officer: 'Senior Constable R. Patel',
    station: 'Melbourne East',
    reference: 'VIC-HN-123',
    issuedOn: '2026-01-05',
    notes: 'Matches a burglary report',
  };

  beforeAll(async () => {
    owner = await member('owner@example.com', 'owner');
    buyer = await member('buyer@example.com', 'buyer');
    marketer = await member('marketer@example.com', 'marketer');
    viewer = await member('viewer@example.com', 'viewer');
    today = localDate(new Date(), await getSettingsTimezone(t.db));
  });

  it('refuses a release without a stolen-goods check, even after the hold', async () => {
    const { id } = await purchase('nocheck@example.com');
    await endHold(id);
    expect(await refusal(as(buyer).release({ id }), 'PRECONDITION_FAILED')).toBe(
      'This watch cannot be released: no stolen-goods check is recorded.',
    );
    const held = (await as(viewer).held()).find((h) => h.id === id);
    expect(held?.releaseStatus).toBe('needs_check');
  });

  it('refuses a release before the hold ends, naming the day, unless early with a reason', async () => {
    const { id } = await purchase('inhold@example.com');
    await as(buyer).recordCheck({ id, ...check });
    // Victoria: 7 calendar days from the business's day (decision 058), worked out here by hand.
    const end = new Date(`${today}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + 7);
    const heldUntil = end.toISOString().slice(0, 10);
    expect(await refusal(as(buyer).release({ id }), 'PRECONDITION_FAILED')).toBe(
      `This watch cannot be released: it is held until ${heldUntil} (give a reason to release it early).`,
    );
    expect((await as(viewer).held()).find((h) => h.id === id)?.releaseStatus).toBe('in_hold');
    await as(buyer).release({ id, reason: 'Police cleared the serial in writing' });
    const released = (await t.db
      .selectFrom('purchase_records')
      .select(['released_by_email', 'release_reason'])
      .where('id', '=', id)
      .executeTakeFirst())!;
    expect(released).toEqual({
      released_by_email: 'buyer@example.com',
      release_reason: 'Police cleared the serial in writing',
    });
  });

  it('refuses a release while a police hold notice is open, even after the hold and with a check', async () => {
    const { id } = await purchase('notice@example.com');
    await as(buyer).recordCheck({ id, ...check });
    await endHold(id);
    const { noticeId } = await as(buyer).recordNotice({ id, ...notice });
    expect((await as(viewer).held()).find((h) => h.id === id)?.releaseStatus).toBe('police_hold');
    expect(await refusal(as(buyer).release({ id }), 'PRECONDITION_FAILED')).toBe(
      'This watch cannot be released: a police hold notice is open (VIC-HN-123): it must be lifted first.',
    );
    // An early release's reason ends only the hold, never a notice.
    expect(await refusal(as(owner).release({ id, reason: 'Urgent sale' }), 'PRECONDITION_FAILED')).toContain(
      'a police hold notice is open (VIC-HN-123)',
    );
    await as(buyer).liftNotice({ noticeId: noticeId!, reference: 'LIFT-77' });
    expect(await refusal(as(buyer).liftNotice({ noticeId: noticeId!, reference: 'again' }), 'CONFLICT')).toBe(
      'This hold notice is already lifted.',
    );
    expect((await as(viewer).held()).find((h) => h.id === id)?.releaseStatus).toBe('releasable');
  });

  it('releases after the check, the notice lifted and the hold over; each step one audit row', async () => {
    const { id, enquiryId } = await purchase('happy@example.com');
    await as(buyer).recordCheck({ id, ...check });
    const { noticeId } = await as(buyer).recordNotice({ id, ...notice });
    await as(owner).liftNotice({ noticeId: noticeId!, reference: 'LIFT-88' });
    await endHold(id);
    expect(await as(buyer).release({ id })).toEqual({ released: true });

    // The release lines' members by name, the addresses kept (decision 102).
    const named = () => t.db.updateTable('users').where('email', '=', 'buyer@example.com');
    await named().set({ name: 'Bea Buyer' }).execute();
    const record = (await as(viewer).forEnquiry({ id: enquiryId })).purchase!;
    await named().set({ name: null }).execute();
    expect(record.people).toEqual({ 'buyer@example.com': 'Bea Buyer' });
    expect(record).toMatchObject({
      releaseStatus: 'released',
      releasedByEmail: 'buyer@example.com',
      releaseReason: null,
      stolenRegisterChecked: true,
      stolenRegisterName: 'The Watch Register',
      stolenRegisterReference: 'TWR-2026-0042',
      stolenCheckedByEmail: 'buyer@example.com',
    });
    expect(record.notices).toHaveLength(1);
    expect(record.notices[0]).toMatchObject({
      kind: 'vic_s26',
      officer: 'Senior Constable R. Patel',
      station: 'Melbourne East',
      reference: 'VIC-HN-123',
      issuedOn: '2026-01-05',
      notes: 'Matches a burglary report',
      recordedByEmail: 'buyer@example.com',
      liftedByEmail: 'owner@example.com',
      liftReference: 'LIFT-88',
    });
    expect((await as(viewer).held()).some((h) => h.id === id)).toBe(false);
    expect(await refusal(as(buyer).release({ id }), 'CONFLICT')).toBe('This watch is already released.');
    expect(await refusal(as(buyer).recordCheck({ id, ...check }), 'CONFLICT')).toBe(
      'This watch is already released.',
    );

    expect(await sentences(id)).toEqual([
      'buyer@example.com (Buyer) recorded a stolen-goods check of a watch in the dealer’s register (The Watch Register, reference TWR-2026-0042)',
      'buyer@example.com (Buyer) recorded police hold notice VIC-HN-123 from Melbourne East on a watch in the dealer’s register',
      'owner@example.com (Owner) lifted a police hold notice on a watch in the dealer’s register (reference LIFT-88)',
      'buyer@example.com (Buyer) released a watch from the dealer’s register hold',
    ]);
    // The notice's free-text notes are kept on the notice, not in the audit log.
    const audit = await t.db
      .selectFrom('audit_log')
      .select('summary')
      .where('action', '=', 'admin.register.recordNotice')
      .where('entity_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.summary)).not.toContain('burglary');
  });

  it('lets only the roles that record purchases record checks and notices, lift them or release', async () => {
    const { id } = await purchase('roles@example.com');
    const { noticeId } = await as(buyer).recordNotice({ id, ...notice });
    for (const user of [viewer, marketer]) {
      expect(await codeOf(as(user).recordCheck({ id, ...check }))).toBe('FORBIDDEN');
      expect(await codeOf(as(user).recordNotice({ id, ...notice }))).toBe('FORBIDDEN');
      expect(await codeOf(as(user).liftNotice({ noticeId: noticeId!, reference: 'L' }))).toBe('FORBIDDEN');
      expect(await codeOf(as(user).release({ id, reason: 'x' }))).toBe('FORBIDDEN');
    }
    const row = await t.db
      .selectFrom('purchase_records')
      .select(['stolen_register_checked', 'released_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ stolen_register_checked: false, released_at: null });
  });

  it('refuses bad input with a 4xx and a clear message', async () => {
    const { id } = await purchase('input@example.com');
    expect(await refusal(as(buyer).recordNotice({ id, ...notice, officer: ' ' }), 'BAD_REQUEST')).toContain(
      'Enter the issuing officer’s name.',
    );
    expect(
      await refusal(as(buyer).recordNotice({ id, ...notice, issuedOn: '2999-01-01' }), 'BAD_REQUEST'),
    ).toBe('A notice cannot be issued after today.');
    expect(await refusal(as(buyer).recordCheck({ id, ...check, reference: '' }), 'BAD_REQUEST')).toContain(
      'Enter the search’s reference or certificate number.',
    );
    expect(
      await refusal(
        as(buyer).recordCheck({ id: '00000000-0000-4000-8000-000000000000', ...check }),
        'NOT_FOUND',
      ),
    ).toBe('Purchase record not found');
    expect(
      await refusal(
        as(buyer).liftNotice({ noticeId: '00000000-0000-4000-8000-000000000000', reference: 'L' }),
        'NOT_FOUND',
      ),
    ).toBe('Hold notice not found');
  });
});

describe('the register’s own retention', () => {
  const t = useTestDatabase();
  let owner: SessionUser;
  let today: string;
  const services = () => testServices(t.db);

  beforeAll(async () => {
    const user = await createUser(t.db, {
      email: 'keeper@example.com',
      password: 'x-password-1',
      verified: true,
    });
    await grantAdmin(t.db, 'keeper@example.com', 'owner');
    owner = { id: user.id, email: user.email, role: 'owner' };
    today = localDate(new Date(), await getSettingsTimezone(t.db));
  });

  async function purchase(email: string) {
    const lead = await t.db.insertInto('leads').values({ email }).returning('id').executeTakeFirstOrThrow();
    const enquiry = await t.db
      .insertInto('enquiries')
      .values({
        lead_id: lead.id,
        contact_name: 'Kept Seller',
        watch_brand: 'Rolex',
        watch_model: 'Explorer',
        watch_condition: 'Good',
        status: 'accepted',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await callerFor(services(), owner).admin.enquiries.setStatus({
      id: enquiry.id,
      to: 'purchased',
      purchase: purchaseRecord(owner.id, {
        serialNumber: `KEEP-${email}`,
        storageLocation: 'Safe, 1 Collins St',
      }),
    });
    const view = await callerFor(services(), owner).admin.register.forEnquiry({ id: enquiry.id });
    return { id: view.purchase!.id, enquiryId: enquiry.id, leadId: lead.id, view: view.purchase! };
  }

  /** The same day `years` on, by hand: today is never 29 February in these runs' calendar. */
  const yearsOn = (years: number) => `${Number(today.slice(0, 4)) + years}${today.slice(4)}`;

  it('keeps an entry for its state’s years, or the business’s setting when longer, fixed at purchase', async () => {
    await callerFor(services(), owner).admin.register.saveSettings({
      state: 'NSW',
      amlCddEnabled: false,
      retentionYears: 1,
    });
    const nsw = await purchase('nsw-keep@example.com');
    expect(nsw.view.retainUntil).toBe(yearsOn(3));
    expect(nsw.view.keptUntil).toBe(`Kept until ${yearsOn(3)} (state rule, confirm with your licence)`);

    await callerFor(services(), owner).admin.register.saveSettings({
      state: 'VIC',
      amlCddEnabled: false,
      retentionYears: 7,
    });
    const vic = await purchase('vic-keep@example.com');
    expect(vic.view.retainUntil).toBe(yearsOn(7));
    expect(vic.view.keptUntil).toBe(
      `Kept until ${yearsOn(7)} (the business’s 7-year setting, longer than the VIC rule of 5 years; confirm with your licence)`,
    );
    // A later settings change does not move an entry's date.
    const again = await callerFor(services(), owner).admin.register.forEnquiry({ id: nsw.enquiryId });
    expect(again.purchase!.retainUntil).toBe(yearsOn(3));
  });

  it('works out a hand-written entry’s date in the database: a NSW purchase on 2026-03-15 and on 29 February', async () => {
    const added = await sql<{ a: string; b: string; c: string }>`
      SELECT to_char(register_add_years('2026-03-15', 3), 'YYYY-MM-DD') AS a,
             to_char(register_add_years('2028-02-29', 3), 'YYYY-MM-DD') AS b,
             to_char(register_add_years('2028-02-29', 4), 'YYYY-MM-DD') AS c`.execute(t.db);
    expect(added.rows[0]).toEqual({ a: '2029-03-15', b: '2031-03-01', c: '2032-02-29' });
    // An entry written without a date (a repair by hand) gets the settings' years from its day:
    // 10:00 on 15 March 2026 in Sydney is 23:00 UTC on the 14th.
    await t.db.updateTable('settings').set({ register_retention_years: 7 }).execute();
    const { view } = await purchase('template@example.com');
    const copy = await t.db
      .selectFrom('purchase_records')
      .selectAll()
      .where('id', '=', view.id)
      .executeTakeFirstOrThrow();
    const { id: _id, enquiry_id: _enquiry, retain_until: _retain, created_at: _created, ...rest } = copy;
    const inserted = await t.db
      .insertInto('purchase_records')
      .values({
        ...rest,
        id: '7f1e4a52-2f7c-4d0f-9b7e-0c5d2f6a9e11',
        enquiry_id: null,
        created_at: new Date('2026-03-14T23:00:00Z'),
      })
      .returning(sql<string>`to_char(retain_until, 'YYYY-MM-DD')`.as('retain_until'))
      .executeTakeFirstOrThrow();
    expect(inserted.retain_until).toBe('2033-03-15');
  });

  it('survives erasure and any delete before its date; housekeeping removes it, its notices and copy after', async () => {
    const kept = await purchase('erase-keep@example.com');
    await callerFor(services(), owner).admin.contacts.erase({
      id: kept.leadId,
      confirmation: 'erase-keep@example.com',
    });
    expect(
      await t.db
        .selectFrom('purchase_records')
        .select('enquiry_id')
        .where('id', '=', kept.id)
        .executeTakeFirst(),
    ).toEqual({ enquiry_id: null });
    // The database's own guard: a DELETE before the entry's date is refused.
    const refused = await t.db
      .deleteFrom('purchase_records')
      .where('id', '=', kept.id)
      .execute()
      .catch((e: unknown) => e);
    expect((refused as { code?: string }).code).toBe('23514');
    expect(String((refused as Error).message)).toContain('is kept until');

    // Past its date (kept until the day before yesterday) housekeeping deletes it with its
    // notices and identity copy; one kept until today stays.
    const old = await purchase('old-keep@example.com');
    const copy = await t.db
      .insertInto('identity_copies')
      .values({
        filename: 'licence.pdf',
        content_type: 'application/pdf',
        bytes: 3,
        data: Buffer.from('%PD'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await callerFor(services(), owner).admin.register.recordNotice({
      id: old.id,
      kind: 'police_hold',
      officer: 'Sgt Lee',
      station: 'Surry Hills',
      reference: 'OLD-1',
      issuedOn: '2026-01-05',
      notes: null,
    });
    await t.db
      .updateTable('purchase_records')
      .set({ retain_until: sql<string>`${today}::date - 2`, id_upload_id: copy.id })
      .where('id', '=', old.id)
      .execute();
    await t.db
      .updateTable('purchase_records')
      .set({ retain_until: today })
      .where('id', '=', kept.id)
      .execute();
    const result = await pruneExpired(t.db);
    expect(result.registerEntries).toBe(1);
    const left = (await t.db.selectFrom('purchase_records').select('id').execute()).map((r) => r.id);
    expect(left).toContain(kept.id);
    expect(left).not.toContain(old.id);
    expect(
      await t.db.selectFrom('hold_notices').select('id').where('purchase_id', '=', old.id).execute(),
    ).toEqual([]);
    expect(
      await t.db.selectFrom('identity_copies').select('id').where('id', '=', copy.id).executeTakeFirst(),
    ).toBeUndefined();
  });
});
