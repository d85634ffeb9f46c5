import { describe, expect, it } from 'vitest';
import { campaignSaveDraftInputSchema, campaignSendTestInputSchema } from '../campaigns/schemas.ts';
import { templateCreateInputSchema, templateInputSchemaFor } from './schemas.ts';
import { MAX_PREHEADER, PREHEADER_LINE_BREAK_MESSAGE, PREHEADER_TOO_LONG_MESSAGE } from './variables.ts';

/** The preheader field of every template and campaign input (decision 011). */

const template = {
  templateName: 'Market update',
  subject: 'Prices for {{first_name}}',
  htmlContent: '<p>Hello {{first_name}}</p>',
};
const campaign = { name: 'April update', subject: 'Prices this month', htmlContent: '<p>Hello</p>' };

function messagesOf(result: { success: boolean; error?: { issues: Array<{ message: string }> } }) {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('preheader', () => {
  it('is optional: absent or null is none', () => {
    expect(templateCreateInputSchema.parse(template).preheader).toBe('');
    expect(templateCreateInputSchema.parse({ ...template, preheader: null }).preheader).toBe('');
    expect(campaignSaveDraftInputSchema.parse(campaign).preheader).toBe('');
  });

  it('is trimmed and keeps its merge tags', () => {
    const preheader = '  {{first_name}}, your {{watch_brand}} is in demand ';
    const expected = '{{first_name}}, your {{watch_brand}} is in demand';
    expect(templateCreateInputSchema.parse({ ...template, preheader }).preheader).toBe(expected);
    expect(campaignSaveDraftInputSchema.parse({ ...campaign, preheader }).preheader).toBe(expected);
    expect(
      campaignSendTestInputSchema.parse({ ...campaign, to: 'me@example.com', preheader }).preheader,
    ).toBe(expected);
  });

  it(`allows ${MAX_PREHEADER} characters and refuses more, and any line break`, () => {
    const longest = 'x'.repeat(MAX_PREHEADER);
    expect(campaignSaveDraftInputSchema.parse({ ...campaign, preheader: longest }).preheader).toBe(longest);
    for (const schema of [templateCreateInputSchema, campaignSaveDraftInputSchema]) {
      const base = schema === templateCreateInputSchema ? template : campaign;
      expect(messagesOf(schema.safeParse({ ...base, preheader: `${longest}x` }))).toEqual([
        PREHEADER_TOO_LONG_MESSAGE,
      ]);
      expect(messagesOf(schema.safeParse({ ...base, preheader: 'one\ntwo' }))).toEqual([
        PREHEADER_LINE_BREAK_MESSAGE,
      ]);
    }
  });

  it("holds only the tags its template's kind fills, like the subject", () => {
    const marketing = templateInputSchemaFor('marketing').safeParse({
      ...template,
      preheader: '{{unsubscribe_url}} {{watch_brand}}',
    });
    expect(marketing.success).toBe(true);
    const reply = templateInputSchemaFor('reply').safeParse({
      ...template,
      preheader: 'From {{unsubscribe_url}}',
    });
    expect(reply.error?.issues.map((issue) => issue.path)).toEqual([['preheader']]);
    expect(reply.error?.issues[0]?.message).toMatch(/^\{\{unsubscribe_url\}\} is not filled in a reply/);
    expect(
      templateCreateInputSchema.safeParse({ ...template, kind: 'reply', preheader: '{{first_name}}' })
        .success,
    ).toBe(true);
  });
});
