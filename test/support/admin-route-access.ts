import type { AdminRoutePath } from '#shared/auth/admin-routes.ts';
import type { Role } from '#shared/auth/permissions.ts';

/**
 * Who may open each admin page, written by hand from decision 027 (roles and permissions), 058,
 * 062 and 070 (register and today's visits: the enquiry desk's readers), 066 (flows: every member
 * reads, the Marketer builds) and 073 (the sending domain: with Settings, the Owner's). A test oracle
 * of its own (decision 080): it is never derived from `ADMIN_ROUTE_PERMISSIONS`, so a wrong line
 * there and here at once is the only way both pass. The `Record` type makes every route of the
 * router's table need a line. Used by `shared/auth/admin-routes.test.ts`,
 * `e2e/admin-every-route.spec.ts` (the pages a role may open) and `e2e/roles.spec.ts` (the ones
 * it may not; decision 107).
 */
export const ADMIN_ROUTE_ACCESS: Record<AdminRoutePath, readonly Role[]> = {
  '/admin/account': ['owner', 'marketer', 'buyer', 'viewer'],
  '/admin/dashboard': ['owner', 'marketer', 'buyer', 'viewer'],
  '/admin/campaigns': ['owner', 'marketer', 'viewer'],
  '/admin/campaigns/new': ['owner', 'marketer'],
  '/admin/campaigns/$id': ['owner', 'marketer', 'viewer'],
  '/admin/campaigns/$id/edit': ['owner', 'marketer'],
  // The Buyer's templates are the reply templates: listed, written and previewed.
  '/admin/templates': ['owner', 'marketer', 'buyer', 'viewer'],
  '/admin/templates/new': ['owner', 'marketer', 'buyer'],
  '/admin/templates/$id/preview': ['owner', 'marketer', 'buyer', 'viewer'],
  '/admin/templates/$id/edit': ['owner', 'marketer', 'buyer'],
  '/admin/enquiries': ['owner', 'buyer', 'viewer'],
  '/admin/enquiries/$id': ['owner', 'buyer', 'viewer'],
  '/admin/enquiries/$id/seller-preview': ['owner', 'buyer', 'viewer'],
  '/admin/enquiries/unmatched': ['owner', 'buyer', 'viewer'],
  '/admin/enquiries/today': ['owner', 'buyer', 'viewer'],
  // The desk's numbers (decision 096): the Buyer's own row, everyone's for the Owner and Viewer.
  '/admin/enquiries/desk': ['owner', 'buyer', 'viewer'],
  '/admin/register': ['owner', 'buyer', 'viewer'],
  '/admin/register/held': ['owner', 'buyer', 'viewer'],
  '/admin/register/compliance': ['owner', 'buyer', 'viewer'],
  '/admin/contacts': ['owner', 'marketer', 'buyer', 'viewer'],
  '/admin/contacts/$id': ['owner', 'marketer', 'buyer', 'viewer'],
  '/admin/contacts/import': ['owner', 'marketer'],
  '/admin/contacts/segments': ['owner', 'marketer', 'viewer'],
  '/admin/contacts/segments/$id': ['owner', 'marketer', 'viewer'],
  '/admin/contacts/suppressions': ['owner', 'marketer', 'buyer', 'viewer'],
  '/admin/automations': ['owner', 'marketer', 'buyer', 'viewer'],
  '/admin/automations/new': ['owner', 'marketer'],
  '/admin/automations/$flowId': ['owner', 'marketer', 'buyer', 'viewer'],
  '/admin/unsubscribes': ['owner', 'marketer', 'viewer'],
  // The funnel (decision 096): what the business earns is the Owner's to read, and the Viewer's.
  '/admin/insight': ['owner', 'viewer'],
  '/admin/settings': ['owner'],
  '/admin/settings/domain': ['owner'],
  '/admin/team': ['owner'],
  '/admin/audit': ['owner'],
  // The Marketer's outbox holds their test e-mails only (filtered by the server).
  '/admin/outbox': ['owner', 'marketer'],
};
