import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '#shared/audit/actions.ts';
import { appRouter } from '../trpc/router.ts';

// Every admin mutation is audited under its procedure path (decision 028); the log reads each row
// as a sentence from a table keyed by action (shared/audit/sentences.ts), so a new mutation fails
// here until it is listed in AUDIT_ACTIONS, and then the sentence table's own test until described.
describe('the audit actions', () => {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
  const adminMutations = Object.entries(procedures)
    .filter(([path, procedure]) => path.startsWith('admin.') && procedure._def.type === 'mutation')
    .map(([path]) => path);

  it('list every admin mutation', () => {
    expect(adminMutations.length).toBeGreaterThanOrEqual(40);
    const listed: readonly string[] = AUDIT_ACTIONS;
    expect(adminMutations.filter((path) => !listed.includes(path))).toEqual([]);
  });

  it('list each action once', () => {
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
  });
});
