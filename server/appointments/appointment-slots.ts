import type { AppointmentSettings, FreeDay, LocationHours } from '#shared/appointments/schemas.ts';
import { wallPartsAt, zonedWallTimeToUtc } from '#shared/campaigns/schedule.ts';
import { localDate } from '../settings/entry.ts';

// Free appointment slots (decision 062), computed on the server in the business's timezone: each
// open day's hours are stepped in wall-clock time and every start turned into an instant with the
// zone's offset on that day, so a 10:00 slot is 10:00 on both sides of a daylight-saving change.
// A wall time the clocks skip (the spring-forward hour) is no slot; one they show twice (autumn)
// is offered once. Pure: the caller reads the settings, the hours and the booked slots.

const MINUTE = 60_000;

function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

function wall(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** ISO weekday (1 Monday … 7 Sunday) of a calendar day. */
export function isoWeekday(day: string): number {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

export interface SlotRules {
  settings: Pick<AppointmentSettings, 'slotMinutes' | 'horizonDays' | 'minNoticeHours' | 'blackoutDates'>;
  /** This location's weekly hours. */
  hours: ReadonlyArray<Pick<LocationHours, 'weekday' | 'opens' | 'closes'>>;
  timezone: string;
  /** Slots already booked at this location (any overlap makes a slot busy). */
  booked: ReadonlyArray<{ startsAt: Date; endsAt: Date }>;
  now: Date;
}

export function freeDays(rules: SlotRules): FreeDay[] {
  const { settings, timezone, now } = rules;
  const earliest = now.getTime() + settings.minNoticeHours * 60 * MINUTE;
  const today = localDate(now, timezone);
  // Today and the next `horizonDays` calendar days.
  const forward = Array.from({ length: settings.horizonDays + 1 }, (_, i) =>
    new Date(Date.parse(`${today}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
  );
  const blackout = new Set(settings.blackoutDates);
  const byWeekday = new Map(rules.hours.map((h) => [h.weekday, h]));
  const result: FreeDay[] = [];
  for (const day of forward) {
    if (blackout.has(day)) continue;
    const hours = byWeekday.get(isoWeekday(day));
    if (!hours) continue;
    const opens = minutesOf(hours.opens);
    const closes = minutesOf(hours.closes);
    const slots: FreeDay['slots'] = [];
    const seen = new Set<number>();
    for (let m = opens; m + settings.slotMinutes <= closes; m += settings.slotMinutes) {
      const time = wall(m);
      const start = zonedWallTimeToUtc(`${day} ${time}`, timezone);
      if (!start) continue;
      const startMs = start.getTime();
      // A skipped wall time resolves to another clock reading: not a slot of this day at this time.
      const shown = new Date(wallPartsAt(startMs, timezone)).toISOString();
      if (shown.slice(0, 10) !== day || shown.slice(11, 16) !== time) continue;
      if (seen.has(startMs)) continue;
      seen.add(startMs);
      const endMs = startMs + settings.slotMinutes * MINUTE;
      if (startMs < earliest) continue;
      const busy = rules.booked.some((b) => b.startsAt.getTime() < endMs && b.endsAt.getTime() > startMs);
      if (busy) continue;
      slots.push({ startsAt: start.toISOString(), time });
    }
    if (slots.length > 0) result.push({ day, slots });
  }
  return result;
}
