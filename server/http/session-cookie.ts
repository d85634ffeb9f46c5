import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/app-config.ts';

/**
 * `__Host-` when the site is served over HTTPS (whatever NODE_ENV says): the browser then insists on Secure, Path=/ and no Domain, so a
 * sibling sub-domain can never plant or read the admin session.
 */
export function sessionCookieName(config: Pick<AppConfig, 'appUrl'>): string {
  return config.appUrl.startsWith('https://') ? '__Host-session' : 'session';
}

function isSecure(config: Pick<AppConfig, 'appUrl'>): boolean {
  return config.appUrl.startsWith('https://');
}

export function readSessionCookie(req: FastifyRequest, config: Pick<AppConfig, 'appUrl'>): string | null {
  return req.cookies[sessionCookieName(config)] ?? null;
}

export function writeSessionCookie(
  res: FastifyReply,
  config: Pick<AppConfig, 'appUrl'>,
  token: string,
  expiresAt: Date,
): void {
  res.setCookie(sessionCookieName(config), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(config),
    path: '/',
    expires: expiresAt,
    maxAge: Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000)),
  });
}

export function clearSessionCookie(res: FastifyReply, config: Pick<AppConfig, 'appUrl'>): void {
  res.setCookie(sessionCookieName(config), '', {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(config),
    path: '/',
    maxAge: 0,
  });
}
