import { hasAnyPermission, type Permission, type Role } from './permissions.ts';

// Which permission each guarded admin page needs (decision 027), in one place: the guarded layout
// refuses a page from it before the page mounts (so no query is sent), and the navigation, the
// in-page links and the login's returnTo read the same table. A list means any one of them.
// Keys are the router's paths without a trailing slash; `null` is open to every member.
export const ADMIN_ROUTE_PERMISSIONS = {
  '/admin/account': null,
  '/admin/dashboard': 'dashboard.read',
  '/admin/campaigns': 'campaigns.read',
  '/admin/campaigns/new': 'campaigns.write',
  '/admin/campaigns/$id': 'campaigns.read',
  '/admin/campaigns/$id/edit': 'campaigns.write',
  // A Buyer reaches the reply templates only (the page and the server keep them to that kind).
  '/admin/templates': ['templates.read', 'replyTemplates.write'],
  '/admin/templates/new': ['templates.write', 'replyTemplates.write'],
  '/admin/templates/$id/preview': ['templates.read', 'replyTemplates.write'],
  '/admin/templates/$id/edit': ['templates.write', 'replyTemplates.write'],
  '/admin/enquiries': 'enquiries.read',
  '/admin/enquiries/$id': 'enquiries.read',
  // The seller's page as the seller sees it, read-only (decision 067); revealing the link needs write.
  '/admin/enquiries/$id/seller-preview': 'enquiries.read',
  // Replies whose address named no enquiry (decision 060): filing and dismissing need enquiries.write.
  '/admin/enquiries/unmatched': 'enquiries.read',
  // The buyers' day: today's visits and the shipping kits to post (decision 062).
  '/admin/enquiries/today': 'enquiries.read',
  // Each buyer's numbers (decision 096): a Buyer sees their own row, the server decides.
  '/admin/enquiries/desk': 'enquiries.read',
  // The dealer's register (decision 058): masked for every reader; full numbers need register.identity.
  '/admin/register': 'enquiries.read',
  '/admin/register/held': 'enquiries.read',
  // The register's deadlines and linked cash (decision 070): marking one done needs enquiries.write.
  '/admin/register/compliance': 'enquiries.read',
  '/admin/contacts': 'contacts.read',
  '/admin/contacts/$id': 'contacts.read',
  '/admin/contacts/import': 'contacts.import',
  '/admin/contacts/segments': 'segments.read',
  '/admin/contacts/segments/$id': 'segments.read',
  '/admin/contacts/suppressions': 'contacts.read',
  // Automation flows (decision 066): the Viewer and the Buyer read them, the Marketer edits them.
  '/admin/automations': 'automations.read',
  '/admin/automations/new': 'automations.write',
  '/admin/automations/$flowId': 'automations.read',
  '/admin/unsubscribes': 'unsubscribe.read',
  // The owner's funnel report (decision 096): the Owner and the Viewer.
  '/admin/insight': 'insight.read',
  '/admin/settings': 'settings.write',
  // The sending domain's DNS checks and the bulk-sender checklist (decision 073).
  '/admin/settings/domain': 'settings.write',
  '/admin/team': 'team.manage',
  '/admin/audit': 'audit.read',
  // Every e-mail for the Owner; a Marketer's view holds test e-mails only (server-side filter).
  '/admin/outbox': ['outbox.read', 'outbox.tests.read'],
} as const satisfies Record<string, Permission | readonly Permission[] | null>;

export type AdminRoutePath = keyof typeof ADMIN_ROUTE_PERMISSIONS;

/** Where each role lands after sign-in and at /admin: the page its daily work starts on. */
export const ROLE_HOMES: Record<Role, AdminRoutePath> = {
  owner: '/admin/dashboard',
  marketer: '/admin/campaigns',
  buyer: '/admin/enquiries',
  // The Viewer reads everything and changes nothing: the overview is where looking starts.
  viewer: '/admin/dashboard',
};

const MATCHERS = Object.keys(ADMIN_ROUTE_PERMISSIONS).map((key) => ({
  key: key as AdminRoutePath,
  pattern: new RegExp(`^${key.replace(/\$[A-Za-z]+/g, '[^/]+')}$`),
}));

/**
 * The table's entry for a path (a router path such as /admin/campaigns/$id or a real one such as
 * /admin/campaigns/3f…), or undefined for a path outside the guarded pages. A literal segment
 * (`new`) wins over a parameter because literal keys are tried first.
 */
export function adminRouteFor(path: string): AdminRoutePath | undefined {
  const clean = path.split(/[?#]/)[0]?.replace(/\/+$/, '') ?? '';
  if (clean in ADMIN_ROUTE_PERMISSIONS) return clean as AdminRoutePath;
  return (
    MATCHERS.find((m) => !m.key.includes('$') && m.pattern.test(clean))?.key ??
    MATCHERS.find((m) => m.pattern.test(clean))?.key
  );
}

/** Whether the role may open the page at `path`; a path the table does not know is refused. */
export function canOpenAdminPath(role: Role | null | undefined, path: string): boolean {
  const route = adminRouteFor(path);
  if (!route || !role) return false;
  const needed = ADMIN_ROUTE_PERMISSIONS[route];
  return needed === null || hasAnyPermission(role, needed);
}

/** After sign-in: the page asked for when the role may open it, else the role's home. */
export function landingFor(role: Role, returnTo: string | null | undefined): string {
  return returnTo && canOpenAdminPath(role, returnTo) ? returnTo : ROLE_HOMES[role];
}
