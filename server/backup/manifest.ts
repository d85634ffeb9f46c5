import { BACKUP_FORMAT } from '#shared/backup/schemas.ts';
import { purposeMac } from '../security/mac.ts';
import { registerKeyFrom } from '../register/entry.ts';

// The manifest opens every backup (decision 085): what made it, which migration and pg-boss schema
// its data fits, the tables and sequences it holds, and fingerprints of the two secrets its data
// needs. A fingerprint is an HMAC of a fixed label, so the file never carries a secret, yet a
// restore can tell the secret it is given is the one the data was written under.

const FINGERPRINT_LABEL = 'backup-fingerprint:v1';

export interface BackupSecrets {
  appSecret: string;
  registerKey?: string | undefined;
}

export interface Fingerprints {
  /** Signs every unsubscribe, consent and seller link already sent. */
  appSecret: string;
  /** The key id of the register key (REGISTER_KEY, or derived from APP_SECRET): decision 058. */
  registerKey: string;
}

export function fingerprintsOf(secrets: BackupSecrets): Fingerprints {
  return {
    appSecret: purposeMac(secrets.appSecret, FINGERPRINT_LABEL, []).toString('hex'),
    registerKey: registerKeyFrom(
      secrets.registerKey
        ? { appSecret: '', registerKey: secrets.registerKey }
        : { appSecret: secrets.appSecret },
    ).id,
  };
}

export { BACKUP_FORMAT };
