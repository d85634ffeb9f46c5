import { z } from 'zod';

// Roles and what each may do, as data (decision 027). The server checks one permission
// per procedure; the admin client reads the same table to hide what a role cannot do.

export const ROLES = ['owner', 'marketer', 'buyer', 'viewer'] as const;
export type Role = (typeof ROLES)[number];
export const roleSchema = z.enum(ROLES, { error: 'Choose a role' });

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  marketer: 'Marketer',
  buyer: 'Buyer',
  viewer: 'Viewer',
};

export const PERMISSIONS = [
  'dashboard.read',
  'campaigns.read',
  'campaigns.write',
  'campaigns.send',
  'templates.read',
  'templates.write',
  'contacts.read',
  'contacts.write',
  // Segments (decision 032): saved audiences; the Marketer edits them, the Viewer reads them.
  'segments.read',
  'segments.write',
  'unsubscribe.read',
  'enquiries.read',
  'enquiries.write',
  'exports.download',
  // The outbox holds every e-mail the app wrote without a provider, password-reset and invitation
  // links among them: reading it is as good as taking over an account, so only the Owner may.
  'outbox.read',
  'settings.read',
  'settings.write',
  'team.manage',
  'audit.read',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

// Every member reads the settings: the admin frame shows dates in the business's timezone.
const READS: Permission[] = [
  'settings.read',
  'dashboard.read',
  'campaigns.read',
  'templates.read',
  'contacts.read',
  'segments.read',
  'unsubscribe.read',
  'enquiries.read',
];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: PERMISSIONS,
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
  viewer: READS,
};

export function hasPermission(role: Role | null | undefined, permission: Permission): boolean {
  return role ? ROLE_PERMISSIONS[role].includes(permission) : false;
}

/** The roles that hold a permission (e.g. who an enquiry may be assigned to). */
export function rolesWith(permission: Permission): Role[] {
  return ROLES.filter((role) => hasPermission(role, permission));
}
