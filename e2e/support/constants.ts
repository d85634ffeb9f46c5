/** The admin account every e2e run creates before the app starts. */
export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'e2e-Admin-password-2026' } as const;
