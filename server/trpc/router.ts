import { adminAutomationsRouter } from './routers/admin-automations.ts';
import { adminAppointmentsRouter } from './routers/admin-appointments.ts';
import { adminAuditRouter } from './routers/admin-audit.ts';
import { adminTeamRouter } from './routers/admin-team.ts';
import { adminCampaignsRouter } from './routers/admin-campaigns.ts';
import { adminContactsRouter } from './routers/admin-contacts.ts';
import { adminContactImportsRouter } from './routers/admin-contact-imports.ts';
import { adminSuppressionsRouter } from './routers/admin-suppressions.ts';
import { adminDashboardRouter } from './routers/admin-dashboard.ts';
import { adminDomainHealthRouter } from './routers/admin-domain-health.ts';
import { adminEnquiriesRouter } from './routers/admin-enquiries.ts';
import { adminInsightRouter } from './routers/admin-insight.ts';
import { adminOutboxRouter } from './routers/admin-outbox.ts';
import { adminRegisterRouter } from './routers/admin-register.ts';
import { adminUnmatchedMailRouter } from './routers/admin-unmatched-mail.ts';
import { adminSegmentsRouter } from './routers/admin-segments.ts';
import { adminSettingsRouter } from './routers/admin-settings.ts';
import { adminTemplatesRouter } from './routers/admin-templates.ts';
import { adminUnsubscribeRouter } from './routers/admin-unsubscribe.ts';
import { leadRouter } from './routers/lead.ts';
import { authRouter } from './routers/auth.ts';
import { consentRouter } from './routers/consent.ts';
import { preferencesRouter } from './routers/preferences.ts';
import { sellerRouter } from './routers/seller.ts';
import { certificatesRouter } from './routers/certificates.ts';
import { systemRouter } from './routers/system.ts';
import { createCallerFactory, router } from './trpc.ts';

export const appRouter = router({
  auth: authRouter,
  system: systemRouter,
  lead: leadRouter,
  preferences: preferencesRouter,
  consent: consentRouter,
  seller: sellerRouter,
  certificates: certificatesRouter,
  admin: router({
    outbox: adminOutboxRouter,
    campaigns: adminCampaignsRouter,
    templates: adminTemplatesRouter,
    dashboard: adminDashboardRouter,
    enquiries: adminEnquiriesRouter,
    contacts: adminContactsRouter,
    segments: adminSegmentsRouter,
    automations: adminAutomationsRouter,
    contactImports: adminContactImportsRouter,
    suppressions: adminSuppressionsRouter,
    unsubscribe: adminUnsubscribeRouter,
    settings: adminSettingsRouter,
    domainHealth: adminDomainHealthRouter,
    audit: adminAuditRouter,
    team: adminTeamRouter,
    register: adminRegisterRouter,
    unmatchedMail: adminUnmatchedMailRouter,
    appointments: adminAppointmentsRouter,
    insight: adminInsightRouter,
  }),
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
