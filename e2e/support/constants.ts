import type { Role } from '#shared/auth/permissions.ts';

/** The admin account every e2e run creates before the app starts. */
export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'e2e-Admin-password-2026' } as const;

/**
 * One member per role, created with E2E_ADMIN before the app starts and signed in once per run
 * (e2e/support/global-setup.ts, decision 080): the Owner is E2E_ADMIN.
 */
export const E2E_MEMBERS: Record<Role, { readonly email: string; readonly password: string }> = {
  owner: E2E_ADMIN,
  marketer: { email: 'marketer@e2e.test', password: 'e2e-Marketer-password-2026' },
  buyer: { email: 'buyer@e2e.test', password: 'e2e-Buyer-password-2026' },
  viewer: { email: 'viewer@e2e.test', password: 'e2e-Viewer-password-2026' },
};

/** The e2e app's APP_SECRET, so tests can sign unsubscribe tokens the app accepts. */
export const E2E_APP_SECRET = 'e2e-app-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

/** The e2e app's RESEND_WEBHOOK_SECRET, so tests can post provider events the app accepts. */
export const E2E_WEBHOOK_SECRET = 'whsec_ZTJlLXdlYmhvb2stc2VjcmV0LTAxMjM0NTY3ODk=';

/** The e2e app's INBOUND_DOMAIN: enquiry e-mails answer to enquiry+<token>@ this (decision 060). */
export const E2E_INBOUND_DOMAIN = 'reply.e2e.test';
