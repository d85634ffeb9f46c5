import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatCalendarDay, formatInstant } from '#shared/time/format.ts';

// One date style, Australian (decision 081's home for time, shared/time/format.ts): no file
// outside shared/time/ formats a date itself, so the admin, the public pages, the e-mails, the
// PDFs and the exports cannot drift apart again ("Dec 6, 2026, 5:34 PM GMT+11" in the admin,
// "6 Dec 2026, 5:34 pm" on the seller's page, "6/12/26, 17:56" in the register's CSV).

const root = path.resolve(import.meta.dirname, '..');
const FOLDERS = ['client/src', 'server', 'shared', 'worker'];
const HOME = 'shared/time/';
const SOURCE = /\.tsx?$/;
const TEST = /\.test\.tsx?$/;

/**
 * A date formatted by hand: Intl.DateTimeFormat, toLocaleDateString / toLocaleTimeString, or a
 * toLocaleString that is not a number in en-AU ("1,204", which format.ts does not cover).
 */
const STRAY = [
  /\bIntl\.DateTimeFormat\s*\(/,
  /\bnew\s+Intl\.DateTimeFormat\b/,
  /\.toLocale(?:Date|Time)String\s*\(/,
  /\.toLocaleString\s*\((?!'en-AU'\))/,
];

function sources(folder: string): string[] {
  const dir = path.join(root, folder);
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => SOURCE.test(file) && !TEST.test(file) && !file.includes('node_modules'))
    .map((file) => path.posix.join(folder, file.split(path.sep).join('/')));
}

describe('one date style', () => {
  it('formats dates only in shared/time/', () => {
    const stray = FOLDERS.flatMap(sources)
      .filter((file) => !file.startsWith(HOME))
      .flatMap((file) =>
        readFileSync(path.join(root, file), 'utf8')
          .split('\n')
          .flatMap((line, i) =>
            STRAY.some((re) => re.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : [],
          ),
      );
    expect(stray).toEqual([]);
  });

  it('takes dates in the admin through the day-first pickers, not the browser’s inputs', () => {
    // <input type="date"> shows mm/dd/yyyy in an en-US browser; DayInput and DayTimeInput
    // (client/src/admin/widgets/DayInput.tsx, decision 102) show and read 06/12/2026.
    const browserInput = /type=["'{]+(?:date|datetime-local)["'}]/;
    const stray = sources('client/src')
      .filter((file) => file.endsWith('.tsx'))
      .flatMap((file) =>
        readFileSync(path.join(root, file), 'utf8')
          .split('\n')
          .flatMap((line, i) =>
            browserInput.test(line) && !line.trim().startsWith('*') ? [`${file}:${i + 1}`] : [],
          ),
      );
    expect(stray).toEqual([]);
  });

  it('writes day before month, four-digit years and a lower-case am/pm', () => {
    // 06:34 UTC on 6 December 2026 is 5:34 pm in Sydney (AEDT, UTC+11).
    const at = '2026-12-06T06:34:00.000Z';
    expect(formatInstant(at, 'Australia/Sydney', 'day')).toBe('6 Dec 2026');
    expect(formatInstant(at, 'Australia/Sydney', 'dateTime')).toBe('6 Dec 2026, 5:34 pm');
    expect(formatInstant(at, 'Australia/Sydney', 'dateTimeZone')).toBe('6 Dec 2026, 5:34 pm AEDT');
    expect(formatInstant(at, 'Australia/Perth', 'time')).toBe('2:34 pm');
    expect(formatInstant(at, 'Australia/Sydney', 'weekdayDate')).toBe('Sunday 6 December 2026');
    expect(formatCalendarDay('2026-12-06', 'longDate')).toBe('6 December 2026');
  });

  it('gives exports four-digit years and a 24-hour clock', () => {
    expect(formatInstant('2026-12-06T06:56:00.000Z', 'Australia/Sydney', 'numeric')).toBe(
      '06/12/2026, 17:56',
    );
    expect(formatInstant('2026-01-05T22:05:00.000Z', 'Australia/Sydney', 'numeric')).toBe(
      '06/01/2026, 09:05',
    );
  });
});
