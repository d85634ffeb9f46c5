import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from './actions.ts';
import type { AuditRow } from './schemas.ts';
import { DESCRIBED_ACTIONS, describeAudit, describeChanges, fieldLabel, sentenceText } from './sentences.ts';

function row(patch: Partial<Omit<AuditRow, 'summary'>> & { summary?: unknown }): AuditRow {
  const { summary = {}, ...rest } = patch;
  return {
    id: '1',
    createdAt: '2026-11-26T01:00:00.000Z',
    actorEmail: 'ava@example.com',
    actorRole: 'marketer',
    ip: '203.0.113.9',
    action: 'auth.signIn',
    entityType: null,
    entityId: null,
    target: null,
    ...rest,
    summary: JSON.stringify(summary),
  };
}

const read = (patch: Parameters<typeof row>[0]) => sentenceText(describeAudit(row(patch)));
const CAMPAIGN_ID = '0b6f1f8e-6a4e-4a53-9d55-5a4f3c1e2d10';

describe('the audit log as sentences (decision 028)', () => {
  it('describes every action the log records, and nothing it does not', () => {
    expect([...DESCRIBED_ACTIONS].sort()).toEqual([...AUDIT_ACTIONS].sort());
  });

  it.each(AUDIT_ACTIONS.map((action) => [action]))('%s reads as its own sentence', (action) => {
    const text = read({ action, entityType: 'x', entityId: CAMPAIGN_ID });
    expect(text).toMatch(/^ava@example\.com \(Marketer\) [a-z]/);
    expect(text).not.toContain(action);
  });

  it('says whether an Owner turned their weekly summary on or off (decision 100)', () => {
    const weekly = (enabled: boolean) =>
      read({ action: 'admin.insight.setWeeklySummary', actorRole: 'owner', summary: { input: { enabled } } });
    expect(weekly(true)).toBe('ava@example.com (Owner) turned on their weekly summary e-mail');
    expect(weekly(false)).toBe('ava@example.com (Owner) turned off their weekly summary e-mail');
  });

  it('says who sent which campaign to how many, the count grouped in thousands', () => {
    expect(
      read({
        action: 'admin.campaigns.sendNow',
        entityType: 'campaigns',
        entityId: CAMPAIGN_ID,
        target: { label: 'Spring buying', recipients: 1204 },
      }),
    ).toBe("ava@example.com (Marketer) sent 'Spring buying' to 1,204 recipients");
    // The count the send set, when the row holds it, over the campaign's count now.
    expect(
      read({
        action: 'admin.campaigns.sendNow',
        entityType: 'campaigns',
        entityId: CAMPAIGN_ID,
        target: { label: 'Spring buying', recipients: 9 },
        summary: { changes: { total_recipients: { before: 0, after: 12_040 } } },
      }),
    ).toBe("ava@example.com (Marketer) sent 'Spring buying' to 12,040 recipients");
  });

  it('names members by name where the list has one, the address kept for the hover', () => {
    const names = { 'ava@example.com': 'Ava Smith', 'ben@example.com': 'Ben Jones' };
    const sentence = describeAudit(
      row({
        action: 'admin.team.remove',
        entityType: 'team',
        target: { label: 'ben@example.com', recipients: null },
      }),
      names,
    );
    expect(sentenceText(sentence)).toBe('Ava Smith (Marketer) removed Ben Jones from the team');
    expect(sentence.actorAddress).toBe('ava@example.com');
    expect(sentence.parts).toContainEqual({ target: 'Ben Jones', address: 'ben@example.com' });
    // No name: the address, and nothing to hover.
    const unnamed = describeAudit(row({ actorEmail: 'cy@example.com', actorRole: null }), names);
    expect(unnamed.actor).toBe('cy@example.com');
    expect(unnamed.actorAddress).toBeNull();
  });

  it('names a deleted record by what the row kept, and links only what still exists', () => {
    const sentence = describeAudit(
      row({
        action: 'admin.templates.delete',
        actorRole: 'owner',
        entityType: 'templates',
        entityId: CAMPAIGN_ID,
        summary: {
          input: { id: CAMPAIGN_ID },
          changes: { template_name: { before: 'Welcome', after: null } },
        },
      }),
    );
    expect(sentenceText(sentence)).toBe("ava@example.com (Owner) deleted the template 'Welcome'");
    expect(sentence.parts).toEqual(['deleted the ', { target: "template 'Welcome'" }]);
  });

  it('names a template by its input, as new rows spell it and as rows before camelCase did', () => {
    const created = (input: Record<string, unknown>) =>
      read({ action: 'admin.templates.create', entityType: 'templates', summary: { input } });
    expect(created({ templateName: 'Spring offer', htmlContent: '[40 characters]' })).toBe(
      "ava@example.com (Marketer) created the template 'Spring offer'",
    );
    // A row written while the template inputs were snake_case: the log is append-only.
    expect(created({ template_name: 'Winter offer', html_content: '<p>Hi</p>' })).toBe(
      "ava@example.com (Marketer) created the template 'Winter offer'",
    );
  });

  it('never names a contact or an enquiry, whatever the row holds', () => {
    const text = read({
      action: 'admin.contacts.updateDetails',
      entityType: 'contacts',
      entityId: CAMPAIGN_ID,
      target: { label: null, recipients: null },
      summary: { input: { id: CAMPAIGN_ID, fullName: 'Vera Smith', phone: '0400 000 000' } },
    });
    expect(text).toBe('ava@example.com (Marketer) edited the details of a contact');
    expect(
      read({
        action: 'admin.enquiries.setStatus',
        actorRole: 'buyer',
        entityType: 'enquiries',
        summary: { input: { to: 'offer_made', reason: '[personal data]' } },
      }),
    ).toBe('ava@example.com (Buyer) moved an enquiry to Offer made');
  });

  it('reads team, account and refused actions', () => {
    expect(
      read({
        action: 'admin.team.changeRole',
        actorRole: 'owner',
        entityType: 'team',
        target: { label: 'ben@example.com', recipients: null },
        summary: { input: { id: CAMPAIGN_ID, role: 'viewer' } },
      }),
    ).toBe('ava@example.com (Owner) changed the role of ben@example.com to Viewer');
    expect(
      read({
        action: 'auth.signInFailed',
        actorEmail: null,
        actorRole: null,
        summary: { reason: 'throttled', refusals: 1500 },
      }),
    ).toBe('Someone failed to sign in (throttled), 1,500 times');
    expect(
      read({
        action: 'cli.grant',
        actorEmail: 'cli (root)',
        actorRole: null,
        summary: { email: 'ben@example.com', changes: { role: { before: null, after: 'owner' } } },
      }),
    ).toBe('cli (root) gave ben@example.com the Owner role from the command line');
    expect(
      read({
        action: 'cli.bootstrap',
        actorEmail: 'cli (first start)',
        actorRole: null,
        summary: { email: 'admin@example.com', role: 'owner', existingAccount: false },
      }),
    ).toBe('cli (first start) made admin@example.com the first Owner when the platform first started');
  });

  it('falls back to the action and record for an action the table does not know', () => {
    expect(read({ action: 'admin.watches.appraise', entityType: 'watches', entityId: '7' })).toBe(
      'ava@example.com (Marketer) did “admin.watches.appraise” on watches',
    );
  });
});

describe('before → after', () => {
  const iso = (value: string) => `at ${value.slice(0, 10)}`;

  it('lists each changed field in words, with its values', () => {
    const changes = describeChanges(
      row({
        action: 'admin.settings.update',
        summary: {
          input: { batch_size: 75 },
          changes: {
            batch_size: { before: 50, after: 1500 },
            require_two_factor: { before: false, after: true },
            scheduled_at: { before: null, after: '2026-12-01T09:00:00.000Z' },
            role: { before: 'buyer', after: 'marketer' },
            full_name: 'changed',
          },
        },
      }),
      iso,
    );
    expect(changes).toEqual([
      { field: 'batch_size', label: 'Batch size', before: '50', after: '1,500' },
      { field: 'require_two_factor', label: 'Two-factor sign-in required', before: 'No', after: 'Yes' },
      { field: 'scheduled_at', label: 'Scheduled for', before: '(none)', after: 'at 2026-12-01' },
      { field: 'role', label: 'Role', before: 'Buyer', after: 'Marketer' },
      // Kept only as "changed" (decision 036): no values to show.
      { field: 'full_name', label: 'Name', before: null, after: null },
    ]);
  });

  it('labels fields it has no word for from their names', () => {
    expect(fieldLabel('bounce_rate_limit')).toBe('Bounce rate limit');
    expect(fieldLabel('sessionsEnded')).toBe('Sessions ended');
  });

  it('labels a field the same in either spelling, for rows from before camelCase inputs', () => {
    expect(fieldLabel('template_name')).toBe('Template name');
    expect(fieldLabel('templateName')).toBe('Template name');
    expect(fieldLabel('html_content')).toBe('HTML');
    expect(fieldLabel('htmlContent')).toBe('HTML');
    expect(fieldLabel('textContent')).toBe('Plain text');
  });
});
