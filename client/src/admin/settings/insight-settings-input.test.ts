import { describe, expect, it } from 'vitest';
import { insightSettingsSchema } from '#shared/insight/schemas.ts';
import { insightSettingsInput } from './insight-settings-input.ts';

// What the Settings page's reports card sends, or the message it shows: the window is 1 to 365
// whole days (decision 096).

const WINDOW_MESSAGE = 'Enter 1 to 365 days (a whole number)';
const check = (days: number | string) => insightSettingsSchema.safeParse(insightSettingsInput(days, true));

describe('the reports card', () => {
  it.each([[1], [30], [365], ['45']])('accepts %s days', (days) => {
    expect(check(days)).toMatchObject({
      success: true,
      data: { attributionWindowDays: Number(days), marketersSeePrices: true },
    });
  });

  it.each([[0], [366], [1.5], [''], ['-3'], ['abc']])('refuses %s days with one message', (days) => {
    const result = check(days);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(WINDOW_MESSAGE);
  });
});
