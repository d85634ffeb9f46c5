import { describe, expect, it } from 'vitest';
import {
  hasPermission,
  PERMISSIONS,
  type Permission,
  type Role,
  ROLE_PERMISSIONS,
  ROLES,
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
    'segments.read',
    'segments.write',
    'unsubscribe.read',
    'exports.download',
  ],
  buyer: ['settings.read', 'dashboard.read', 'contacts.read', 'enquiries.read', 'enquiries.write'],
  viewer: [
    'settings.read',
    'dashboard.read',
    'campaigns.read',
    'templates.read',
    'contacts.read',
    'segments.read',
    'unsubscribe.read',
    'enquiries.read',
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

  it('refuses everything to a user without a role', () => {
    for (const permission of PERMISSIONS) expect(hasPermission(null, permission)).toBe(false);
  });
});
