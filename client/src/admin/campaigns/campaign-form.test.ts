import { describe, expect, it } from 'vitest';
import type { AbTest } from '#shared/campaigns/ab-test.ts';
import { campaignSaveDraftInputSchema } from '#shared/campaigns/schemas.ts';
import { starterBlocks } from '#shared/templates/blocks.ts';
import {
  abDisabledReason,
  abTestNote,
  campaignFormValues,
  campaignInput,
  recipientsLabel,
} from './campaign-form.ts';

const ab: AbTest = { subjectB: 'Hello {{offer}}', testPercent: 20, waitHours: 1, metric: 'opens' };

describe('campaign form', () => {
  it('starts a new campaign blank, with no A/B test and every subscriber', () => {
    const values = campaignFormValues();
    expect(values).toMatchObject({ name: '', subject: '', testMode: false, segmentId: null, variables: {} });
    expect(values.abTest.enabled).toBe(false);
  });

  it('sends only the values the subjects and body use, and no segment for a non-openers copy', () => {
    const values = {
      ...campaignFormValues(),
      name: 'Spring',
      subject: 'Hi {{first_name}}',
      html: '<p>{{season}}</p>',
      text: '{{sign_off}}',
      segmentId: '00000000-0000-4000-8000-000000000002',
      variables: { season: 'Spring', sign_off: 'Bye', offer: '10%', stale: 'x' },
    };
    const input = campaignInput(values, { id: undefined, resendOf: null, testEmails: [], ab });
    expect(input).not.toHaveProperty('id');
    expect(input.variables).toEqual({ season: 'Spring', sign_off: 'Bye', offer: '10%' });
    expect(input.segmentId).toBe(values.segmentId);
    expect(input.abTest).toEqual(ab);
    const copy = campaignInput(values, { id: 'c1', resendOf: 'c0', testEmails: ['a@b.co'], ab: null });
    expect(copy).toMatchObject({ id: 'c1', segmentId: null, testEmails: ['a@b.co'], abTest: null });
  });

  it('sends the preheader, and keeps the values of the tags only it uses (decision 011)', () => {
    const values = {
      ...campaignFormValues(),
      subject: 'Hi',
      preheader: '{{model}} for {{first_name}}',
      html: '<p>Hello</p>',
      variables: { model: 'Daytona', stale: 'x' },
    };
    const input = campaignInput(values, { id: undefined, resendOf: null, testEmails: [], ab: null });
    expect(input.preheader).toBe('{{model}} for {{first_name}}');
    expect(input.variables).toEqual({ model: 'Daytona' });
  });

  it('sends a campaign made from blocks as its blocks, without HTML or text (decision 092)', () => {
    const doc = starterBlocks('marketing');
    const values = {
      ...campaignFormValues(),
      name: 'Blocks',
      subject: 'Hi',
      // Left from Custom HTML: not sent, the server renders the blocks.
      html: '<p>Old {{stale}}</p>',
      text: 'Old text',
      variables: { season: 'Spring', stale: 'x' },
    };
    const texts = 'Hello {{first_name}},\n<p>Our {{season}} offer.</p>';
    const input = campaignInput(values, {
      id: undefined,
      resendOf: null,
      testEmails: [],
      ab: null,
      blocks: { doc, texts },
    });
    expect(input).toMatchObject({ htmlContent: '', textContent: null, blocks: doc });
    // The values of the tags the blocks use, not those of the HTML left behind.
    expect(input.variables).toEqual({ season: 'Spring' });
    expect(campaignSaveDraftInputSchema.safeParse(input).success).toBe(true);
  });

  it('says why the A/B test is off, and what Send Now adds about it', () => {
    expect(abDisabledReason(false, null)).toBeNull();
    expect(abDisabledReason(true, 'c0')).toMatch(/^Test mode/);
    expect(abDisabledReason(false, 'c0')).toBe('A non-openers copy has one subject.');
    expect(abTestNote(100, null)).toBeNull();
    expect(abTestNote(100, ab)).toBe(
      'A/B test: 20 of them get subject A or B now; the rest get the winner 1 hour after the test sends.',
    );
  });

  it('names what the recipient count counts', () => {
    const base = {
      testMode: false,
      resendOf: null,
      segmentId: null,
      segmentName: undefined,
      originalName: 'May',
    };
    expect(recipientsLabel(base)).toBe('subscribed contacts');
    expect(recipientsLabel({ ...base, testMode: true })).toBe('valid test email addresses');
    expect(recipientsLabel({ ...base, resendOf: 'c0' })).toBe('non-openers of May who may still be e-mailed');
    expect(recipientsLabel({ ...base, segmentId: 's', segmentName: 'VIP' })).toBe(
      'contacts in "VIP" who may receive marketing',
    );
    expect(recipientsLabel({ ...base, segmentId: 's' })).toBe(
      'contacts in the segment who may receive marketing',
    );
  });
});
