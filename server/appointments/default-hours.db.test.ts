import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { callerFor, testServices } from '#test/support/services.ts';
import { up as defaultHours } from '../../migrations/20261208040000_default_opening_hours.ts';
import type { SessionUser } from '../auth/session.ts';
import { sellerNextStep } from './entry.ts';

// Decision 095: a fresh install opens every location Monday to Friday, 9 to 5, so "Book a visit"
// leads somewhere; with no free time anywhere, the seller is offered only the kit and the Owner's
// view says so.

const WEEKDAYS = [1, 2, 3, 4, 5];
const CITIES = ['adelaide', 'brisbane', 'canberra', 'darwin', 'hobart', 'melbourne', 'perth', 'sydney'];

describe('opening hours of a fresh install', () => {
  const t = useTestDatabase();
  let owner: SessionUser;
  const admin = () => callerFor(testServices(t.db), owner).admin;

  beforeAll(async () => {
    const user = await t.db
      .insertInto('users')
      .values({ email: 'owner@example.com', password_hash: 'not-used' })
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();
    owner = { id: user.id, email: user.email, role: 'owner' };
  });

  it('opens every location Monday to Friday, 09:00 to 17:00, so a visit can be booked', async () => {
    const view = await admin().appointments.settings();
    // The view lists hours by location name order, each Monday (1) to Friday (5).
    expect(view.hours).toEqual(
      CITIES.flatMap((location) =>
        WEEKDAYS.map((weekday) => ({ location, weekday, opens: '09:00', closes: '17:00' })),
      ),
    );
    expect(view.bookable).toBe(true);
    expect((await sellerNextStep(t.db, crypto.randomUUID())).bookable).toBe(true);
  });

  it('says when no location has a free time, and never overwrites the Owner’s hours', async () => {
    const {
      locations: _locations,
      timezone: _timezone,
      bookable: _bookable,
      ...settings
    } = await admin().appointments.settings();
    await admin().appointments.saveSettings({ ...settings, hours: [] });
    expect((await admin().appointments.settings()).bookable).toBe(false);
    expect((await sellerNextStep(t.db, crypto.randomUUID())).bookable).toBe(false);

    // One location open one hour a week is enough. The horizon is two weeks: with a day's notice,
    // from Tuesday 10:00 this week's Wednesday hour is too soon and next week's lies beyond a
    // seven-day horizon, so seven days would make this test depend on the day it runs.
    const only = { location: 'hobart' as const, weekday: 3, opens: '10:00', closes: '11:00' };
    await admin().appointments.saveSettings({
      ...settings,
      horizonDays: 14,
      minNoticeHours: 24,
      hours: [only],
    });
    expect((await admin().appointments.settings()).bookable).toBe(true);

    // The migration again, as on an install that already has hours: nothing added.
    await defaultHours(t.db);
    expect((await admin().appointments.settings()).hours).toEqual([only]);
  });
});
