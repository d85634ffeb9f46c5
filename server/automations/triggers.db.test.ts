import { beforeAll, describe, expect, it } from 'vitest';
import type { FlowDefinition, FlowTrigger } from '#shared/automations/flows.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { recordingJobQueue, testConfig } from '#test/support/services.ts';
import { createUser, grantAdmin } from '../auth/users.ts';
import { confirmConsent, createConfirmationToken } from '../consent/confirmation.ts';
import { updateContactConsent } from '../contacts/contacts.ts';
import { changeEnquiryStatus, recordOffer } from '../enquiries/pipeline.ts';
import { applyPreferenceAction } from '../preferences/preferences.ts';
import { dueRunIds } from './engine.ts';
import { enterFlow } from './enter.ts';
import { createFlow, saveFlowVersion, setFlowState } from './flows.ts';

// The trigger hooks (decision 064), driven through the real paths that record each event.

const TEMPLATE = '0b6f4d0e-7d0b-4c53-9f8e-2f6a0f3b1a11';
const SECRET = 'a-test-secret-that-is-long-enough-for-the-mac';
// A status change may e-mail the seller about their visit (decision 062); none here has one.
const mail = { jobs: recordingJobQueue(), config: testConfig() };

function definition(name: string, trigger: FlowTrigger, reentry: 'once' | 'per_occurrence'): FlowDefinition {
  return {
    name,
    description: '',
    trigger,
    reentry,
    respectQuietHours: true,
    steps: [{ id: 'first', type: 'send', templateId: TEMPLATE, template: 'marketing' }],
  };
}

describe('automation trigger hooks', () => {
  const t = useTestDatabase();
  let actor: { id: string; email: string };

  const flowIn = async (
    state: 'off' | 'live' | 'paused',
    name: string,
    trigger: FlowTrigger,
    reentry: 'once' | 'per_occurrence' = 'once',
  ) => {
    const id = await t.db
      .transaction()
      .execute((trx) => createFlow(trx, definition(name, trigger, reentry), null));
    await setFlowState(t.db, id, state);
    return id;
  };
  const runsOf = (flowId: string) =>
    t.db
      .selectFrom('automation_runs')
      .select(['contact_id', 'enquiry_id', 'occurrence_key', 'state'])
      .where('flow_id', '=', flowId)
      .orderBy('entered_at')
      .orderBy('occurrence_key')
      .execute();
  const newContact = async (email: string, consent = false) =>
    (
      await t.db
        .insertInto('leads')
        .values({ email, full_name: 'Charlotte Evans', email_marketing_consent: consent })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const newEnquiry = async (contactId: string, brand: string) =>
    (
      await t.db
        .insertInto('enquiries')
        .values({
          lead_id: contactId,
          watch_brand: brand,
          watch_model: 'Submariner 126610LN',
          watch_condition: 'Excellent',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const source = (now: Date) => ({ method: 'manual' as const, ip: '203.0.113.9', userAgent: 'test', now });

  beforeAll(async () => {
    const user = await createUser(t.db, { email: 'hooks-owner@example.com', password: 'x-password-1' });
    await grantAdmin(t.db, user.email);
    actor = { id: user.id, email: user.email };
  });

  describe('consent confirmed', () => {
    let once: string;
    let each: string;
    let off: string;
    let paused: string;
    beforeAll(async () => {
      once = await flowIn('live', 'Welcome once', { type: 'consent_confirmed' });
      each = await flowIn('live', 'Welcome each time', { type: 'consent_confirmed' }, 'per_occurrence');
      off = await flowIn('off', 'Welcome off', { type: 'consent_confirmed' });
      paused = await flowIn('paused', 'Welcome paused', { type: 'consent_confirmed' });
    });

    it('enters live flows when the preferences page subscribes again; once-flows only once', async () => {
      const contactId = await newContact('resubscriber@example.com', true);
      const monday = new Date('2026-11-23T01:00:00Z');
      const friday = new Date('2026-11-27T01:00:00Z');
      const act = (action: 'email' | 'resubscribe_email', now: Date) =>
        t.db.transaction().execute((trx) => applyPreferenceAction(trx, contactId, action, source(now)));

      await act('email', new Date('2026-11-22T01:00:00Z'));
      await act('resubscribe_email', monday);
      // Subscribing when already subscribed changes nothing and starts nothing.
      await act('resubscribe_email', new Date('2026-11-24T01:00:00Z'));
      await act('email', new Date('2026-11-26T01:00:00Z'));
      await act('resubscribe_email', friday);

      expect((await runsOf(once)).map((r) => r.occurrence_key)).toEqual(['']);
      expect((await runsOf(each)).map((r) => r.occurrence_key)).toEqual([
        `consent:${monday.toISOString()}`,
        `consent:${friday.toISOString()}`,
      ]);
      // The second unsubscribe ended the first per-occurrence run (the leads trigger, decision 061).
      expect((await runsOf(each)).map((r) => r.state)).toEqual(['exited', 'waiting']);
      expect(await runsOf(off)).toEqual([]);
      expect(await runsOf(paused)).toEqual([]);
    });

    it('enters when an admin records consent with evidence, and not when the change rolls back', async () => {
      const contactId = await newContact('admin-consent@example.com');
      const evidence = {
        basis: 'in_person' as const,
        note: 'Agreed at the Sydney showroom',
        obtainedOn: '2026-11-20',
      };
      await expect(
        t.db.transaction().execute(async (trx) => {
          await updateContactConsent(
            trx,
            contactId,
            { emailMarketingConsent: true, consentEvidence: evidence },
            actor,
          );
          throw new Error('the request failed after the change');
        }),
      ).rejects.toThrow('the request failed');
      expect((await runsOf(once)).filter((r) => r.contact_id === contactId)).toEqual([]);

      const result = await t.db
        .transaction()
        .execute((trx) =>
          updateContactConsent(
            trx,
            contactId,
            { emailMarketingConsent: true, consentEvidence: evidence },
            actor,
          ),
        );
      expect(result.status).toBe('ok');
      expect((await runsOf(once)).filter((r) => r.contact_id === contactId)).toHaveLength(1);
    });

    it('enters when the owner of the address confirms the double opt-in link', async () => {
      const contactId = await newContact('double-opt-in@example.com');
      const submittedAt = new Date('2026-11-25T00:00:00Z');
      await t.db
        .updateTable('leads')
        .set({ email_consent_pending: true, consent_requested_at: submittedAt })
        .where('id', '=', contactId)
        .execute();
      const enquiryId = await newEnquiry(contactId, 'Omega');
      await t.db
        .updateTable('enquiries')
        .set({ email_consent_requested: true })
        .where('id', '=', enquiryId)
        .execute();
      const token = createConfirmationToken(SECRET, {
        contactId,
        enquiryId,
        email: 'double-opt-in@example.com',
        submittedAt,
      });
      const confirmedAt = new Date('2026-11-25T02:00:00Z');
      const view = await t.db
        .transaction()
        .execute((trx) => confirmConsent(trx, SECRET, token, { ip: null, userAgent: null }, confirmedAt));
      expect(view.state).toBe('confirmed');
      // A second click finds nothing pending and starts nothing more.
      await t.db
        .transaction()
        .execute((trx) => confirmConsent(trx, SECRET, token, { ip: null, userAgent: null }, confirmedAt));
      expect((await runsOf(each)).filter((r) => r.contact_id === contactId)).toEqual([
        {
          contact_id: contactId,
          enquiry_id: null,
          occurrence_key: `consent:${confirmedAt.toISOString()}`,
          state: 'waiting',
        },
      ]);
    });
  });

  it('reads the trigger from the current version: an edit to another trigger takes effect at once', async () => {
    const flowId = await flowIn('live', 'Edited welcome', { type: 'consent_confirmed' }, 'per_occurrence');
    await t.db
      .transaction()
      .execute((trx) =>
        saveFlowVersion(
          trx,
          flowId,
          definition(
            'Edited welcome',
            { type: 'enquiry_status', status: 'accepted', brands: [] },
            'per_occurrence',
          ),
          null,
        ),
      );
    const contactId = await newContact('edited-flow@example.com', true);
    await t.db
      .transaction()
      .execute((trx) => applyPreferenceAction(trx, contactId, 'email', source(new Date())));
    await t.db
      .transaction()
      .execute((trx) => applyPreferenceAction(trx, contactId, 'resubscribe_email', source(new Date())));
    expect(await runsOf(flowId)).toEqual([]);
  });

  describe('enquiry enters a status', () => {
    it('enters per occurrence, keeps once-flows to one run, and honours the brands filter', async () => {
      const rolexOffers = await flowIn(
        'live',
        'Rolex offer reminder',
        { type: 'enquiry_status', status: 'offer_made', brands: ['Rolex'] },
        'per_occurrence',
      );
      const anyOffer = await flowIn('live', 'Any offer, once', {
        type: 'enquiry_status',
        status: 'offer_made',
        brands: [],
      });
      const offFlow = await flowIn('off', 'Offer flow switched off', {
        type: 'enquiry_status',
        status: 'offer_made',
        brands: [],
      });
      const contactId = await newContact('status-seller@example.com');
      const rolex = await newEnquiry(contactId, 'Rolex');
      const omega = await newEnquiry(contactId, 'Omega');
      const move = (id: string, to: 'offer_made' | 'contacted') =>
        t.db.transaction().execute((trx) => changeEnquiryStatus(trx, { id, to }, actor, mail));

      expect((await move(rolex, 'offer_made')).status).toBe('ok');
      expect((await move(rolex, 'contacted')).status).toBe('ok');
      // Recording an offer moves Contacted → Offer made through the same path (advanceIfAllowed).
      await t.db
        .transaction()
        .execute((trx) =>
          recordOffer(trx, { id: rolex, amountCents: 1_250_000, validUntil: null, conditions: null }, actor),
        );
      expect((await move(omega, 'offer_made')).status).toBe('ok');

      expect(await runsOf(rolexOffers)).toEqual([
        {
          contact_id: contactId,
          enquiry_id: rolex,
          occurrence_key: `enquiry:${rolex}:offer_made:1`,
          state: 'waiting',
        },
        {
          contact_id: contactId,
          enquiry_id: rolex,
          occurrence_key: `enquiry:${rolex}:offer_made:2`,
          state: 'waiting',
        },
      ]);
      // Once ever per contact: the second enquiry of the same seller does not enter again.
      expect(await runsOf(anyOffer)).toEqual([
        { contact_id: contactId, enquiry_id: rolex, occurrence_key: '', state: 'waiting' },
      ]);
      expect(await runsOf(offFlow)).toEqual([]);
    });

    it('leaves nothing behind when the status change is refused', async () => {
      const flowId = await flowIn(
        'live',
        'Declined follow-up',
        { type: 'enquiry_status', status: 'purchased', brands: [] },
        'per_occurrence',
      );
      const contactId = await newContact('refused-seller@example.com');
      const enquiryId = await newEnquiry(contactId, 'Cartier');
      // New → Purchased is not in the table, so it is refused before anything is written.
      const result = await t.db
        .transaction()
        .execute((trx) => changeEnquiryStatus(trx, { id: enquiryId, to: 'purchased' }, actor, mail));
      expect(result.status).toBe('refused');
      expect(await runsOf(flowId)).toEqual([]);
    });
  });

  it("makes a run it enters due at once on the engine's millisecond clock", async () => {
    // The engine compares due_at with a JavaScript Date (whole milliseconds); a run entered in the
    // same millisecond as the engine reads its clock is still due then.
    const flowId = await flowIn('live', 'Due at once', { type: 'consent_confirmed' }, 'per_occurrence');
    const contactId = await newContact('due-at-once@example.com', true);
    const late: number[] = [];
    for (let attempt = 0; attempt < 40; attempt += 1) {
      const runId = await enterFlow(t.db, { flowId, contactId, occurrence: `attempt-${attempt}` });
      const due = await dueRunIds(t.db, new Date(), 1000);
      if (!runId || !due.includes(runId)) late.push(attempt);
    }
    expect(late).toEqual([]);
  });
});
