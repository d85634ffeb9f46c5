import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino, { type Level, type Logger } from 'pino';

// How the processes log: JSON lines for machines (a container's log driver, a
// pipe), readable lines in a terminal, and one line per API call rather than one per file served.

export type LogFormat = 'auto' | 'json' | 'pretty';

/** pino-pretty is a devDependency: a production image without it logs JSON whatever is asked. */
function prettyAvailable(): boolean {
  try {
    import.meta.resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

export function resolveLogFormat(
  format: LogFormat,
  { isTTY, prettyInstalled }: { isTTY: boolean; prettyInstalled: boolean },
): 'json' | 'pretty' {
  if (!prettyInstalled) return 'json';
  if (format === 'auto') return isTTY ? 'pretty' : 'json';
  return format;
}

export function createLogger(options: { level: string; name: string; format: LogFormat }): Logger {
  const format = resolveLogFormat(options.format, {
    isTTY: process.stdout.isTTY === true,
    prettyInstalled: prettyAvailable(),
  });
  if (format === 'json') return pino({ level: options.level, name: options.name });
  return pino({
    level: options.level,
    name: options.name,
    transport: {
      target: 'pino-pretty',
      options: { colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
    },
  });
}

/**
 * The level a finished request is logged at: API calls and failures are worth a line each; pages,
 * scripts, images and health probes (dozens per visit) only when debugging.
 */
export function requestLogLevel(url: string, statusCode: number): Level {
  if (statusCode >= 500) return 'error';
  if (url.startsWith('/trpc') || url.startsWith('/api/')) return 'info';
  return 'debug';
}

/**
 * Fastify's own request lines, replaced through its LogController: nothing when a request arrives,
 * one line when it completes at the level above (Fastify's default is two info lines per request).
 * Errors keep Fastify's own handling.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    // A disabled level is a no-op in pino, so debug lines cost nothing at info.
    else request.log[requestLogLevel(request.url, reply.statusCode)](line, 'request completed');
  }
}
