import { describe, expect, it } from 'vitest';
import type { AbTest } from '#shared/campaigns/ab-test.ts';
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
    expect(input.segment_id).toBe(values.segmentId);
    expect(input.ab_test).toEqual(ab);
    const copy = campaignInput(values, { id: 'c1', resendOf: 'c0', testEmails: ['a@b.co'], ab: null });
    expect(copy).toMatchObject({ id: 'c1', segment_id: null, test_emails: ['a@b.co'], ab_test: null });
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
