import { describe, expect, it } from 'vitest';
import { requestLogLevel, resolveLogFormat } from './logging.ts';

describe('log format', () => {
  it('is readable in a terminal and JSON otherwise, unless asked', () => {
    const installed = { prettyInstalled: true };
    expect(resolveLogFormat('auto', { ...installed, isTTY: true })).toBe('pretty');
    expect(resolveLogFormat('auto', { ...installed, isTTY: false })).toBe('json');
    expect(resolveLogFormat('json', { ...installed, isTTY: true })).toBe('json');
    expect(resolveLogFormat('pretty', { ...installed, isTTY: false })).toBe('pretty');
  });

  it('falls back to JSON where pino-pretty is not installed (a production image)', () => {
    expect(resolveLogFormat('pretty', { prettyInstalled: false, isTTY: true })).toBe('json');
  });
});

describe('request log level', () => {
  it('logs API calls and failures at info or above, files and probes at debug', () => {
    expect(requestLogLevel('/trpc/lead.submit', 200)).toBe('info');
    expect(requestLogLevel('/api/uploads', 413)).toBe('info');
    expect(requestLogLevel('/assets/index-abc.js', 200)).toBe('debug');
    expect(requestLogLevel('/sell', 200)).toBe('debug');
    expect(requestLogLevel('/healthz', 200)).toBe('debug');
    expect(requestLogLevel('/sell', 503)).toBe('error');
  });
});
