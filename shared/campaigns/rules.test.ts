import { describe, expect, it } from 'vitest';
import {
  CAMPAIGN_READY,
  LARGE_CAMPAIGN,
  MAX_HTML_BYTES,
  MAX_NAME,
  MAX_RECIPIENTS,
  MAX_SUBJECT,
  MIN_HTML,
  SAFE_RECIPIENTS,
  canSaveDraft,
  canSendNow,
  parseTestEmails,
  riskLevel,
  validateCampaign,
  type CampaignDraft,
} from './rules.ts';

// A campaign that passes every error and warning rule; each test changes one thing.
const cleanHtml =
  '<html><body><p>Our latest market update for watch owners.</p><a href="#">Unsubscribe</a></body></html>';
const clean: CampaignDraft = {
  name: 'March market update',
  subject: 'Rolex prices this month',
  html: cleanHtml,
  recipientCount: 500,
};

function check(overrides: Partial<CampaignDraft>) {
  return validateCampaign({ ...clean, ...overrides });
}
const errorCodes = (overrides: Partial<CampaignDraft>) => check(overrides).errors.map((e) => e.code);
const warningCodes = (overrides: Partial<CampaignDraft>) => check(overrides).warnings.map((w) => w.code);
const warning = (overrides: Partial<CampaignDraft>, code: string) =>
  check(overrides).warnings.find((w) => w.code === code);

describe('constants', () => {
  it('match the admin spec', () => {
    expect(MAX_RECIPIENTS).toBe(50_000);
    expect(MAX_SUBJECT).toBe(150);
    expect(MAX_NAME).toBe(200);
    expect(MIN_HTML).toBe(50);
    expect(MAX_HTML_BYTES).toBe(5 * 1024 * 1024);
    expect(LARGE_CAMPAIGN).toBe(10_000);
    expect(SAFE_RECIPIENTS).toBe(1_000);
    expect(CAMPAIGN_READY).toBe('Campaign Ready');
  });
});

describe('validateCampaign: clean campaign', () => {
  it('has no errors or warnings and is ready', () => {
    expect(validateCampaign(clean)).toEqual({ errors: [], warnings: [], ready: true });
  });
});

describe('validateCampaign: errors', () => {
  it('requires a name (whitespace counts as empty)', () => {
    expect(check({ name: '' }).errors).toEqual([
      { code: 'name_required', message: 'Campaign name is required' },
    ]);
    expect(errorCodes({ name: '   ' })).toEqual(['name_required']);
  });

  it('allows a 200-character name and rejects 201', () => {
    expect(errorCodes({ name: 'n'.repeat(200) })).toEqual([]);
    expect(check({ name: 'n'.repeat(201) }).errors).toEqual([
      { code: 'name_too_long', message: 'Name must be less than 200 characters' },
    ]);
  });

  it('rejects CR or LF in the name', () => {
    expect(check({ name: 'Line\nbreak' }).errors).toEqual([
      { code: 'name_line_break', message: 'Name cannot contain line breaks' },
    ]);
    expect(errorCodes({ name: 'Carriage\rreturn' })).toEqual(['name_line_break']);
    expect(errorCodes({ name: 'Trailing\n' })).toEqual(['name_line_break']);
  });

  it('requires a subject', () => {
    expect(check({ subject: '' }).errors).toEqual([
      { code: 'subject_required', message: 'Subject line is required' },
    ]);
    expect(errorCodes({ subject: ' \t ' })).toEqual(['subject_required']);
  });

  it('allows a 150-character subject and rejects 151', () => {
    expect(errorCodes({ subject: 's'.repeat(150) })).toEqual([]);
    expect(check({ subject: 's'.repeat(151) }).errors).toEqual([
      { code: 'subject_too_long', message: 'Subject must be less than 150 characters' },
    ]);
  });

  it('rejects CR or LF in the subject', () => {
    expect(check({ subject: 'Hello\r\nBcc: x@example.com' }).errors).toEqual([
      { code: 'subject_line_break', message: 'Subject cannot contain line breaks' },
    ]);
    expect(errorCodes({ subject: 'Hello\nthere' })).toEqual(['subject_line_break']);
  });

  it('rejects 49 characters of HTML and accepts 50', () => {
    expect(check({ html: 'x'.repeat(49) }).errors).toEqual([
      { code: 'html_too_short', message: 'Email content must be at least 50 characters' },
    ]);
    expect(errorCodes({ html: 'x'.repeat(50) })).toEqual([]);
    // Surrounding whitespace is not content.
    expect(errorCodes({ html: `  ${'x'.repeat(49)}  ` })).toEqual(['html_too_short']);
  });

  it('rejects exactly 5 MB of HTML and accepts one byte less', () => {
    const justUnder = validateCampaign({ ...clean, html: 'a'.repeat(MAX_HTML_BYTES - 1) });
    expect(justUnder.errors).toEqual([]);
    const exact = validateCampaign({ ...clean, html: 'a'.repeat(MAX_HTML_BYTES) });
    expect(exact.errors).toEqual([
      { code: 'html_too_large', message: 'Email content is too large (5.00 MB). Must be less than 5MB' },
    ]);
  });

  it('measures HTML size in UTF-8 bytes, not characters', () => {
    // 'é' is 2 bytes: 2.75 M characters make 5.5 MB.
    const html = 'é'.repeat(Math.round(2.75 * 1024 * 1024));
    expect(html.length).toBeLessThan(MAX_HTML_BYTES);
    expect(check({ html }).errors).toEqual([
      { code: 'html_too_large', message: 'Email content is too large (5.50 MB). Must be less than 5MB' },
    ]);
  });

  it('rejects script tags in any case', () => {
    const withScript = cleanHtml.replace('</body>', '<SCRIPT>alert(1)</SCRIPT></body>');
    expect(check({ html: withScript }).errors).toEqual([
      { code: 'html_script', message: 'Email content cannot contain <script> tags' },
    ]);
    expect(errorCodes({ html: cleanHtml.replace('<p>', '<script src="x"><p>') })).toEqual(['html_script']);
  });

  it('requires at least one recipient', () => {
    expect(check({ recipientCount: 0 }).errors).toEqual([
      { code: 'no_recipients', message: 'No recipients selected for this campaign' },
    ]);
    expect(errorCodes({ recipientCount: 1 })).toEqual([]);
    expect(errorCodes({ recipientCount: -3 })).toEqual(['no_recipients']);
    expect(errorCodes({ recipientCount: Number.NaN })).toEqual(['no_recipients']);
  });

  it('allows 50,000 recipients and rejects 50,001', () => {
    expect(errorCodes({ recipientCount: 50_000 })).toEqual([]);
    expect(check({ recipientCount: 50_001 }).errors).toEqual([
      { code: 'too_many_recipients', message: 'Campaign exceeds maximum recipient limit of 50,000' },
    ]);
  });

  it('reports errors in the spec order', () => {
    const result = validateCampaign({
      name: '',
      subject: '',
      html: '<script>',
      recipientCount: 0,
    });
    expect(result.errors.map((e) => e.code)).toEqual([
      'name_required',
      'subject_required',
      'html_too_short',
      'html_script',
      'no_recipients',
    ]);
    expect(result.ready).toBe(false);

    const second = validateCampaign({
      name: 'n'.repeat(201),
      subject: 's'.repeat(151),
      html: cleanHtml,
      recipientCount: 50_001,
    });
    expect(second.errors.map((e) => e.code)).toEqual([
      'name_too_long',
      'subject_too_long',
      'too_many_recipients',
    ]);
  });
});

describe('validateCampaign: warnings', () => {
  it('warns when <html> or <body> is missing', () => {
    const message = 'Email content is missing <html> or <body> tags';
    expect(
      warning({ html: cleanHtml.replace('<html>', '').replace('</html>', '') }, 'missing_html_structure'),
    ).toEqual({ code: 'missing_html_structure', message });
    expect(warningCodes({ html: cleanHtml.replace('<body>', '<div>') })).toEqual(['missing_html_structure']);
    expect(warningCodes({ html: cleanHtml.replace('<body>', '<BODY class="x">') })).toEqual([]);
    // <head> or <bodyx> does not count as <body>.
    expect(warningCodes({ html: cleanHtml.replace('<body>', '<bodyx>') })).toEqual([
      'missing_html_structure',
    ]);
  });

  it('warns when there is no unsubscribe text (case-insensitive)', () => {
    const html = cleanHtml.replace('Unsubscribe', 'Manage preferences');
    expect(check({ html }).warnings).toEqual([
      { code: 'missing_unsubscribe', message: 'No unsubscribe link found. One will be added automatically.' },
    ]);
    expect(warningCodes({ html: cleanHtml.replace('Unsubscribe', 'UNSUBSCRIBE') })).toEqual([]);
  });

  it('does not warn about structure or unsubscribe for a campaign made from blocks (decision 092)', () => {
    // The blocks' texts: no <html>, no <body>, no unsubscribe, and shorter than MIN_HTML.
    const texts = 'Hi {{first_name}}\n<p>We buy.</p>';
    const fromBlocks = check({ html: texts, fromBlocks: true });
    expect(fromBlocks.warnings).toEqual([]);
    expect(fromBlocks.errors).toEqual([]);
    expect(fromBlocks.ready).toBe(true);
    // The same text as custom HTML gets both warnings and the length error.
    expect(warningCodes({ html: texts })).toEqual(['missing_html_structure', 'missing_unsubscribe']);
    expect(errorCodes({ html: texts })).toEqual(['html_too_short']);
    // Every other rule still applies to blocks: a script, a tag without a value.
    expect(errorCodes({ html: '<script>x</script>', fromBlocks: true })).toEqual(['html_script']);
    expect(errorCodes({ html: 'Hi {{city}}', fromBlocks: true })).toEqual(['merge_tag_without_value']);
    expect(warningCodes({ html: 'Hi {{city}}', fromBlocks: true })).toEqual(['merge_tags']);
  });

  it('warns about merge tags only when one lacks a value (decision 011)', () => {
    const html = cleanHtml.replace(
      '<p>',
      '<p>{{first_name}} {{email}} {{ first_name }} {{city}} {{brand}} {{model}}',
    );
    // Every tag filled: recipient fields have a default, custom tags a value. No warning.
    const variables = { city: 'Sydney', brand: 'Rolex', model: 'Submariner' };
    expect(warning({ html, variables }, 'merge_tags')).toBeUndefined();
    expect(
      warning({ html, subject: '{{brand}} for {{full_name}}', variables }, 'merge_tags'),
    ).toBeUndefined();
    // Two custom tags blank or missing: the warning names exactly those, in the content's order.
    expect(
      warning({ html, subject: '{{model}} for {{full_name}}', variables: { city: ' ' } }, 'merge_tags'),
    ).toEqual({
      code: 'merge_tags',
      message: 'Found 3 merge tag(s) without a value: {{model}}, {{city}}, {{brand}}',
    });
  });

  it('lists a single merge tag without a value', () => {
    const html = cleanHtml.replace('<p>', '<p>Hi {{name}},');
    expect(warning({ html, variables: { name: 'there' } }, 'merge_tags')).toBeUndefined();
    expect(warning({ html, variables: {} }, 'merge_tags')?.message).toBe(
      'Found 1 merge tag(s) without a value: {{name}}',
    );
    // Not a word-character tag, so not a merge tag.
    expect(warningCodes({ html: cleanHtml.replace('<p>', '<p>{{first name}}') })).toEqual([]);
  });

  it('blocks sending for each custom tag without a value, naming it', () => {
    const html = cleanHtml.replace(
      '<p>',
      '<p>{{first_name}}, your {{watch_brand}} <a href="{{valuation_url}}">value</a>',
    );
    const subject = 'Your {{watch_brand}} this month';
    expect(check({ html, subject }).errors).toEqual([
      {
        code: 'merge_tag_without_value',
        message: 'Merge tag {{watch_brand}} has no value: enter one under Merge values',
      },
      {
        code: 'merge_tag_without_value',
        message: 'Merge tag {{valuation_url}} has no value: enter one under Merge values',
      },
    ]);
    // A blank value is no value.
    expect(
      check({ html, subject, variables: { watch_brand: 'Rolex', valuation_url: '  ' } }).errors.map(
        (e) => e.message,
      ),
    ).toEqual(['Merge tag {{valuation_url}} has no value: enter one under Merge values']);
    expect(
      check({ html, subject, variables: { watch_brand: 'Rolex', valuation_url: 'https://example.com/sell' } })
        .errors,
    ).toEqual([]);
  });

  it('asks for the values of the tags a hand-written text part uses (decision 024)', () => {
    const text = 'Hi {{first_name}}, your {{watch_brand}} is in demand.';
    expect(check({ text }).errors.map((e) => e.message)).toEqual([
      'Merge tag {{watch_brand}} has no value: enter one under Merge values',
    ]);
    expect(check({ text, variables: { watch_brand: 'Rolex' } }).errors).toEqual([]);
  });

  it('never asks for a value for recipient fields and system links', () => {
    const html = cleanHtml.replace(
      '<p>',
      '<p>{{first_name}} {{full_name}} {{email}} <a href="{{unsubscribe_url}}">u</a> <a href="{{preferences_url}}">p</a>',
    );
    expect(errorCodes({ html })).toEqual([]);
  });

  it('warns above 10,000 recipients, not at 10,000', () => {
    expect(warningCodes({ recipientCount: 10_000 })).toEqual([]);
    expect(check({ recipientCount: 10_001 }).warnings).toEqual([
      {
        code: 'large_campaign',
        message: 'Large campaign: 10,001 recipients. Consider sending in smaller segments.',
      },
    ]);
  });

  it('names each spam word found in the subject, case-insensitively', () => {
    expect(warning({ subject: 'Free valuation for the Winner' }, 'spam_words')?.message).toBe(
      'Subject contains spam trigger words: free, winner',
    );
    expect(warning({ subject: 'Click Here to ACT NOW' }, 'spam_words')?.message).toBe(
      'Subject contains spam trigger words: click here, act now',
    );
    expect(warning({ subject: 'An urgent note' }, 'spam_words')?.message).toBe(
      'Subject contains spam trigger words: urgent',
    );
    expect(warning({ subject: 'Big news!!!' }, 'spam_words')?.message).toBe(
      'Subject contains spam trigger words: !!!',
    );
  });

  it('does not flag spam words inside other words', () => {
    expect(warningCodes({ subject: 'Freestyle dive watches' })).toEqual([]);
    expect(warningCodes({ subject: 'Respond urgently' })).toEqual([]);
  });

  it('warns when more than half the letters of a subject over 10 characters are capitals', () => {
    // 11 characters, 10 letters, 5 capitals: exactly 50% does not warn.
    expect(warningCodes({ subject: 'ABCDE fghij' })).toEqual([]);
    // 11 characters, 10 letters, 6 capitals: above 50% warns.
    expect(warning({ subject: 'ABCDEF ghij' }, 'excessive_capitals')).toEqual({
      code: 'excessive_capitals',
      message: 'Subject has too many capital letters, which can trigger spam filters',
    });
    // Digits and spaces do not dilute the ratio.
    expect(warningCodes({ subject: 'ROLEX 2025 sale' })).toEqual(['excessive_capitals']);
  });

  it('ignores capitals in subjects of 10 characters or fewer', () => {
    expect('ROLEX NEWS'.length).toBe(10);
    expect(warningCodes({ subject: 'ROLEX NEWS' })).toEqual([]);
    expect(warningCodes({ subject: 'ROLEX NEWSS' })).toEqual(['excessive_capitals']);
  });

  it('warns about more than two ! or ? marks in total', () => {
    expect(warningCodes({ subject: 'Ready to sell? Really!' })).toEqual([]);
    expect(warning({ subject: 'Ready? Sell now! Really?' }, 'excessive_punctuation')).toEqual({
      code: 'excessive_punctuation',
      message: 'Subject has too many exclamation or question marks, which can trigger spam filters',
    });
  });

  it('is not ready with only warnings, and still has no errors', () => {
    const result = check({ recipientCount: 20_000 });
    expect(result.errors).toEqual([]);
    expect(result.ready).toBe(false);
  });
});

describe('canSaveDraft', () => {
  it('needs name, subject and content', () => {
    expect(canSaveDraft({ name: 'a', subject: 'b', html: 'c' })).toBe(true);
    expect(canSaveDraft({ name: ' ', subject: 'b', html: 'c' })).toBe(false);
    expect(canSaveDraft({ name: 'a', subject: '', html: 'c' })).toBe(false);
    expect(canSaveDraft({ name: 'a', subject: 'b', html: '\n' })).toBe(false);
  });
});

describe('parseTestEmails', () => {
  it('splits, trims, drops invalid and de-duplicates ignoring case', () => {
    expect(
      parseTestEmails(' a@example.com, bad, B@Example.com ,a@EXAMPLE.com,, c@d , x y@z.com ,b@example.com'),
    ).toEqual(['a@example.com', 'B@Example.com']);
  });

  it('returns an empty list for empty input', () => {
    expect(parseTestEmails('')).toEqual([]);
    expect(parseTestEmails(' , ')).toEqual([]);
  });
});

describe('riskLevel', () => {
  it('is safe up to 1,000, medium up to 10,000, danger above', () => {
    expect(riskLevel(1).level).toBe('safe');
    expect(riskLevel(1_000).level).toBe('safe');
    expect(riskLevel(1_001).level).toBe('medium');
    expect(riskLevel(10_000).level).toBe('medium');
    expect(riskLevel(10_001).level).toBe('danger');
  });

  it('tips to monitor the bounce rate at medium volume', () => {
    expect(riskLevel(5_000).message).toMatch(/monitor the bounce rate/);
    expect(riskLevel(5_000).message).toContain('5,000');
    expect(riskLevel(20_000).message).toMatch(/^Warning/);
  });
});

describe('canSendNow', () => {
  const valid = validateCampaign(clean);
  const invalid = validateCampaign({ ...clean, name: '' });

  it('needs a valid campaign', () => {
    expect(canSendNow({ validation: valid, testMode: false, testEmails: '', subscriberCount: 10 })).toBe(
      true,
    );
    expect(canSendNow({ validation: invalid, testMode: false, testEmails: '', subscriberCount: 10 })).toBe(
      false,
    );
  });

  it('is not blocked by warnings', () => {
    const warned = validateCampaign({ ...clean, subject: 'FREE VALUATION' });
    expect(warned.warnings.length).toBeGreaterThan(0);
    expect(canSendNow({ validation: warned, testMode: false, testEmails: '', subscriberCount: 1 })).toBe(
      true,
    );
  });

  it('needs subscribers outside test mode', () => {
    expect(canSendNow({ validation: valid, testMode: false, testEmails: 'a@b.co', subscriberCount: 0 })).toBe(
      false,
    );
  });

  it('needs a valid test address in test mode, regardless of subscribers', () => {
    expect(
      canSendNow({ validation: valid, testMode: true, testEmails: 'nope, also bad', subscriberCount: 99 }),
    ).toBe(false);
    expect(
      canSendNow({ validation: valid, testMode: true, testEmails: 'nope, a@b.co', subscriberCount: 0 }),
    ).toBe(true);
    expect(
      canSendNow({ validation: valid, testMode: true, testEmails: ['a@b.co'], subscriberCount: 0 }),
    ).toBe(true);
    expect(canSendNow({ validation: valid, testMode: true, testEmails: [], subscriberCount: 5 })).toBe(false);
  });
});

describe('validateCampaign: the preheader (decision 011)', () => {
  it('needs a value for its custom tags, listed after the subject', () => {
    const result = check({
      subject: 'Prices for {{brand}}',
      preheader: '{{model}} and {{brand}}',
      variables: {},
    });
    expect(result.errors.filter((e) => e.code === 'merge_tag_without_value').map((e) => e.message)).toEqual([
      'Merge tag {{brand}} has no value: enter one under Merge values',
      'Merge tag {{model}} has no value: enter one under Merge values',
    ]);
    expect(result.warnings.find((w) => w.code === 'merge_tags')?.message).toBe(
      'Found 2 merge tag(s) without a value: {{brand}}, {{model}}',
    );
    expect(check({ preheader: '{{model}}', variables: { model: 'Daytona' } }).errors).toEqual([]);
  });

  it('refuses one over 150 characters or with a line break', () => {
    expect(check({ preheader: 'x'.repeat(150) }).errors).toEqual([]);
    expect(check({ preheader: 'x'.repeat(151) }).errors.map((e) => e.code)).toEqual(['preheader_too_long']);
    expect(check({ preheader: 'a\nb' }).errors.map((e) => e.code)).toEqual(['preheader_line_break']);
  });
});
