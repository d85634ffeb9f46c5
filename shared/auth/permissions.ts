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

/** One line per role for the role pickers (Team page): what the role is for. */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: 'Everything, including the team, settings, audit log and the whole outbox.',
  marketer:
    'Campaigns, marketing templates, segments, automation flows, contact imports, exports and their test e-mails.',
  buyer: 'The enquiry desk and its reply templates; reads contacts and automation flows.',
  viewer:
    'Reads campaigns, templates, contacts, automation flows and enquiries; changes nothing, exports nothing.',
};

export const PERMISSIONS = [
  'dashboard.read',
  'campaigns.read',
  'campaigns.write',
  'campaigns.send',
  'templates.read',
  // Marketing templates (campaigns). Reply templates are the enquiry desk's: `replyTemplates.write`.
  'templates.write',
  'replyTemplates.write',
  'contacts.read',
  'contacts.write',
  // Uploading a CSV of contacts and running its import (decision 035), without editing contacts.
  'contacts.import',
  // Segments (decision 032): saved audiences; the Marketer edits them, the Viewer reads them.
  'segments.read',
  'segments.write',
  // Automation flows (decision 066): every member reads them and a contact's runs; the Marketer
  // builds, edits and switches them.
  'automations.read',
  'automations.write',
  'unsubscribe.read',
  'enquiries.read',
  'enquiries.write',
  'exports.download',
  // The dealer's register in full (decision 058): a seller's identity number shown whole, the
  // register's export and printable page. Everyone else sees it masked.
  'register.identity',
  // The outbox holds every e-mail the app wrote without a provider, password-reset and invitation
  // links among them: reading it is as good as taking over an account, so only the Owner may.
  'outbox.read',
  // The outbox's test e-mails only (campaign and template tests): what a Marketer checks a design
  // by. No account link is ever among them.
  'outbox.tests.read',
  'settings.read',
  'settings.write',
  'team.manage',
  'audit.read',
  // The owner's reports (decision 096): the funnel and prices in attribution. Owner and Viewer.
  'insight.read',
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
  'automations.read',
  'unsubscribe.read',
  'enquiries.read',
  'insight.read',
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
  viewer: READS,
};

export function hasPermission(role: Role | null | undefined, permission: Permission): boolean {
  return role ? ROLE_PERMISSIONS[role].includes(permission) : false;
}

/** True when the role holds any of the permissions (a procedure or page open to several). */
export function hasAnyPermission(
  role: Role | null | undefined,
  permissions: Permission | readonly Permission[],
): boolean {
  const list: readonly Permission[] = typeof permissions === 'string' ? [permissions] : permissions;
  return list.some((permission) => hasPermission(role, permission));
}

/** The permission that writes a template of this kind: marketing and reply templates differ. */
export function templateWritePermission(kind: 'marketing' | 'reply'): Permission {
  return kind === 'reply' ? 'replyTemplates.write' : 'templates.write';
}

/** Reading a template: every reader of the library, and a reply template's writers. */
export function canReadTemplateKind(role: Role | null | undefined, kind: 'marketing' | 'reply'): boolean {
  return (
    hasPermission(role, 'templates.read') || (kind === 'reply' && hasPermission(role, 'replyTemplates.write'))
  );
}

/** The roles that hold a permission (e.g. who an enquiry may be assigned to). */
export function rolesWith(permission: Permission): Role[] {
  return ROLES.filter((role) => hasPermission(role, permission));
}
