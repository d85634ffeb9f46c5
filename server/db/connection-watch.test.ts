import { afterEach, describe, expect, it, vi } from 'vitest';
import { createConnectionWatch, isConnectionError } from './connection-watch.ts';

function recordingLogger() {
  const lines: Array<{ level: 'warn' | 'info'; msg: string; obj: object }> = [];
  return {
    lines,
    warn: (obj: object, msg: string) => lines.push({ level: 'warn', msg, obj }),
    info: (obj: object, msg: string) => lines.push({ level: 'info', msg, obj }),
  };
}

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('isConnectionError', () => {
  it.each([
    ['a refused socket', refused],
    [
      'an administrator shutdown (57P01)',
      Object.assign(new Error('terminating connection'), { code: '57P01' }),
    ],
    [
      'a server starting up (57P03)',
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    ],
    ['pg dropping the socket', new Error('Connection terminated unexpectedly')],
    ['a pool timeout', new Error('timeout exceeded when trying to connect')],
    [
      "pg-boss's plain-object copy",
      { message: 'connect ECONNREFUSED 127.0.0.1:54329 (Queue: email.send, Worker: 1)', queue: 'email.send' },
    ],
    ['a wrapped cause', new Error('job failed', { cause: refused })],
  ])('takes %s as a lost connection', (_label, error) => {
    expect(isConnectionError(error)).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key value'), { code: '23505' })],
    ['a syntax error', Object.assign(new Error('syntax error at or near "SELEC"'), { code: '42601' })],
    ['a plain failure', new Error('Provider answered 500')],
    ['a string', 'ECONNREFUSED'],
    ['null', null],
  ])('leaves %s to the caller', (_label, error) => {
    expect(isConnectionError(error)).toBe(false);
  });
});

describe('createConnectionWatch', () => {
  afterEach(() => vi.useRealTimers());

  it('turns an outage of 2,000 errors into one warning and one "restored" line', async () => {
    vi.useFakeTimers();
    const logger = recordingLogger();
    let databaseUp = false;
    const probe = vi.fn(() => (databaseUp ? Promise.resolve() : Promise.reject(refused)));
    const watch = createConnectionWatch({
      logger,
      probe,
      delays: { initialMs: 500, maxMs: 5_000 },
      now: () => Date.now(),
    });
    for (let i = 0; i < 2_000; i += 1) {
      expect(watch.report(refused, 'pg-boss')).toBe(true);
      if (i % 100 === 0) await vi.advanceTimersByTimeAsync(1_500); // 20 × 1.5 s = a 30 s outage
    }
    expect(watch.down).toBe(true);
    databaseUp = true;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(watch.down).toBe(false);
    expect(logger.lines.map((line) => [line.level, line.msg])).toEqual([
      ['warn', 'database connection lost; retrying quietly until it returns'],
      ['info', 'database connection restored; errors while it was down were counted, not logged'],
    ]);
    expect(logger.lines[1]?.obj).toMatchObject({ suppressed: 1_999 });
    // Probes back off: 0.5, 1, 2, 4 s, then every 5 s; 30 s of outage takes about 10, not 60.
    expect(probe.mock.calls.length).toBeGreaterThanOrEqual(6);
    expect(probe.mock.calls.length).toBeLessThanOrEqual(12);
    watch.close();
  });

  it('reminds once every reminder period of a long outage', async () => {
    vi.useFakeTimers();
    const logger = recordingLogger();
    const watch = createConnectionWatch({
      logger,
      probe: () => Promise.reject(refused),
      delays: { initialMs: 500, maxMs: 5_000 },
      reminderMs: 60_000,
    });
    watch.report(refused, 'pool');
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    const reminders = logger.lines.filter((line) => line.msg.startsWith('database still unreachable'));
    // One a minute after the first warning, give or take the probe that notices it.
    expect(reminders.length).toBeGreaterThanOrEqual(9);
    expect(reminders.length).toBeLessThanOrEqual(10);
    watch.close();
  });

  it('hands any other error back to the caller and logs nothing itself', () => {
    const logger = recordingLogger();
    const watch = createConnectionWatch({ logger, probe: () => Promise.resolve() });
    expect(watch.report(new Error('Provider answered 500'), 'job email.send')).toBe(false);
    expect(logger.lines).toEqual([]);
    expect(watch.down).toBe(false);
    watch.close();
  });

  it('reports a second outage as its own', async () => {
    vi.useFakeTimers();
    const logger = recordingLogger();
    const watch = createConnectionWatch({ logger, probe: () => Promise.resolve() });
    watch.report(refused, 'pg-boss');
    await vi.advanceTimersByTimeAsync(1_000);
    watch.report(refused, 'pg-boss');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(logger.lines.map((line) => line.level)).toEqual(['warn', 'info', 'warn', 'info']);
    watch.close();
  });
});
