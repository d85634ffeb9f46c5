import { trimReferrer } from '#shared/leads/referrer.ts';
import {
  emptyUtm,
  type KeyValueStore,
  REFERRER_STORAGE_KEY,
  sessionStore,
  type Utm,
  UTM_KEYS,
  UTM_STORAGE_KEY,
} from './utm.ts';

/** The visit's attribution, all nulls when there is none. */
export function readUtm(store: KeyValueStore | null = sessionStore()): Utm {
  const utm = emptyUtm();
  let stored: unknown;
  try {
    stored = JSON.parse(store?.getItem(UTM_STORAGE_KEY) ?? 'null');
  } catch {
    return utm;
  }
  if (typeof stored !== 'object' || stored === null) return utm;
  for (const key of UTM_KEYS) {
    const value: unknown = (stored as Record<string, unknown>)[key];
    if (typeof value === 'string' && value) utm[key] = value;
  }
  return utm;
}

/** The visit's external referrer (decision 100), or null. */
export function readReferrer(store: KeyValueStore | null = sessionStore()): string | null {
  try {
    return trimReferrer(store?.getItem(REFERRER_STORAGE_KEY));
  } catch {
    return null;
  }
}
