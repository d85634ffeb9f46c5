import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { KNOWN_DEVICE_MAX_AGE_SECONDS } from './login-throttle.ts';
import type { AppConfig } from '../config/app-config.ts';

/** Marks a browser where an admin signed in before (see server/auth/login-throttle.ts). */
export function knownDeviceCookieName(config: Pick<AppConfig, 'appUrl'>): string {
  return config.appUrl.startsWith('https://') ? '__Host-known-device' : 'known-device';
}

export function readKnownDeviceCookie(req: FastifyRequest, config: Pick<AppConfig, 'appUrl'>): string | null {
  return req.cookies[knownDeviceCookieName(config)] ?? null;
}

export function writeKnownDeviceCookie(
  res: FastifyReply,
  config: Pick<AppConfig, 'appUrl'>,
  token: string,
): void {
  res.setCookie(knownDeviceCookieName(config), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.appUrl.startsWith('https://'),
    path: '/',
    maxAge: KNOWN_DEVICE_MAX_AGE_SECONDS,
  });
}
