import type { AdminRoutePath } from '#shared/auth/admin-routes.ts';

/**
 * Each guarded admin page by the name the admin calls it (its heading or its sidebar entry), for
 * the refusal a role meets there and the way onward from it (decision 091). A page of one record
 * is named by its kind: the refusal is shown before the record is read (decision 027).
 */
export const ADMIN_PAGE_NAMES: Record<AdminRoutePath, string> = {
  '/admin/account': 'Account',
  '/admin/dashboard': 'Campaign Dashboard',
  '/admin/campaigns': 'Campaigns',
  '/admin/campaigns/new': 'New Campaign',
  '/admin/campaigns/$id': 'A campaign',
  '/admin/campaigns/$id/edit': 'Edit Campaign',
  '/admin/templates': 'Marketing Templates',
  '/admin/templates/new': 'New Template',
  '/admin/templates/$id/preview': 'A template’s preview',
  '/admin/templates/$id/edit': 'Edit Template',
  '/admin/enquiries': 'Enquiries',
  '/admin/enquiries/$id': 'An enquiry',
  '/admin/enquiries/$id/seller-preview': 'The seller’s page',
  '/admin/enquiries/unmatched': 'Unmatched mail',
  '/admin/enquiries/today': 'Today’s visits and kits',
  '/admin/enquiries/desk': 'The desk’s numbers',
  '/admin/register': 'Dealer’s register',
  '/admin/register/held': 'Held stock',
  '/admin/register/compliance': 'Compliance',
  '/admin/contacts': 'Contacts',
  '/admin/contacts/$id': 'A contact',
  '/admin/contacts/import': 'Import contacts',
  '/admin/contacts/segments': 'Segments',
  '/admin/contacts/segments/$id': 'A segment',
  '/admin/contacts/suppressions': 'Suppressions',
  '/admin/automations': 'Automations',
  '/admin/automations/new': 'New flow',
  '/admin/automations/$flowId': 'An automation flow',
  '/admin/unsubscribes': 'Unsubscribes',
  '/admin/settings': 'Settings',
  '/admin/settings/domain': 'Sending domain',
  '/admin/team': 'Team',
  '/admin/audit': 'Audit log',
  '/admin/outbox': 'Outbox',
  '/admin/insight': 'Enquiry funnel',
};
