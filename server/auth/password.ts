import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline: m = 19 MiB, t = 2, p = 1.
export const ARGON2_OPTIONS = {
  algorithm: 2, // Algorithm.Argon2id; the const enum cannot be imported under erasableSyntaxOnly
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
  outputLen: 32,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
