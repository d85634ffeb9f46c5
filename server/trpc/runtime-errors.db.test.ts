import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { testServices } from '#test/support/services.ts';
import { internalErrorMessage } from '../http/errors.ts';
import type { Context } from './context.ts';
import { publicProcedure, router, UNREADABLE_REQUEST_MESSAGE } from './trpc.ts';

// The generic error path (decision 015, amended by 068): whatever a procedure or its input parser
// throws, the answer never carries a runtime error's text.

const RUNTIME_TEXT = /call stack|Cannot read properties|Unexpected token|is not valid JSON|JSON|reading 'x'/i;

const probes = router({
  overflowingInput: publicProcedure
    .input(
      z.unknown().transform(() => {
        throw new RangeError('Maximum call stack size exceeded');
      }),
    )
    .mutation(() => 'unreachable'),
  brokenResolver: publicProcedure.mutation(() => {
    const missing = JSON.parse('null') as { x: { y: number } };
    return missing.x.y;
  }),
  refusedInput: publicProcedure
    .input(z.object({ name: z.string().min(3, 'Enter a name') }))
    .mutation(() => 'ok'),
  echo: publicProcedure.input(z.object({ name: z.string() })).mutation(({ input }) => input.name),
});

describe('the answer to an unexpected error (decision 068)', () => {
  const t = useTestDatabase();

  async function call(path: string, body: string) {
    const context: Context = {
      ...testServices(t.db),
      request: { ip: '127.0.0.1', userAgent: 'vitest' },
      session: null,
      user: null,
      http: null,
    };
    const response = await fetchRequestHandler({
      endpoint: '/trpc',
      router: probes,
      req: new Request(`http://localhost/trpc/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      }),
      createContext: () => context,
    });
    const text = await response.text();
    const { error } = JSON.parse(text) as { error?: { message: string; data: { code: string } } };
    return { status: response.status, text, error };
  }

  it('answers a runtime error thrown while reading the input with a 400 and a plain sentence', async () => {
    const res = await call('overflowingInput', '{"a":1}');
    expect(res.status).toBe(400);
    expect(res.error?.message).toBe('The request could not be read. Check what was sent and try again.');
    expect(UNREADABLE_REQUEST_MESSAGE).toBe(res.error?.message);
    expect(res.text).not.toMatch(RUNTIME_TEXT);
  });

  it('answers a TypeError in a procedure with the generic 500 sentence', async () => {
    const res = await call('brokenResolver', '');
    expect(res.status).toBe(500);
    expect(res.error?.message).toBe('Something went wrong on our side. Please try again.');
    expect(internalErrorMessage(null)).toBe(res.error?.message);
    expect(res.text).not.toMatch(RUNTIME_TEXT);
  });

  it('answers a body that is not JSON without the parser’s text', async () => {
    const res = await call('echo', '{"name": ');
    expect(res.status).toBe(400);
    expect(res.text).not.toMatch(RUNTIME_TEXT);
  });

  it('keeps the schema’s own messages and a good call’s answer', async () => {
    const refused = await call('refusedInput', '{"name":"x"}');
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toContain('Enter a name');
    const ok = await call('echo', '{"name":"Ada"}');
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.text)).toEqual({ result: { data: 'Ada' } });
  });
});
