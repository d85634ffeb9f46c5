import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
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
// its parser after adminProcedure's checks, so an empty input still reaches the access check.
describe('every admin.* procedure', () => {
  const t = useTestDatabase();
  const adminPaths = Object.keys(appRouter._def.procedures).filter((path) => path.startsWith('admin.'));
  const member = { id: '00000000-0000-4000-8000-0000000000aa', email: 'member@example.com', isAdmin: false };

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
});
