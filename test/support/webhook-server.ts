import { afterAll, beforeAll } from 'vitest';
import { type AppServer, createServer } from '../../server/app.ts';
import type { SessionUser } from '../../server/auth/session.ts';
import type { Database } from '../../server/db/database.ts';
import { newWebhookSecret, postSignedEvent } from './resend-webhooks.ts';
import { callerFor, testServices } from './services.ts';

/**
 * A server with a webhook secret for the file's tests, an Owner to call admin procedures as, and
 * `deliver` posting one signed event through the real route (the campaign insight tests).
 */
export function useWebhookServer(database: { readonly db: Database }) {
  const secret = newWebhookSecret();
  let server: AppServer | null = null;
  let owner: SessionUser | null = null;
  beforeAll(async () => {
    server = await createServer({
      services: testServices(database.db, { config: { resendWebhookSecret: secret } }),
      clientDir: null,
      logLevel: 'silent',
    });
    const user = await database.db
      .insertInto('users')
      .values({ email: `insight-owner-${secret.slice(-8)}@example.com`, password_hash: 'not-used' })
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();
    owner = { id: user.id, email: user.email, role: 'owner' };
  });
  afterAll(async () => {
    await server?.stop();
  });
  return {
    deliver(event: object): Promise<void> {
      if (!server) throw new Error('the server starts in beforeAll');
      return postSignedEvent(server.app, secret, event);
    },
    /** The admin API as the file's Owner; `webhookSecret: false` as on a server without one. */
    admin({ webhookSecret = true }: { webhookSecret?: boolean } = {}) {
      if (!owner) throw new Error('the owner is created in beforeAll');
      const config = { resendWebhookSecret: webhookSecret ? secret : null };
      return callerFor(testServices(database.db, { config }), owner).admin;
    },
  };
}
