import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchBrandChoices, watchConditionChoices } from '../content/choices.ts';
import {
  MAX_PHOTOS,
  MAX_PHOTO_BYTES,
  SUBMISSION_SUCCESS_MESSAGE,
  TOO_MANY_PHOTOS_MESSAGE,
  currentYear,
  firstErrorPerField,
  leadFormSchema,
  leadSubmitInputSchema,
  submissionFailedMessage,
} from './schema.ts';

const valid = {
  fullName: 'Jane Citizen',
  email: 'jane@example.com.au',
  phone: '0412 345 678',
  watchBrand: 'Rolex',
  watchModel: 'Submariner 126610LN',
  watchYear: '2019',
  watchCondition: 'Very Good - Minor wear',
  hasBox: true,
  hasPapers: false,
  additionalDetails: 'Serviced in 2023.',
};

/** All field messages for one input, or {} when it is valid. */
function errorsFor(overrides: Record<string, unknown>) {
  const result = leadFormSchema.safeParse({ ...valid, ...overrides });
  return result.success ? {} : firstErrorPerField(result.error);
}

/** Every issue raised for one field, to prove only one message is reported. */
function issuesFor(field: string, value: unknown): string[] {
  const result = leadFormSchema.safeParse({ ...valid, [field]: value });
  if (result.success) return [];
  return result.error.issues.filter((i) => i.path[0] === field).map((i) => i.message);
}

beforeEach(() => {
  // Mid-year, so the UTC+14 allowance in currentYear() does not move the boundary.
  vi.useFakeTimers({ now: new Date('2025-06-15T03:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('constants and messages', () => {
  it('match the public-site spec', () => {
    expect(MAX_PHOTOS).toBe(10);
    expect(MAX_PHOTO_BYTES).toBe(10 * 1024 * 1024);
    expect(TOO_MANY_PHOTOS_MESSAGE).toBe('Please upload a maximum of 10 photos.');
    expect(SUBMISSION_SUCCESS_MESSAGE).toBe(
      "Form submitted successfully! We'll review your watch details and get back to you within 24 hours.",
    );
    expect(submissionFailedMessage('1300 975 707')).toBe(
      'Submission failed. Please try again or call us directly at 1300 975 707.',
    );
  });
});

describe('leadFormSchema: valid input', () => {
  it('parses and normalises a complete form', () => {
    const parsed = leadFormSchema.parse({
      ...valid,
      fullName: '  Jane Citizen ',
      email: ' jane@example.com.au ',
    });
    expect(parsed).toEqual({
      fullName: 'Jane Citizen',
      email: 'jane@example.com.au',
      phone: '0412 345 678',
      watchBrand: 'Rolex',
      watchModel: 'Submariner 126610LN',
      watchYear: 2019,
      watchCondition: 'Very Good - Minor wear',
      hasBox: true,
      hasPapers: false,
      additionalDetails: 'Serviced in 2023.',
      emailMarketingConsent: false,
      smsMarketingConsent: false,
    });
  });

  it('defaults the booleans and nulls the empty optional fields', () => {
    const parsed = leadFormSchema.parse({
      fullName: 'Jo Li',
      email: 'jo@example.com',
      phone: '+61 2 9999 0000',
      watchBrand: 'Other',
      watchModel: '   ',
      watchYear: '',
      watchCondition: 'Needs Service/Repair',
      additionalDetails: '',
    });
    expect(parsed).toMatchObject({
      watchModel: null,
      watchYear: null,
      additionalDetails: null,
      hasBox: false,
      hasPapers: false,
      emailMarketingConsent: false,
      smsMarketingConsent: false,
    });
    const missing = leadFormSchema.parse({
      ...valid,
      watchModel: undefined,
      watchYear: null,
      additionalDetails: null,
    });
    expect(missing).toMatchObject({ watchModel: null, watchYear: null, additionalDetails: null });
  });

  it('keeps consent ticks', () => {
    const parsed = leadFormSchema.parse({ ...valid, emailMarketingConsent: true, smsMarketingConsent: true });
    expect(parsed.emailMarketingConsent).toBe(true);
    expect(parsed.smsMarketingConsent).toBe(true);
  });
});

describe('fullName', () => {
  it('needs 2 to 100 characters after trimming', () => {
    expect(errorsFor({ fullName: 'J' })).toEqual({ fullName: 'Name must be at least 2 characters' });
    expect(errorsFor({ fullName: ' J ' })).toEqual({ fullName: 'Name must be at least 2 characters' });
    expect(errorsFor({ fullName: 'Jo' })).toEqual({});
    expect(errorsFor({ fullName: 'a'.repeat(100) })).toEqual({});
    expect(errorsFor({ fullName: 'a'.repeat(101) })).toEqual({
      fullName: 'Name must be less than 100 characters',
    });
    // An empty (or blank) name says the field is required (LEAD_MESSAGES.nameRequired), not "at least 2".
    expect(errorsFor({ fullName: undefined })).toEqual({ fullName: 'Please enter your full name' });
    expect(errorsFor({ fullName: '   ' })).toEqual({ fullName: 'Please enter your full name' });
  });

  it('accepts letters of any script, spaces, hyphens and both apostrophes', () => {
    for (const name of [
      'José Núñez',
      "Mary-Jane O'Brien",
      'D’Arcy Smith',
      'Zoë Łukasz',
      '李小龙',
      'Jose\u0301',
    ]) {
      expect(errorsFor({ fullName: name })).toEqual({});
    }
  });

  it('rejects digits and other symbols', () => {
    for (const name of ['Jane 2', 'Jane.Smith', 'Jane_Smith', '<b>Jane</b>', 'Jane\tSmith', 'Jane\nSmith']) {
      expect(errorsFor({ fullName: name })).toEqual({
        fullName: 'Name can only contain letters, spaces, hyphens, and apostrophes',
      });
    }
  });

  it('reports only the first failing rule', () => {
    expect(issuesFor('fullName', '1')).toEqual(['Name must be at least 2 characters']);
    expect(issuesFor('fullName', '1'.repeat(101))).toEqual(['Name must be less than 100 characters']);
  });
});

describe('email', () => {
  const at = '@example.com';

  it('must be a valid address', () => {
    for (const bad of ['', '   ', 'jane', 'jane@', '@example.com', 'jane@example', 'ja ne@example.com']) {
      expect(errorsFor({ email: bad })).toEqual({ email: 'Please enter a valid email address' });
    }
    expect(errorsFor({ email: undefined })).toEqual({ email: 'Please enter a valid email address' });
  });

  it('allows 255 characters and rejects 256', () => {
    expect(errorsFor({ email: 'a'.repeat(255 - at.length) + at })).toEqual({});
    expect(errorsFor({ email: 'a'.repeat(256 - at.length) + at })).toEqual({
      email: 'Email must be less than 255 characters',
    });
  });

  it('trims but keeps the case', () => {
    expect(leadFormSchema.parse({ ...valid, email: ' Jane@Example.COM ' }).email).toBe('Jane@Example.COM');
  });

  it('reports only one message', () => {
    expect(issuesFor('email', 'x'.repeat(300))).toHaveLength(1);
  });
});

describe('phone', () => {
  it('needs 8 to 20 characters', () => {
    expect(errorsFor({ phone: '1234567' })).toEqual({ phone: 'Phone number must be at least 8 digits' });
    expect(errorsFor({ phone: '12345678' })).toEqual({});
    expect(errorsFor({ phone: '1'.repeat(20) })).toEqual({});
    expect(errorsFor({ phone: '1'.repeat(21) })).toEqual({
      phone: 'Phone number must be less than 20 characters',
    });
    expect(errorsFor({ phone: '  1234567  ' })).toEqual({ phone: 'Phone number must be at least 8 digits' });
    // A missing or blank number says it is missing, not "at least 8 digits".
    expect(errorsFor({ phone: undefined })).toEqual({ phone: 'Please enter your phone number' });
    expect(errorsFor({ phone: '   ' })).toEqual({ phone: 'Please enter your phone number' });
  });

  it('allows a leading plus, digits, spaces, hyphens and parentheses only', () => {
    for (const ok of ['+61 412 345 678', '(02) 9999-0000', '0412345678']) {
      expect(errorsFor({ phone: ok })).toEqual({});
    }
    for (const bad of ['0412 345 67x', '61+412345678', '++61412345678', '0412.345.678']) {
      expect(errorsFor({ phone: bad })).toEqual({ phone: 'Please enter a valid phone number' });
    }
  });

  it('reports only the first failing rule', () => {
    expect(issuesFor('phone', 'abc')).toEqual(['Phone number must be at least 8 digits']);
    expect(issuesFor('phone', 'x'.repeat(21))).toEqual(['Phone number must be less than 20 characters']);
  });
});

describe('watchBrand and watchCondition', () => {
  it('accepts each of the 17 brands and 5 conditions', () => {
    expect(watchBrandChoices).toHaveLength(17);
    expect(watchConditionChoices).toHaveLength(5);
    for (const watchBrand of watchBrandChoices) expect(errorsFor({ watchBrand })).toEqual({});
    for (const watchCondition of watchConditionChoices) expect(errorsFor({ watchCondition })).toEqual({});
  });

  it('rejects an empty or unknown brand', () => {
    for (const watchBrand of ['', undefined, 'Seiko', 'rolex', 42]) {
      expect(issuesFor('watchBrand', watchBrand)).toEqual(['Please select a watch brand']);
    }
  });

  it('rejects an empty or unknown condition', () => {
    for (const watchCondition of ['', undefined, 'Mint', null]) {
      expect(issuesFor('watchCondition', watchCondition)).toEqual(['Please select watch condition']);
    }
  });
});

describe('watchModel', () => {
  it('allows up to 100 characters', () => {
    expect(errorsFor({ watchModel: 'm'.repeat(100) })).toEqual({});
    expect(errorsFor({ watchModel: 'm'.repeat(101) })).toEqual({
      watchModel: 'Model must be less than 100 characters',
    });
    expect(leadFormSchema.parse({ ...valid, watchModel: ' Daytona ' }).watchModel).toBe('Daytona');
  });
});

describe('watchYear', () => {
  const message = { watchYear: 'Please enter a valid year' };

  it('accepts 1900 to the current year, as a number or numeric string', () => {
    expect(currentYear()).toBe(2025);
    expect(errorsFor({ watchYear: '1899' })).toEqual(message);
    expect(errorsFor({ watchYear: 1899 })).toEqual(message);
    expect(leadFormSchema.parse({ ...valid, watchYear: '1900' }).watchYear).toBe(1900);
    expect(leadFormSchema.parse({ ...valid, watchYear: 1900 }).watchYear).toBe(1900);
    expect(leadFormSchema.parse({ ...valid, watchYear: ' 2025 ' }).watchYear).toBe(2025);
    expect(errorsFor({ watchYear: '2026' })).toEqual(message);
    expect(errorsFor({ watchYear: 2026 })).toEqual(message);
  });

  it('rejects non-numeric and non-integer years', () => {
    for (const watchYear of ['abc', '20x0', '2019.5', 2019.5, '-2000', '1e3', Number.NaN, true, {}]) {
      expect(issuesFor('watchYear', watchYear)).toEqual(['Please enter a valid year']);
    }
  });

  it('computes the current year at validation time, not at load', () => {
    vi.setSystemTime(new Date('2031-06-01T00:00:00Z'));
    expect(errorsFor({ watchYear: 2031 })).toEqual({});
    expect(errorsFor({ watchYear: 2032 })).toEqual(message);
  });

  it('already accepts the new year once it has begun anywhere (UTC+14)', () => {
    const lastUtcHoursOf2025 = new Date('2025-12-31T10:00:00Z');
    expect(currentYear(lastUtcHoursOf2025)).toBe(2026);
    expect(currentYear(new Date('2025-12-31T09:59:59Z'))).toBe(2025);
  });
});

describe('additionalDetails', () => {
  it('allows up to 2000 characters', () => {
    expect(errorsFor({ additionalDetails: 'd'.repeat(2000) })).toEqual({});
    expect(errorsFor({ additionalDetails: 'd'.repeat(2001) })).toEqual({
      additionalDetails: 'Additional details must be less than 2000 characters',
    });
  });
});

describe('firstErrorPerField', () => {
  it('reports one message per field for several failing fields', () => {
    const result = leadFormSchema.safeParse({});
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(firstErrorPerField(result.error)).toEqual({
      fullName: 'Please enter your full name',
      email: 'Please enter a valid email address',
      phone: 'Please enter your phone number',
      watchBrand: 'Please select a watch brand',
      watchCondition: 'Please select watch condition',
    });
  });
});

describe('leadSubmitInputSchema', () => {
  const submit = {
    ...valid,
    meta_event_id: 'evt_1234-abcd',
    utm_source: 'google',
    utm_medium: '',
    photo_upload_ids: [crypto.randomUUID(), crypto.randomUUID()],
  };

  it('accepts the form plus tracking fields', () => {
    const parsed = leadSubmitInputSchema.parse(submit);
    expect(parsed.utm_source).toBe('google');
    expect(parsed.utm_medium).toBeNull();
    expect(parsed.utm_campaign).toBeNull();
    expect(parsed.utm_content).toBeNull();
    expect(parsed.utm_term).toBeNull();
    expect(parsed.photo_upload_ids).toHaveLength(2);
    expect(leadSubmitInputSchema.parse({ ...submit, photo_upload_ids: undefined }).photo_upload_ids).toEqual(
      [],
    );
  });

  it('cuts over-long utm values to 200 characters instead of losing the lead', () => {
    expect(leadSubmitInputSchema.parse({ ...submit, utm_term: 'u'.repeat(200) }).utm_term).toHaveLength(200);
    expect(leadSubmitInputSchema.parse({ ...submit, utm_term: 'u'.repeat(201) }).utm_term).toHaveLength(200);
  });

  it('requires an 8 to 100 character event id of URL-safe characters', () => {
    const fails = (meta_event_id: unknown) =>
      !leadSubmitInputSchema.safeParse({ ...submit, meta_event_id }).success;
    expect(fails('a'.repeat(7))).toBe(true);
    expect(fails('a'.repeat(8))).toBe(false);
    expect(fails('a'.repeat(100))).toBe(false);
    expect(fails('a'.repeat(101))).toBe(true);
    expect(fails('abcd efgh')).toBe(true);
    expect(fails(undefined)).toBe(true);
  });

  it('allows at most 10 photos, with the spec message', () => {
    const ids = (n: number) => Array.from({ length: n }, () => crypto.randomUUID());
    expect(leadSubmitInputSchema.safeParse({ ...submit, photo_upload_ids: ids(10) }).success).toBe(true);
    const tooMany = leadSubmitInputSchema.safeParse({ ...submit, photo_upload_ids: ids(11) });
    expect(tooMany.success).toBe(false);
    if (tooMany.success) return;
    expect(firstErrorPerField(tooMany.error)).toEqual({
      photo_upload_ids: 'Please upload a maximum of 10 photos.',
    });
  });

  it('rejects photo ids that are not UUIDs, attributing the error to the field', () => {
    const result = leadSubmitInputSchema.safeParse({ ...submit, photo_upload_ids: ['not-a-uuid'] });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(Object.keys(firstErrorPerField(result.error))).toEqual(['photo_upload_ids']);
  });
});
