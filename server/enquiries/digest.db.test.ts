import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { recordingJobQueue, TEST_APP_URL, testServices } from '#test/support/services.ts';
import type { JobPayload } from '../jobs/definitions.ts';
import { runAwaitingReplyDigest } from './digest.ts';

const NOW = new Date('2026-02-01T12:00:00Z');
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000);

describe('awaiting-reply digest', () => {
  const t = useTestDatabase();

  it('names each enquiry still New after 20 hours in one digest, once', async () => {
    const contact = await t.db
      .insertInto('leads')
      .values({ email: 'digest@example.com', full_name: 'Dee Gest' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const add = (hours: number, status: 'new' | 'contacted', model: string) =>
      t.db
        .insertInto('enquiries')
        .values({
          lead_id: contact.id,
          watch_brand: 'Rolex',
          watch_model: model,
          watch_condition: 'Good',
          status,
          created_at: hoursAgo(hours),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const late = await add(21, 'new', 'GMT-Master');
    const older = await add(30, 'new', 'Explorer');
    await add(19, 'new', 'Too recent');
    await add(25, 'contacted', 'Already answered');

    const jobs = recordingJobQueue();
    const services = testServices(t.db, { jobs });
    expect(await runAwaitingReplyDigest(services, NOW)).toEqual({ enquiries: 2 });
    expect(jobs.jobs).toHaveLength(1);
    const payload = jobs.jobs[0]!.payload as JobPayload<'email.send'>;
    expect(payload.message.to).toEqual([services.config.site.email]);
    expect(payload.message.subject).toBe('2 enquiries still awaiting a first reply');
    expect(payload.message.text).toContain('Explorer');
    expect(payload.message.text).toContain('GMT-Master');
    expect(payload.message.text).not.toContain('Too recent');
    expect(payload.message.text).not.toContain('Already answered');
    expect(payload.message.text!.indexOf('Explorer')).toBeLessThan(
      payload.message.text!.indexOf('GMT-Master'),
    );
    expect(payload.message.html).toContain(`/admin/enquiries/${late.id}`);
    expect(payload.message.html).toContain(`/admin/enquiries/${older.id}`);
    // The desk's numbers, linked from the digest (decision 096).
    expect(payload.message.html).toContain(`${TEST_APP_URL}/admin/enquiries/desk`);

    // The next run names nobody again; a later one names only what became late since.
    expect(await runAwaitingReplyDigest(services, NOW)).toEqual({ enquiries: 0 });
    expect(await runAwaitingReplyDigest(services, new Date(NOW.getTime() + 2 * 3_600_000))).toEqual({
      enquiries: 1,
    });
    const third = jobs.jobs[1]!.payload as JobPayload<'email.send'>;
    expect(third.message.subject).toBe('1 enquiry still awaiting a first reply');
    expect(third.message.text).toContain('Too recent');
    expect(jobs.jobs).toHaveLength(2);
  });

  it("shows when each enquiry came in, in the business's timezone", async () => {
    const contact = await t.db
      .insertInto('leads')
      .values({ email: 'perth@example.com', full_name: 'Per Th' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('enquiries')
      .values({
        lead_id: contact.id,
        watch_brand: 'Omega',
        watch_model: 'Seamaster',
        watch_condition: 'Good',
        status: 'new',
        // 22:30 in Perth (UTC+8), already the next day in Sydney (UTC+11 in February).
        created_at: new Date('2026-01-31T14:30:00Z'),
      })
      .execute();
    await t.db.updateTable('settings').set({ timezone: 'Australia/Perth' }).execute();
    const jobs = recordingJobQueue();
    expect(await runAwaitingReplyDigest(testServices(t.db, { jobs }), NOW)).toEqual({ enquiries: 1 });
    const payload = jobs.jobs[0]!.payload as JobPayload<'email.send'>;
    expect(payload.message.text).toMatch(/received 31 Jan 2026, 10:30\spm/);
  });
});
