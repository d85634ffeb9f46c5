import { TRPCClientError } from '@trpc/client';
import { EventSource } from 'eventsource';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CampaignLiveDetail } from '#shared/campaigns/schemas.ts';
import { createTrpcClient } from '#client/src/trpc.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { silentLogger, TEST_APP_URL, testServices } from '#test/support/services.ts';
import { type AppServer, createServer } from '../app.ts';
import { createSession, generateSessionToken, sessionIdFromToken } from '../auth/session.ts';
import type { Database } from '../db/database.ts';
import type { CampaignLiveHub } from '../services.ts';
import { createCampaignLiveHub } from './live-hub.ts';
import { notifyCampaignChanged } from '../db/campaign-changed.ts';

interface Instance {
  server: AppServer;
  hub: CampaignLiveHub;
  url: string;
}

async function startInstance(db: Database, databaseUrl: string, port = 0): Promise<Instance> {
  const hub = createCampaignLiveHub({ connectionString: databaseUrl, logger: silentLogger });
  await hub.ready();
  const server = await createServer({
    services: { ...testServices(db), live: hub },
    clientDir: null,
    logLevel: 'silent',
  });
  const url = await server.start(port, '127.0.0.1');
  return { server, hub, url };
}

/**
 * The browser app's tRPC client (client/src/trpc.ts: tRPC's httpSubscriptionLink and retryLink) over
 * real HTTP, its EventSource being the `eventsource` package's, carrying the session cookie as a
 * browser would.
 */
function clientFor(url: string, sessionToken: string | null) {
  const cookie: Record<string, string> = sessionToken ? { cookie: `session=${sessionToken}` } : {};
  class CookieEventSource extends EventSource {
    constructor(streamUrl: string | URL, init?: EventSourceInit) {
      super(streamUrl, {
        ...init,
        fetch: (input, requestInit) =>
          fetch(input, { ...requestInit, headers: { ...requestInit.headers, ...cookie } }),
      });
    }
  }
  return createTrpcClient({
    url: `${url}/trpc`,
    headers: { ...cookie, origin: TEST_APP_URL },
    EventSource: CookieEventSource,
  });
}

type Client = ReturnType<typeof clientFor>;

/** Records what one `admin.campaigns.watch` subscription receives. */
function watch(client: Client, id: string) {
  const pushes: CampaignLiveDetail[] = [];
  const states: string[] = [];
  let error: unknown = null;
  const subscription = client.admin.campaigns.watch.subscribe(
    { id },
    {
      onData: ({ data }) => pushes.push(data),
      onError: (err) => {
        error = err;
      },
      onConnectionStateChange: (state) => states.push(state.state),
    },
  );
  return {
    pushes,
    states,
    get error() {
      return error;
    },
    last: () => pushes.at(-1),
    unsubscribe: () => subscription.unsubscribe(),
  };
}

function codeOfClientError(error: unknown): string | null {
  return error instanceof TRPCClientError
    ? ((error.data as { code?: string } | undefined)?.code ?? null)
    : null;
}

describe('admin.campaigns.watch over SSE', () => {
  const t = useTestDatabase();
  let primary: Instance;
  let adminToken: string;
  let memberToken: string;
  let campaignId: string;

  async function sessionFor(email: string, admin: boolean): Promise<string> {
    const user = await t.db
      .insertInto('users')
      .values({ email, password_hash: 'not-used', email_verified_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (admin) await t.db.insertInto('user_roles').values({ user_id: user.id, role: 'owner' }).execute();
    const token = generateSessionToken();
    await createSession(t.db, token, user.id, { ip: null, userAgent: null });
    return token;
  }

  async function setSent(id: string, sent: number, extra: { delivered?: number } = {}) {
    await t.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('email_campaigns')
        .set({ sent_count: sent, delivered_count: extra.delivered ?? 0, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
      await notifyCampaignChanged(trx, id);
    });
  }

  async function insertCampaign(name: string) {
    const row = await t.db
      .insertInto('email_campaigns')
      .values({
        name,
        subject: 'Live subject',
        html_content: '<p>Large content the live feed leaves out.</p>',
        status: 'sending',
        total_recipients: 100,
        started_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  beforeAll(async () => {
    primary = await startInstance(t.db, t.url);
    adminToken = await sessionFor('live-admin@example.com', true);
    memberToken = await sessionFor('live-member@example.com', false);
    campaignId = await insertCampaign('Live campaign');
  });

  afterAll(async () => {
    await primary.server.stop();
    await primary.hub.close();
  });

  it('pushes the detail at once, then the new counters after a committed change', async () => {
    const feed = watch(clientFor(primary.url, adminToken), campaignId);
    try {
      await vi.waitFor(() => expect(feed.pushes).toHaveLength(1));
      expect(feed.last()).toMatchObject({
        id: campaignId,
        status: 'sending',
        sentCount: 0,
        totalRecipients: 100,
      });
      expect(feed.last()).not.toHaveProperty('htmlContent');
      expect(feed.last()).not.toHaveProperty('textContent');
      expect(primary.hub.subscriberCount()).toBe(1);

      await setSent(campaignId, 40, { delivered: 12 });
      await vi.waitFor(() => expect(feed.last()).toMatchObject({ sentCount: 40, deliveredCount: 12 }));
      expect(feed.states).toContain('pending');
      expect(feed.error).toBeNull();
    } finally {
      feed.unsubscribe();
    }
    // The client went away: the server's subscription ends and leaves nothing registered.
    await vi.waitFor(() => expect(primary.hub.subscriberCount()).toBe(0));
  });

  it('coalesces a burst of changes and ends on the latest state', async () => {
    const id = await insertCampaign('Burst campaign');
    const feed = watch(clientFor(primary.url, adminToken), id);
    try {
      await vi.waitFor(() => expect(feed.pushes).toHaveLength(1));
      for (let sent = 1; sent <= 50; sent += 1) await setSent(id, sent);
      await vi.waitFor(() => expect(feed.last()?.sentCount).toBe(50));
      // One push per commit would be 50 more; the watch sends a few at most per interval.
      expect(feed.pushes.length).toBeLessThan(25);
    } finally {
      feed.unsubscribe();
    }
    await vi.waitFor(() => expect(primary.hub.subscriberCount()).toBe(0));
  });

  it('refuses anonymous visitors (UNAUTHORIZED) and non-admins (FORBIDDEN) without subscribing', async () => {
    const anonymous = watch(clientFor(primary.url, null), campaignId);
    const member = watch(clientFor(primary.url, memberToken), campaignId);
    try {
      await vi.waitFor(() => {
        expect(codeOfClientError(anonymous.error)).toBe('UNAUTHORIZED');
        expect(codeOfClientError(member.error)).toBe('FORBIDDEN');
      });
      expect(anonymous.pushes).toEqual([]);
      expect(member.pushes).toEqual([]);
      expect(primary.hub.subscriberCount()).toBe(0);
    } finally {
      anonymous.unsubscribe();
      member.unsubscribe();
    }
  });

  it('stops an open stream once its session is gone: no update reaches a signed-out admin', async () => {
    // Decision 008: the session was once checked only when the stream opened.
    const id = await insertCampaign('Sign-out campaign');
    const token = await sessionFor('live-leaver@example.com', true);
    const feed = watch(clientFor(primary.url, token), id);
    try {
      await vi.waitFor(() => expect(feed.pushes).toHaveLength(1));
      await t.db.deleteFrom('sessions').where('id', '=', sessionIdFromToken(token)).execute();
      await setSent(id, 77);
      await vi.waitFor(() => expect(codeOfClientError(feed.error)).toBe('UNAUTHORIZED'));
      expect(feed.pushes.map((push) => push.sentCount)).toEqual([0]);
      await vi.waitFor(() => expect(primary.hub.subscriberCount()).toBe(0));
    } finally {
      feed.unsubscribe();
    }
  });

  it('answers NOT_FOUND for a missing campaign and keeps no subscription', async () => {
    const feed = watch(clientFor(primary.url, adminToken), '00000000-0000-4000-8000-000000000000');
    try {
      await vi.waitFor(() => expect(codeOfClientError(feed.error)).toBe('NOT_FOUND'));
      expect(feed.pushes).toEqual([]);
    } finally {
      feed.unsubscribe();
    }
    await vi.waitFor(() => expect(primary.hub.subscriberCount()).toBe(0));
  });

  it('delivers a change made through another server instance (LISTEN/NOTIFY across processes)', async () => {
    const other = await startInstance(t.db, t.url);
    const id = await insertCampaign('Two instances');
    const feed = watch(clientFor(other.url, adminToken), id);
    try {
      await vi.waitFor(() => expect(feed.pushes).toHaveLength(1));
      // Pause through the first instance's API; the feed is served by the second.
      const paused = await clientFor(primary.url, adminToken).admin.campaigns.pause.mutate({ id });
      expect(paused.status).toBe('paused');
      await vi.waitFor(() => expect(feed.last()).toMatchObject({ status: 'paused', isPaused: true }));
    } finally {
      feed.unsubscribe();
      await vi.waitFor(() => expect(other.hub.subscriberCount()).toBe(0));
      await other.server.stop();
      await other.hub.close();
    }
  });

  it('stopping the server cuts open streams (no hang); the client reconnects to its successor', async () => {
    const doomed = await startInstance(t.db, t.url);
    const feed = watch(clientFor(doomed.url, adminToken), campaignId);
    let successor: Instance | null = null;
    try {
      await vi.waitFor(() => expect(feed.pushes).toHaveLength(1));
      expect(doomed.hub.subscriberCount()).toBe(1);
      await doomed.server.stop();
      // The cut aborts the subscription's signal; its generator then ends and unsubscribes.
      await vi.waitFor(() => expect(doomed.hub.subscriberCount()).toBe(0));
      await doomed.hub.close();
      // The client does not give up: it is reconnecting, and the page polls meanwhile.
      await vi.waitFor(() => expect(feed.states.at(-1)).toBe('connecting'));
      expect(feed.error).toBeNull();

      // A new process on the same address (a restart): the feed resumes with the current state.
      await setSent(campaignId, 77);
      successor = await startInstance(t.db, t.url, Number(new URL(doomed.url).port));
      await vi.waitFor(() => expect(feed.last()?.sentCount).toBe(77), { timeout: 15_000 });
      expect(feed.states.at(-1)).toBe('pending');
      expect(successor.hub.subscriberCount()).toBe(1);
    } finally {
      feed.unsubscribe();
      if (successor) {
        await vi.waitFor(() => expect(successor?.hub.subscriberCount()).toBe(0));
        await successor.server.stop();
        await successor.hub.close();
      }
    }
  });
});
