import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import type { AppConfig } from '../config/app-config.ts';
import { decodeRegisterKey } from '../config/env.ts';

// Identity numbers in the dealer's register are encrypted at rest (decision 058): AES-256-GCM,
// a fresh 12-byte IV per value, the 16-byte tag stored beside it, and the record's id as
// additional data so a ciphertext copied onto another record does not decrypt. The key is
// REGISTER_KEY, or one derived from APP_SECRET with HKDF (SHA-256, label "register"), so it
// never equals the signing secret. Each value names its key by a short fingerprint (key id), so a
// rotated key can be told from the one a row was written with. Identity copies are sealed the
// same way, bytes rather than text (decision 069).

export interface RegisterKey {
  key: Buffer;
  id: string;
}

export function registerKeyFrom(config: Pick<AppConfig, 'appSecret' | 'registerKey'>): RegisterKey {
  const configured = config.registerKey ? decodeRegisterKey(config.registerKey) : null;
  const key =
    configured ?? Buffer.from(hkdfSync('sha256', config.appSecret, 'watch-platform', 'register', 32));
  return { key, id: createHash('sha256').update(key).digest('hex').slice(0, 16) };
}

export interface SealedValue {
  ciphertext: Buffer;
  iv: Buffer;
  tag: Buffer;
  keyId: string;
}

export function seal(key: RegisterKey, plaintext: string, recordId: string): SealedValue {
  return sealBytes(key, Buffer.from(plaintext, 'utf8'), recordId);
}

/** The same for a file: an identity copy's bytes, its row's id as additional data (decision 069). */
export function sealBytes(key: RegisterKey, plaintext: Buffer, recordId: string): SealedValue {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key.key, iv);
  cipher.setAAD(Buffer.from(recordId, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { ciphertext, iv, tag: cipher.getAuthTag(), keyId: key.id };
}

export class RegisterKeyError extends Error {}

/** Decrypts a sealed value; a wrong key (or a tampered row) throws RegisterKeyError. */
export function open(key: RegisterKey, sealed: SealedValue, recordId: string): string {
  return openBytes(key, sealed, recordId).toString('utf8');
}

export function openBytes(key: RegisterKey, sealed: SealedValue, recordId: string): Buffer {
  if (sealed.keyId !== key.id)
    throw new RegisterKeyError('The register entry was encrypted with another key (REGISTER_KEY changed).');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, sealed.iv);
    decipher.setAAD(Buffer.from(recordId, 'utf8'));
    decipher.setAuthTag(sealed.tag);
    return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]);
  } catch (error) {
    throw new RegisterKeyError('The register entry could not be decrypted with this key.', { cause: error });
  }
}
