import { describe, expect, it } from 'vitest';
import { hasPermission, type Permission, type Role } from '../auth/permissions.ts';
import {
  CAMPAIGN_STATUSES,
  campaignActions,
  campaignSaveDraftInputSchema,
  campaignSendTestInputSchema,
  permittedCampaignActions,
} from './schemas.ts';
import { parseCampaignListSearch } from './search-params.ts';
import { starterBlocks } from '../templates/blocks.ts';

const valid = {
  name: 'April update',
  subject: 'Prices this month',
  htmlContent: '<p>Hello</p>',
  isTestMode: true,
  testEmails: ['qa@example.com'],
};

function messages(
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: Array<{ message: string }> } } },
  input: unknown,
) {
  const result = schema.safeParse(input);
  return result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);
}

describe('campaignSaveDraftInputSchema', () => {
  it('accepts a draft, trimming name and subject and defaulting optional fields', () => {
    const parsed = campaignSaveDraftInputSchema.parse({ name: ' A ', subject: ' B ', htmlContent: 'x' });
    expect(parsed).toEqual({
      name: 'A',
      subject: 'B',
      preheader: '',
      htmlContent: 'x',
      // Not made from blocks: the HTML as written (decision 092).
      blocks: null,
      isTestMode: false,
      testEmails: [],
      templateId: null,
      variables: {},
      segmentId: null,
      // The sunset policy applies unless the campaign opts in (decision 089).
      includeInactive: false,
      // No hand-written text part: the campaign's text is generated from its HTML (decision 024).
      textContent: null,
    });
  });

  it('takes a segment as the audience, by id only', () => {
    const base = { name: 'A', subject: 'B', htmlContent: 'x' };
    const id = '00000000-0000-4000-8000-000000000001';
    expect(campaignSaveDraftInputSchema.parse({ ...base, segmentId: id }).segmentId).toBe(id);
    expect(messages(campaignSaveDraftInputSchema, { ...base, segmentId: "1' OR '1'='1" })).toEqual([
      'Choose a segment',
    ]);
  });

  it('takes blocks in place of the HTML, and needs one or the other (decision 092)', () => {
    const base = { name: 'A', subject: 'B' };
    const blocks = starterBlocks('marketing');
    expect(campaignSaveDraftInputSchema.parse({ ...base, blocks })).toMatchObject({
      htmlContent: '',
      blocks,
    });
    expect(messages(campaignSaveDraftInputSchema, base)).toEqual(['Email content is required']);
    expect(messages(campaignSaveDraftInputSchema, { ...base, htmlContent: ' ', blocks: null })).toEqual([
      'Email content is required',
    ]);
    // A document the block editor would refuse is refused here too: the footer stays last.
    expect(
      messages(campaignSaveDraftInputSchema, {
        ...base,
        blocks: { ...blocks, blocks: blocks.blocks.toReversed() },
      }),
    ).toEqual(['The footer is always the last block']);
    expect(
      messages(campaignSendTestInputSchema, {
        ...base,
        to: 'qa@example.com',
        blocks: { version: 1, blocks: [] },
      }),
    ).toEqual(['The footer cannot be removed']);
  });

  it('uses the spec messages and limits', () => {
    expect(messages(campaignSaveDraftInputSchema, { ...valid, name: '' })).toEqual([
      'Campaign name is required',
    ]);
    expect(messages(campaignSaveDraftInputSchema, { ...valid, subject: ' ' })).toEqual([
      'Subject line is required',
    ]);
    expect(messages(campaignSaveDraftInputSchema, { ...valid, name: 'n'.repeat(200) })).toEqual([]);
    expect(messages(campaignSaveDraftInputSchema, { ...valid, name: 'n'.repeat(201) })).toEqual([
      'Name must be less than 200 characters',
    ]);
    expect(messages(campaignSaveDraftInputSchema, { ...valid, subject: 's'.repeat(150) })).toEqual([]);
    expect(messages(campaignSaveDraftInputSchema, { ...valid, subject: 's'.repeat(151) })).toEqual([
      'Subject must be less than 150 characters',
    ]);
    expect(messages(campaignSaveDraftInputSchema, { ...valid, htmlContent: '\n' })).toEqual([
      'Email content is required',
    ]);
  });

  it('refuses CR and LF anywhere in the name, the subject and test e-mails', () => {
    expect(messages(campaignSaveDraftInputSchema, { ...valid, name: 'A\nB' })).toEqual([
      'Name cannot contain line breaks',
    ]);
    expect(messages(campaignSaveDraftInputSchema, { ...valid, subject: 'Hi\r' })).toEqual([
      'Subject cannot contain line breaks',
    ]);
    expect(messages(campaignSaveDraftInputSchema, { ...valid, testEmails: ['qa@example.com\n'] })).toEqual([
      'Please enter a valid email address',
    ]);
    expect(
      messages(campaignSendTestInputSchema, { ...valid, to: 'qa@example.com\r\nBcc: x@y.co' }),
    ).toContain('Email cannot contain line breaks');
  });
});

describe('parseCampaignListSearch', () => {
  it('keeps good URL values and drops bad ones', () => {
    expect(parseCampaignListSearch({ page: '3', search: 'rolex', status: 'paused' })).toEqual({
      page: 3,
      search: 'rolex',
      status: 'paused',
    });
    expect(parseCampaignListSearch({ page: '-1', status: 'weird' })).toEqual({
      page: undefined,
      search: undefined,
      status: undefined,
    });
  });
});

describe('campaignActions', () => {
  it('offers pause only when sending, resume only when paused, cancel for both', () => {
    expect(campaignActions('sending')).toEqual({ pause: true, resume: false, cancel: true, edit: false });
    expect(campaignActions('paused')).toEqual({ pause: false, resume: true, cancel: true, edit: false });
    expect(campaignActions('draft')).toEqual({ pause: false, resume: false, cancel: false, edit: true });
    expect(campaignActions('scheduled').edit).toBe(true);
    expect(campaignActions('cancelled')).toEqual({ pause: false, resume: false, cancel: false, edit: false });
  });
});

describe('permittedCampaignActions', () => {
  const as = (role: Role) => (permission: Permission) => hasPermission(role, permission);

  it('offers a Viewer nothing that changes a campaign, nor the export', () => {
    for (const status of CAMPAIGN_STATUSES)
      expect(Object.values(permittedCampaignActions(status, as('viewer'))).some(Boolean)).toBe(false);
  });

  it('offers a Marketer what the status allows, and the Owner the same', () => {
    for (const role of ['marketer', 'owner'] as const) {
      expect(permittedCampaignActions('sending', as(role))).toEqual({
        ...campaignActions('sending'),
        duplicate: true,
        remove: true,
        retryFailed: true,
        nonOpeners: true,
        exportSends: true,
      });
      expect(permittedCampaignActions('draft', as(role)).edit).toBe(true);
    }
  });
});
