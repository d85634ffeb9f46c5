import { describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES, settingsInputSchema } from './schemas.ts';

const valid = {
  fromName: 'Sterling Watch Buyers',
  fromEmail: 'news@sterlingwatchbuyers.com.au',
  replyToEmail: '',
  batchSize: 50,
  batchDelaySeconds: 1,
  timezone: 'Australia/Sydney',
  requireConsentConfirmation: true,
};

function firstError(input: Record<string, unknown>): string | undefined {
  const result = settingsInputSchema.safeParse({ ...valid, ...input });
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('settingsInputSchema', () => {
  it('accepts valid settings and trims; blank identity fields mean "use the default"', () => {
    expect(settingsInputSchema.parse({ ...valid, fromName: '  Sterling  ', fromEmail: ' a@b.co ' })).toEqual({
      ...valid,
      fromName: 'Sterling',
      fromEmail: 'a@b.co',
    });
    expect(settingsInputSchema.parse({ ...valid, fromName: '', fromEmail: '' }).fromEmail).toBe('');
  });

  it('refuses line breaks in header values (header injection)', () => {
    expect(firstError({ fromName: 'Evil\r\nBcc: victim@example.com' })).toBe(SETTINGS_MESSAGES.lineBreak);
    expect(firstError({ fromEmail: 'a@b.co\nBcc: c@d.co' })).toBe(SETTINGS_MESSAGES.lineBreak);
    expect(firstError({ replyToEmail: 'a@b.co\r' })).toBe(SETTINGS_MESSAGES.lineBreak);
  });

  it('refuses invalid addresses', () => {
    expect(firstError({ fromEmail: 'not-an-email' })).toBe(SETTINGS_MESSAGES.invalidEmail);
    expect(firstError({ replyToEmail: 'a@' })).toBe(SETTINGS_MESSAGES.invalidEmail);
  });

  it('keeps batch size within 1..100 and whole', () => {
    expect(firstError({ batchSize: 0 })).toBe(SETTINGS_MESSAGES.batchSizeRange);
    expect(firstError({ batchSize: 101 })).toBe(SETTINGS_MESSAGES.batchSizeRange);
    expect(firstError({ batchSize: 2.5 })).toBe(SETTINGS_MESSAGES.batchSizeRange);
    expect(firstError({ batchSize: 1 })).toBeUndefined();
    expect(firstError({ batchSize: 100 })).toBeUndefined();
  });

  it('keeps the batch delay within 0.5..3600 seconds', () => {
    expect(firstError({ batchDelaySeconds: 0.4 })).toBe(SETTINGS_MESSAGES.batchDelayRange);
    expect(firstError({ batchDelaySeconds: 3600.5 })).toBe(SETTINGS_MESSAGES.batchDelayRange);
    expect(firstError({ batchDelaySeconds: 0.5 })).toBeUndefined();
    expect(firstError({ batchDelaySeconds: 3600 })).toBeUndefined();
  });

  it('accepts only IANA timezones', () => {
    expect(firstError({ timezone: 'Mars/Olympus' })).toBe(SETTINGS_MESSAGES.timezone);
    expect(firstError({ timezone: '' })).toBe(SETTINGS_MESSAGES.timezone);
    expect(firstError({ timezone: 'Australia/Perth' })).toBeUndefined();
  });
});

describe('complaint brake settings (decision 074)', () => {
  it('takes a limit of 0.01 to 5 percent and a whole number of 100 to 100,000 deliveries', () => {
    expect(firstError({ complaintPauseThreshold: 0.1, complaintPauseMinDelivered: 1000 })).toBeUndefined();
    expect(firstError({ complaintPauseThreshold: 0.009 })).toBe(SETTINGS_MESSAGES.complaintThresholdRange);
    expect(firstError({ complaintPauseThreshold: 5.01 })).toBe(SETTINGS_MESSAGES.complaintThresholdRange);
    expect(firstError({ complaintPauseThreshold: 5 })).toBeUndefined();
    expect(firstError({ complaintPauseMinDelivered: 99 })).toBe(SETTINGS_MESSAGES.complaintMinDeliveredRange);
    expect(firstError({ complaintPauseMinDelivered: 100_001 })).toBe(
      SETTINGS_MESSAGES.complaintMinDeliveredRange,
    );
    expect(firstError({ complaintPauseMinDelivered: 500.5 })).toBe(
      SETTINGS_MESSAGES.complaintMinDeliveredRange,
    );
    expect(firstError({ complaintPauseMinDelivered: '1000' })).toBe(
      SETTINGS_MESSAGES.complaintMinDeliveredRange,
    );
  });
});
