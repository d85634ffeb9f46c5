import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { displayTime, DisplayTimeProvider, useDisplayTime } from './display-time.tsx';

describe('displayTime', () => {
  it('formats dates the Australian way, 5 Jan 2025, and no date as an em dash', () => {
    const { formatDate, formatDateTime } = displayTime('UTC');
    expect(formatDate('2025-01-05T12:00:00.000Z')).toBe('5 Jan 2025');
    expect(formatDateTime(null)).toBe('—');
  });

  it("shows every date and time in the given zone, whatever the browser's", () => {
    // 2025-01-05 14:30 UTC is 6 January, 1:30 am in Sydney (daylight time, UTC+11, AEDT), and
    // 10:30 pm on the 5th in Perth (UTC+8, no daylight time, AWST).
    const sydney = displayTime('Australia/Sydney');
    expect(sydney.formatDate('2025-01-05T14:30:00.000Z')).toBe('6 Jan 2025');
    expect(sydney.formatDateTime('2025-01-05T14:30:00.000Z')).toBe('6 Jan 2025, 1:30 am AEDT');
    expect(sydney.formatHour('2025-01-05T14:30:00.000Z')).toBe('6 Jan, 1 am');
    expect(displayTime('Australia/Perth').formatDateTime('2025-01-05T14:30:00.000Z')).toBe(
      '5 Jan 2025, 10:30 pm AWST',
    );
  });

  // Australian short months: "July", "June" and "Sept" stay as written (CLDR's en-AU).
  it('follows Sydney off daylight time: UTC+10 (AEST) in July', () => {
    expect(displayTime('Australia/Sydney').formatDateTime('2025-07-05T14:30:00.000Z')).toBe(
      '6 July 2025, 12:30 am AEST',
    );
  });
});

describe('DisplayTimeProvider', () => {
  function Shown({ iso }: { iso: string }) {
    const { formatDateTime } = useDisplayTime();
    return <span>{formatDateTime(iso)}</span>;
  }

  it('gives the components below it the zone it is handed', () => {
    const html = (timeZone: string) =>
      renderToString(
        <DisplayTimeProvider timeZone={timeZone}>
          <Shown iso="2025-01-05T14:30:00.000Z" />
        </DisplayTimeProvider>,
      );
    expect(html('Australia/Sydney')).toContain('6 Jan 2025, 1:30 am AEDT');
    expect(html('Australia/Perth')).toContain('5 Jan 2025, 10:30 pm AWST');
  });
});
