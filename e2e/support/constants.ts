/** The admin account every e2e run creates before the app starts. */
export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'e2e-Admin-password-2026' } as const;

/** The e2e app's APP_SECRET, so tests can sign unsubscribe tokens the app accepts. */
export const E2E_APP_SECRET = 'e2e-app-secret-0123456789-abcdefghijklmnopqrstuvwxyz';

/** The e2e app's RESEND_WEBHOOK_SECRET, so tests can post provider events the app accepts. */
export const E2E_WEBHOOK_SECRET = 'whsec_ZTJlLXdlYmhvb2stc2VjcmV0LTAxMjM0NTY3ODk=';

/** The e2e app's INBOUND_DOMAIN: enquiry e-mails answer to enquiry+<token>@ this (decision 060). */
export const E2E_INBOUND_DOMAIN = 'reply.e2e.test';
