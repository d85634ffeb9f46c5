import { describe, expect, it } from 'vitest';
import {
  canReadTemplateKind,
  hasAnyPermission,
  hasPermission,
  PERMISSIONS,
  type Permission,
  type Role,
  ROLE_PERMISSIONS,
  ROLE_DESCRIPTIONS,
  ROLES,
  templateWritePermission,
} from './permissions.ts';

// The table, spelled out by hand so a change to ROLE_PERMISSIONS shows up here as well.
const EXPECTED: Record<Role, Permission[]> = {
  owner: [...PERMISSIONS],
  marketer: [
    'settings.read',
    'dashboard.read',
    'campaigns.read',
    'campaigns.write',
    'campaigns.send',
    'templates.read',
    'templates.write',
    'contacts.read',
    'contacts.import',
    'segments.read',
    'segments.write',
    'automations.read',
    'automations.write',
    'unsubscribe.read',
    'exports.download',
    'outbox.tests.read',
  ],
  buyer: [
    'settings.read',
    'dashboard.read',
    'contacts.read',
    'automations.read',
    'enquiries.read',
    'enquiries.write',
    'replyTemplates.write',
  ],
  viewer: [
    'settings.read',
    'dashboard.read',
    'campaigns.read',
    'templates.read',
    'contacts.read',
    'segments.read',
    'automations.read',
    'unsubscribe.read',
    'enquiries.read',
    'insight.read',
  ],
};

describe('the permission table', () => {
  it.each(ROLES.flatMap((role) => PERMISSIONS.map((p) => [role, p] as const)))(
    '%s × %s',
    (role, permission) => {
      expect(hasPermission(role, permission)).toBe(EXPECTED[role].includes(permission));
    },
  );

  it('gives the Owner everything, and team, audit, outbox and settings changes to no one else', () => {
    expect(ROLE_PERMISSIONS.owner).toEqual(PERMISSIONS);
    const ownerOnly: Permission[] = [
      'team.manage',
      'audit.read',
      'outbox.read',
      'settings.write',
      'contacts.write',
    ];
    for (const role of ROLES.filter((r) => r !== 'owner'))
      for (const permission of ownerOnly) expect(hasPermission(role, permission)).toBe(false);
  });

  it('keeps the Viewer read-only and without exports', () => {
    expect(ROLE_PERMISSIONS.viewer.every((p) => p.endsWith('.read'))).toBe(true);
  });

  it('gives marketing templates to the Marketer and reply templates to the Buyer, not the other way', () => {
    expect(hasPermission('marketer', templateWritePermission('marketing'))).toBe(true);
    expect(hasPermission('marketer', templateWritePermission('reply'))).toBe(false);
    expect(hasPermission('buyer', templateWritePermission('reply'))).toBe(true);
    expect(hasPermission('buyer', templateWritePermission('marketing'))).toBe(false);
    expect(canReadTemplateKind('buyer', 'reply')).toBe(true);
    expect(canReadTemplateKind('buyer', 'marketing')).toBe(false);
    expect(canReadTemplateKind('viewer', 'reply')).toBe(true);
  });

  it('lets the Marketer import contacts and read test e-mails, but not the whole outbox', () => {
    expect(hasPermission('marketer', 'contacts.import')).toBe(true);
    expect(hasPermission('marketer', 'contacts.write')).toBe(false);
    expect(hasPermission('marketer', 'outbox.tests.read')).toBe(true);
    expect(hasPermission('marketer', 'outbox.read')).toBe(false);
    expect(hasAnyPermission('marketer', ['outbox.read', 'outbox.tests.read'])).toBe(true);
    expect(hasAnyPermission('buyer', ['outbox.read', 'outbox.tests.read'])).toBe(false);
  });

  it('describes every role in one line', () => {
    for (const role of ROLES) expect(ROLE_DESCRIPTIONS[role]).toMatch(/^[^\n]{10,120}$/);
  });

  it('refuses everything to a user without a role', () => {
    for (const permission of PERMISSIONS) expect(hasPermission(null, permission)).toBe(false);
  });
});
