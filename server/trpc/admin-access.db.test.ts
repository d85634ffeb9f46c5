import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { hasAnyPermission, type Permission, ROLES } from '#shared/auth/permissions.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { callerFor, testServices } from '#test/support/services.ts';
import { appRouter } from './router.ts';

type AnyCallable = (input?: unknown) => unknown;

/** Follows a dotted procedure path through a caller ('admin.outbox.list' → caller.admin.outbox.list). */
function procedureAt(caller: unknown, path: string): AnyCallable {
  let node: unknown = caller;
  for (const key of path.split('.')) node = (node as Record<string, unknown>)[key];
  return node as AnyCallable;
}

async function outcomeOf(call: () => unknown): Promise<string> {
  try {
    const result = await call();
    // A subscription only runs its middlewares when iterated.
    if (result && typeof result === 'object' && Symbol.asyncIterator in result) {
      await (result as AsyncIterable<unknown>)[Symbol.asyncIterator]().next();
    }
    return 'OK';
  } catch (error) {
    return error instanceof TRPCError ? error.code : `not a TRPCError: ${String(error)}`;
  }
}

// Walks the router itself, so every procedure added under `admin.` later is covered without
// editing this file. tRPC 11 runs middlewares in the order they were added and `.input()` adds
// its parser after ownerProcedure's checks, so an empty input still reaches the access check.
describe('every admin.* procedure', () => {
  const t = useTestDatabase();
  const adminPaths = Object.keys(appRouter._def.procedures).filter((path) => path.startsWith('admin.'));
  const member = { id: '00000000-0000-4000-8000-0000000000aa', email: 'member@example.com', role: null };
  // At run time tRPC keeps the procedures flat, keyed by dotted path (its type nests them).
  const procedures = appRouter._def.procedures as unknown as Record<
    string,
    { _def: { meta?: { permission?: Needed } } } | undefined
  >;
  const permissionOf = (path: string): Needed | undefined => procedures[path]?._def.meta?.permission;

  it('exists (the walk found the admin router)', () => {
    expect(adminPaths.length).toBeGreaterThan(0);
    expect(adminPaths).toContain('admin.outbox.list');
  });

  it.each(adminPaths.map((path) => [path]))('%s refuses anonymous callers (UNAUTHORIZED)', async (path) => {
    const call = procedureAt(callerFor(testServices(t.db)), path);
    expect(await outcomeOf(() => call({}))).toBe('UNAUTHORIZED');
    expect(await outcomeOf(() => call(undefined))).toBe('UNAUTHORIZED');
  });

  it.each(adminPaths.map((path) => [path]))('%s refuses signed-in non-admins (FORBIDDEN)', async (path) => {
    const call = procedureAt(callerFor(testServices(t.db), member), path);
    expect(await outcomeOf(() => call({}))).toBe('FORBIDDEN');
    expect(await outcomeOf(() => call(undefined))).toBe('FORBIDDEN');
  });

  it.each(adminPaths.map((path) => [path]))('%s names the permission it needs', (path) => {
    expect(permissionOf(path)).toEqual(EXPECTED_PERMISSIONS[path]);
  });

  it('names every admin procedure in the expected table (a new one needs a line here)', () => {
    expect(adminPaths.toSorted()).toEqual(Object.keys(EXPECTED_PERMISSIONS).toSorted());
  });

  // Every role against every procedure: allowed means the access checks pass (what follows, e.g.
  // the input parser's BAD_REQUEST, is not this test's business); refused means FORBIDDEN.
  const cases = ROLES.flatMap((role) => adminPaths.map((path) => [role, path] as const));
  it.each(cases)('%s × %s', async (role, path) => {
    const permission = EXPECTED_PERMISSIONS[path];
    if (!permission) throw new Error(`${path} is missing from EXPECTED_PERMISSIONS`);
    const user = { id: '00000000-0000-4000-8000-0000000000bb', email: `${role}@example.com`, role };
    const call = procedureAt(callerFor(testServices(t.db), user), path);
    // A template list names its kind; the reply kind is the one every template role may list.
    const input = path.startsWith('admin.templates.') ? { kind: 'reply' } : {};
    const outcome = await outcomeOf(() => call({ id: '00000000-0000-4000-8000-0000000000cc', ...input }));
    if (hasAnyPermission(role, permission)) expect(outcome).not.toMatch(/^(FORBIDDEN|UNAUTHORIZED)$/);
    else expect(outcome).toBe('FORBIDDEN');
  });
});

/** A permission, or a list of which any one will do. */
type Needed = Permission | readonly Permission[];

// Templates: either kind's readers or writers; the template's kind then decides (decision 027).
const TEMPLATE_READERS: Needed = ['templates.read', 'replyTemplates.write'];
const TEMPLATE_WRITERS: Needed = ['templates.write', 'replyTemplates.write'];

/** Reviewed by hand: which permission each admin procedure needs (decision 027). */
const EXPECTED_PERMISSIONS: Record<string, Needed> = {
  'admin.outbox.list': ['outbox.read', 'outbox.tests.read'],
  'admin.outbox.get': ['outbox.read', 'outbox.tests.read'],
  'admin.campaigns.list': 'campaigns.read',
  'admin.campaigns.get': 'campaigns.read',
  'admin.campaigns.watch': 'campaigns.read',
  'admin.campaigns.audienceCount': 'campaigns.read',
  'admin.campaigns.scheduleSettings': 'campaigns.read',
  'admin.campaigns.sends': 'campaigns.read',
  'admin.campaigns.sendEvents': 'campaigns.read',
  'admin.campaigns.links': 'campaigns.read',
  'admin.campaigns.providers': 'campaigns.read',
  'admin.campaigns.engagement': 'campaigns.read',
  'admin.campaigns.failureReasons': 'campaigns.read',
  'admin.campaigns.opens': 'campaigns.read',
  'admin.campaigns.abTest': 'campaigns.read',
  'admin.campaigns.nonOpenersCount': 'campaigns.read',
  'admin.campaigns.preview': 'campaigns.read',
  'admin.campaigns.copyForNonOpeners': 'campaigns.write',
  'admin.campaigns.saveDraft': 'campaigns.write',
  'admin.campaigns.sendTest': 'campaigns.write',
  'admin.campaigns.duplicate': 'campaigns.write',
  'admin.campaigns.delete': 'campaigns.write',
  'admin.campaigns.sendNow': 'campaigns.send',
  'admin.campaigns.schedule': 'campaigns.send',
  'admin.campaigns.pause': 'campaigns.send',
  'admin.campaigns.resume': 'campaigns.send',
  'admin.campaigns.retryFailed': 'campaigns.send',
  'admin.campaigns.cancel': 'campaigns.send',
  'admin.enquiries.list': 'enquiries.read',
  'admin.enquiries.awaitingReply': 'enquiries.read',
  'admin.enquiries.filterOptions': 'enquiries.read',
  'admin.enquiries.live': 'enquiries.read',
  'admin.enquiries.get': 'enquiries.read',
  'admin.enquiries.replyTemplates': 'enquiries.read',
  'admin.enquiries.replyPreview': 'enquiries.read',
  'admin.enquiries.setStatus': 'enquiries.write',
  'admin.enquiries.assign': 'enquiries.write',
  'admin.enquiries.addNote': 'enquiries.write',
  'admin.enquiries.recordOffer': 'enquiries.write',
  'admin.enquiries.reply': 'enquiries.write',
  'admin.templates.layoutShell': [
    'templates.read',
    'replyTemplates.write',
    'campaigns.read',
    'enquiries.read',
  ],
  'admin.register.settings': 'enquiries.read',
  'admin.register.saveSettings': 'settings.write',
  'admin.register.forEnquiry': 'enquiries.read',
  'admin.register.setSerial': 'enquiries.write',
  'admin.register.revealIdentity': 'register.identity',
  'admin.register.held': 'enquiries.read',
  'admin.register.release': 'enquiries.write',
  'admin.register.recordCheck': 'enquiries.write',
  'admin.register.recordNotice': 'enquiries.write',
  'admin.register.liftNotice': 'enquiries.write',
  'admin.register.list': 'enquiries.read',
  'admin.register.compliance': 'enquiries.read',
  'admin.register.entryCompliance': 'enquiries.read',
  'admin.register.completeDeadline': 'enquiries.write',
  'admin.register.noteSuspiciousMatter': 'enquiries.write',
  'admin.appointments.settings': 'settings.read',
  'admin.appointments.saveSettings': 'settings.write',
  'admin.appointments.forEnquiry': 'enquiries.read',
  'admin.appointments.today': 'enquiries.read',
  'admin.appointments.markKitDispatched': 'enquiries.write',
  'admin.appointments.markOutcome': 'enquiries.write',
  'admin.enquiries.markRead': 'enquiries.read',
  'admin.unmatchedMail.list': 'enquiries.read',
  'admin.unmatchedMail.count': 'enquiries.read',
  'admin.unmatchedMail.file': 'enquiries.write',
  'admin.unmatchedMail.dismiss': 'enquiries.write',
  'admin.enquiries.sellerLink': 'enquiries.read',
  'admin.enquiries.revokeSellerLink': 'enquiries.write',
  'admin.enquiries.revealSellerLink': 'enquiries.write',
  'admin.enquiries.sellerPreview': 'enquiries.read',
  'admin.templates.list': TEMPLATE_READERS,
  'admin.templates.get': TEMPLATE_READERS,
  'admin.templates.plainText': TEMPLATE_READERS,
  'admin.templates.create': TEMPLATE_WRITERS,
  'admin.templates.update': TEMPLATE_WRITERS,
  'admin.templates.delete': TEMPLATE_WRITERS,
  'admin.templates.duplicate': TEMPLATE_WRITERS,
  'admin.templates.sendTest': TEMPLATE_WRITERS,
  'admin.templates.createFromBlocks': TEMPLATE_WRITERS,
  'admin.templates.updateFromBlocks': TEMPLATE_WRITERS,
  'admin.templates.previewBlocks': TEMPLATE_READERS,
  'admin.dashboard.stats': 'dashboard.read',
  'admin.dashboard.recentActivity': 'dashboard.read',
  'admin.dashboard.dailyActivity': 'dashboard.read',
  'admin.dashboard.complaintRate': 'dashboard.read',
  'admin.dashboard.providers': 'dashboard.read',
  'admin.contacts.list': 'contacts.read',
  'admin.contacts.stats': 'contacts.read',
  'admin.contacts.get': 'contacts.read',
  'admin.contacts.update': 'contacts.write',
  'admin.segments.list': 'segments.read',
  'admin.segments.get': 'segments.read',
  'admin.segments.preview': 'segments.read',
  'admin.segments.save': 'segments.write',
  'admin.segments.delete': 'segments.write',
  'admin.automations.list': 'automations.read',
  'admin.automations.get': 'automations.read',
  'admin.automations.entryEstimate': 'automations.read',
  'admin.automations.testRun': 'automations.read',
  'admin.automations.insight': 'automations.read',
  'admin.automations.contactFlows': 'automations.read',
  'admin.automations.create': 'automations.write',
  'admin.automations.save': 'automations.write',
  'admin.automations.setState': 'automations.write',
  'admin.automations.delete': 'automations.write',
  'admin.contacts.create': 'contacts.write',
  'admin.contacts.updateDetails': 'contacts.write',
  'admin.contacts.erase': 'contacts.write',
  'admin.contactImports.get': 'contacts.import',
  'admin.contactImports.dryRun': 'contacts.import',
  'admin.contactImports.start': 'contacts.import',
  'admin.contactImports.cancel': 'contacts.import',
  'admin.suppressions.list': 'contacts.read',
  'admin.suppressions.add': 'contacts.write',
  'admin.suppressions.remove': 'contacts.write',
  'admin.unsubscribe.list': 'unsubscribe.read',
  'admin.unsubscribe.stats': 'unsubscribe.read',
  'admin.settings.get': 'settings.read',
  'admin.settings.update': 'settings.write',
  'admin.domainHealth.get': 'settings.read',
  'admin.domainHealth.checkNow': 'settings.write',
  'admin.audit.list': 'audit.read',
  'admin.team.list': 'team.manage',
  'admin.team.formerMembers': 'team.manage',
  'admin.team.changeRole': 'team.manage',
  'admin.team.remove': 'team.manage',
  'admin.team.endSessions': 'team.manage',
  'admin.team.invitations': 'team.manage',
  'admin.team.invite': 'team.manage',
  'admin.team.resendInvitation': 'team.manage',
  'admin.team.revokeInvitation': 'team.manage',
  'admin.team.resetTwoFactor': 'team.manage',
  'admin.team.twoFactorPolicy': 'team.manage',
  'admin.team.setTwoFactorPolicy': 'team.manage',
  'admin.team.accessRequests': 'team.manage',
  'admin.team.approveAccessRequest': 'team.manage',
  'admin.team.dismissAccessRequest': 'team.manage',
  'admin.insight.campaignAttribution': 'campaigns.read',
  'admin.insight.flowAttribution': 'campaigns.read',
  'admin.insight.funnel': 'insight.read',
  'admin.insight.desk': 'enquiries.read',
  'admin.insight.settings': 'settings.write',
  'admin.insight.updateSettings': 'settings.write',
  'admin.insight.weeklySummary': 'team.manage',
  'admin.insight.setWeeklySummary': 'team.manage',
};
