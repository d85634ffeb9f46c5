/**
 * Every action the audit log records (decisions 028 and 043): the admin mutations by their
 * procedure path, the account actions, the admin CLI's changes and the exports. `recordAudit`
 * takes only these, and the router walk (server/audit/audit-actions.test.ts) fails on an admin
 * mutation missing here, so a new action cannot be logged before it is listed, and
 * shared/audit/sentences.ts must then describe it (the compiler and its test say so).
 */
export const AUDIT_ACTIONS = [
  // Campaigns
  'admin.campaigns.saveDraft',
  'admin.campaigns.sendNow',
  'admin.campaigns.schedule',
  'admin.campaigns.sendTest',
  'admin.campaigns.pause',
  'admin.campaigns.resume',
  'admin.campaigns.retryFailed',
  'admin.campaigns.cancel',
  'admin.campaigns.duplicate',
  'admin.campaigns.delete',
  'admin.campaigns.copyForNonOpeners',
  // Templates
  'admin.templates.create',
  'admin.templates.update',
  'admin.templates.delete',
  'admin.templates.duplicate',
  'admin.templates.sendTest',
  'admin.templates.createFromBlocks',
  'admin.templates.updateFromBlocks',
  // Enquiries
  'admin.enquiries.setStatus',
  'admin.enquiries.assign',
  'admin.enquiries.addNote',
  'admin.enquiries.recordOffer',
  'admin.enquiries.reply',
  // The dealer's register (decision 058)
  'admin.register.saveSettings',
  'admin.register.setSerial',
  'admin.register.revealIdentity',
  'admin.register.release',
  // Leaving the hold (decision 071)
  'admin.register.recordCheck',
  'admin.register.recordNotice',
  'admin.register.liftNotice',
  'admin.register.uploadIdentityCopy',
  // The register's legal clock (decision 070)
  'admin.register.completeDeadline',
  'admin.register.noteSuspiciousMatter',
  // Appointments and shipping kits (decision 062)
  'admin.appointments.saveSettings',
  'admin.appointments.markKitDispatched',
  'admin.appointments.markOutcome',
  'admin.enquiries.revokeSellerLink',
  'admin.enquiries.revealSellerLink',
  'admin.enquiries.markRead',
  // Unmatched mail (decision 060)
  'admin.unmatchedMail.file',
  'admin.unmatchedMail.dismiss',
  // Contacts, segments, imports, suppressions
  'admin.contacts.update',
  'admin.contacts.create',
  'admin.contacts.updateDetails',
  'admin.contacts.erase',
  'admin.segments.save',
  'admin.segments.delete',
  // Automation flows (decision 066)
  'admin.automations.create',
  'admin.automations.save',
  'admin.automations.setState',
  'admin.automations.delete',
  'admin.contactImports.upload',
  'admin.contactImports.dryRun',
  'admin.contactImports.start',
  'admin.contactImports.cancel',
  'admin.suppressions.add',
  'admin.suppressions.remove',
  // Settings and the team
  'admin.settings.update',
  // The sending domain's DNS, checked on demand (decision 073)
  'admin.domainHealth.checkNow',
  // The reports' attribution window and who sees purchase prices (decision 096)
  'admin.insight.updateSettings',
  // An Owner's own weekly summary e-mail, on or off (decision 100)
  'admin.insight.setWeeklySummary',
  'admin.team.changeRole',
  'admin.team.endSessions',
  'admin.team.remove',
  'admin.team.invite',
  'admin.team.resendInvitation',
  'admin.team.revokeInvitation',
  'admin.team.approveAccessRequest',
  'admin.team.dismissAccessRequest',
  'admin.team.resetTwoFactor',
  'admin.team.setTwoFactorPolicy',
  // Accounts
  'auth.signIn',
  'auth.signInFailed',
  'auth.signInPasswordAccepted',
  'auth.twoFactorFailed',
  'auth.reauthenticationFailed',
  'auth.twoFactorEnrolmentStarted',
  'auth.twoFactorEnabled',
  'auth.twoFactorReplaced',
  'auth.twoFactorDisabled',
  'auth.recoveryCodesRegenerated',
  'auth.endSession',
  'auth.invitationAccepted',
  'auth.signOut',
  'auth.resetPassword',
  'auth.changePassword',
  'auth.changePasswordFailed',
  'auth.changeName',
  // The admin CLI (decision 043)
  'cli.create',
  'cli.grant',
  'cli.revoke',
  'cli.logout',
  'cli.registerRekey',
  'cli.filesMove',
  // Backup and restore (decision 085)
  'cli.backup',
  'cli.restore',
  // The first Owner made by `npm start` on an empty database (decision 043)
  'cli.bootstrap',
  // Exports (decision 022)
  'exports.contacts',
  'exports.contactImportReport',
  'exports.unsubscribeLogs',
  'exports.suppressions',
  'exports.campaignSends',
  'exports.auditLog',
  'exports.register',
  'exports.registerPrint',
  // AUSTRAC's TTR fields of one cash purchase, with the full identity number (decision 070)
  'exports.registerTtr',
  'exports.registerTtrPrint',
  // A seller's e-mailed attachment downloaded from the enquiry desk (decision 060)
  'downloads.incomingAttachment',
  // An identity copy viewed from the dealer's register (decision 058)
  'downloads.identityCopy',
  // A certificate of acceptance downloaded from the enquiry desk (decision 072)
  'downloads.acceptanceCertificate',
  // The platform's own actions: the complaint brake pausing a flow (decision 074)
  'system.automations.complaintPause',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
