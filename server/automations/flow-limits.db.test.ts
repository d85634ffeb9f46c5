import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLOW_MESSAGES } from '#shared/automations/flows.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { TEST_APP_URL, testServices } from '#test/support/services.ts';
import { type AppServer, createServer } from '../app.ts';
import { createSession, generateSessionToken } from '../auth/session.ts';
import { createUser, grantAdmin } from '../auth/users.ts';

// A flow nested 2,000 deep overflowed the stack while its input was parsed, and the 400 carried
// "Maximum call stack size exceeded" (decision 068).

const OVERFLOW = /call stack|RangeError|Maximum/i;

function flow(steps: unknown[]) {
  return {
    name: 'Deep',
    description: '',
    trigger: { type: 'consent_confirmed' },
    reentry: 'once',
    respectQuietHours: true,
    steps,
  };
}

/** `depth` branches, each the only step of the one above's `then`. */
function nested(depth: number): unknown[] {
  let steps: unknown[] = [{ id: 'leave', type: 'exit' }];
  for (let i = 0; i < depth; i += 1)
    steps = [
      { id: `b${i}`, type: 'branch', condition: { type: 'opened_previous' }, then: steps, otherwise: [] },
    ];
  return steps;
}

describe('flow documents past their limits (decision 068)', () => {
  const t = useTestDatabase();
  let server: AppServer;
  let cookie = '';

  beforeAll(async () => {
    server = await createServer({ services: testServices(t.db), clientDir: null, logLevel: 'silent' });
    const user = await createUser(t.db, { email: 'flows-deep@example.com', password: 'x-password-1' });
    await grantAdmin(t.db, user.email, 'marketer');
    const token = generateSessionToken();
    await createSession(t.db, token, user.id, { ip: null, userAgent: null });
    cookie = `session=${token}`;
  });
  afterAll(async () => {
    await server.stop();
  });

  const post = (path: string, payload: string) =>
    server.app.inject({
      method: 'POST',
      url: `/trpc/${path}`,
      headers: { 'content-type': 'application/json', cookie, origin: TEST_APP_URL, 'x-csrf-protection': '1' },
      payload,
    });
  const errorOf = (body: string) =>
    (JSON.parse(body) as { error: { message: string; data: { fieldErrors: unknown } } }).error;

  it('answers a flow nested 2,000 deep with a 400 and the flow editor’s message', async () => {
    const res = await post('admin.automations.create', JSON.stringify(flow(nested(2000))));
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(OVERFLOW);
    const error = errorOf(res.body);
    expect(error.message).toContain('Branches nest at most 3 deep');
    expect(error.data.fieldErrors).toEqual({ steps: ['Branches nest at most 3 deep'] });
    const flows = await t.db.selectFrom('automation_flows').select('id').execute();
    expect(flows).toEqual([]);
  });

  it('refuses 600 steps side by side with the steps message', async () => {
    const wide = Array.from({ length: 600 }, (_, i) => ({ id: `s${i}`, type: 'exit' }));
    const res = await post('admin.automations.create', JSON.stringify(flow(wide)));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res.body).message).toContain(FLOW_MESSAGES.tooManySteps);
    expect(FLOW_MESSAGES.tooManySteps).toBe('A flow has at most 50 steps');
  });

  it('still names the step of a tree just past the limit, as the editor shows it', async () => {
    const res = await post('admin.automations.create', JSON.stringify(flow(nested(5))));
    expect(res.statusCode).toBe(400);
    const error = errorOf(res.body);
    expect(error.message).toContain('Branches nest at most 3 deep');
    // flowProblems' message at the step, not the whole tree refused.
    expect(error.message).toMatch(/"path":\s*\[\s*"steps",\s*0,\s*"then",\s*0,\s*"then",\s*0,\s*"then",\s*0/);
  });

  it('answers nesting 5,000 deep under another key with a 400 and no runtime text', async () => {
    // Written as text: JSON.stringify itself would overflow on it.
    const condition = `${'{"type":"opened_previous","inner":'.repeat(5000)}{}${'}'.repeat(5000)}`;
    const step = `{"id":"b","type":"branch","condition":${condition},"then":[],"otherwise":[]}`;
    const payload = JSON.stringify(flow([])).replace('"steps":[]', `"steps":[${step}]`);
    const res = await post('admin.automations.create', payload);
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(OVERFLOW);
  });

  it('answers a body that is not JSON without the parser’s text', async () => {
    const res = await post('admin.automations.create', '{"name": ');
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(/Unexpected|JSON|position/i);
  });
});
