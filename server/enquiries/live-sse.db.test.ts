import { TRPCClientError } from '@trpc/client';
import { EventSource } from 'eventsource';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EnquiryLiveEvent } from '#shared/enquiries/live.ts';
import { createTrpcClient } from '#client/src/trpc.ts';
import { useTestDatabase } from '#test/support/db.ts';
import {
  recordingJobQueue,
  silentLogger,
  TEST_APP_URL,
  testConfig,
  testServices,
} from '#test/support/services.ts';
import { type AppServer, createServer } from '../app.ts';
import { createSession, generateSessionToken, sessionIdFromToken } from '../auth/session.ts';
import type { Role } from '#shared/auth/permissions.ts';
import type { EnquiryLiveHub } from '../services.ts';
import { createEnquiryLiveHub } from './live.ts';
import { answerOffer } from '../seller-page/offer-answer.ts';

// Decision 063: admin.enquiries.live streams `{ kind, enquiryId }` over SSE once a change commits,
// to members whose role grants enquiries.read, through the browser app's own tRPC client.

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

function listen(client: ReturnType<typeof clientFor>) {
  const events: EnquiryLiveEvent[] = [];
  const states: string[] = [];
  let error: unknown = null;
  const subscription = client.admin.enquiries.live.subscribe(undefined, {
    onData: ({ data }) => events.push(data),
    onError: (err) => {
      error = err;
    },
    onConnectionStateChange: (state) => states.push(state.state),
  });
  return {
    events,
    states,
    get error() {
      return error;
    },
    unsubscribe: () => subscription.unsubscribe(),
  };
}

function codeOf(error: unknown): string | null {
  return error instanceof TRPCClientError
    ? ((error.data as { code?: string } | undefined)?.code ?? null)
    : null;
}

describe('admin.enquiries.live over SSE', () => {
  const t = useTestDatabase();
  let server: AppServer;
  let hub: EnquiryLiveHub;
  let url: string;

  async function sessionFor(email: string, role: Role | null): Promise<string> {
    const user = await t.db
      .insertInto('users')
      .values({ email, password_hash: 'not-used', email_verified_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (role) await t.db.insertInto('user_roles').values({ user_id: user.id, role }).execute();
    const token = generateSessionToken();
    await createSession(t.db, token, user.id, { ip: null, userAgent: null });
    return token;
  }

  async function enquiryWithOffer(email: string): Promise<{ enquiryId: string; offerId: string }> {
    const lead = await t.db
      .insertInto('leads')
      .values({ email, full_name: 'Olivia Brown' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const enquiry = await t.db
      .insertInto('enquiries')
      .values({
        lead_id: lead.id,
        watch_brand: 'Rolex',
        watch_model: 'Datejust',
        watch_condition: 'Excellent',
        status: 'offer_made',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const offer = await t.db
      .insertInto('enquiry_offers')
      .values({ enquiry_id: enquiry.id, amount_cents: 980_000 })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { enquiryId: enquiry.id, offerId: offer.id };
  }

  /** The seller accepts on their page: answerOffer in its own transaction, as the route runs it. */
  async function accept(ids: { enquiryId: string; offerId: string }) {
    const services = { jobs: recordingJobQueue(), config: testConfig() };
    return t.db
      .transaction()
      .execute((trx) =>
        answerOffer(
          trx,
          services,
          { ...ids, answer: { kind: 'accepted', typedName: 'Olivia Brown' } },
          { ip: null, userAgent: null },
        ),
      );
  }

  beforeAll(async () => {
    hub = createEnquiryLiveHub({ connectionString: t.url, logger: silentLogger });
    await hub.ready();
    server = await createServer({
      services: { ...testServices(t.db), enquiryLive: hub },
      clientDir: null,
      logLevel: 'silent',
    });
    url = await server.start(0, '127.0.0.1');
  });

  afterAll(async () => {
    await server.stop();
    await hub.close();
  });

  it('streams { kind, enquiryId } to a buyer once an acceptance commits, and nothing before', async () => {
    const ids = await enquiryWithOffer('olivia.sse@example.com');
    const feed = listen(clientFor(url, await sessionFor('live-buyer@example.com', 'buyer')));
    try {
      await vi.waitFor(() => expect(hub.subscriberCount()).toBe(1));
      expect(feed.events).toEqual([]);
      expect(await accept(ids)).toEqual({ status: 'ok' });
      await vi.waitFor(() =>
        expect(feed.events).toEqual([{ kind: 'offer_accepted', enquiryId: ids.enquiryId }]),
      );
      expect(feed.states).toContain('pending');
      expect(feed.error).toBeNull();
    } finally {
      feed.unsubscribe();
    }
    await vi.waitFor(() => expect(hub.subscriberCount()).toBe(0));
  });

  it('refuses a member without enquiries.read (FORBIDDEN) and anonymous visitors (UNAUTHORIZED)', async () => {
    const marketer = listen(clientFor(url, await sessionFor('live-marketer@example.com', 'marketer')));
    const anonymous = listen(clientFor(url, null));
    try {
      await vi.waitFor(() => {
        expect(codeOf(marketer.error)).toBe('FORBIDDEN');
        expect(codeOf(anonymous.error)).toBe('UNAUTHORIZED');
      });
      await accept(await enquiryWithOffer('olivia.refused@example.com'));
      expect(hub.subscriberCount()).toBe(0);
      expect(marketer.events).toEqual([]);
      expect(anonymous.events).toEqual([]);
    } finally {
      marketer.unsubscribe();
      anonymous.unsubscribe();
    }
  });

  it('ends an open stream once its session is gone: no event reaches a signed-out member', async () => {
    const token = await sessionFor('live-leaver@example.com', 'owner');
    const feed = listen(clientFor(url, token));
    try {
      await vi.waitFor(() => expect(hub.subscriberCount()).toBe(1));
      await t.db.deleteFrom('sessions').where('id', '=', sessionIdFromToken(token)).execute();
      const ids = await enquiryWithOffer('olivia.leaver@example.com');
      await accept(ids);
      await vi.waitFor(() => expect(codeOf(feed.error)).toBe('UNAUTHORIZED'));
      // (The previous test's acceptance may still be in flight to this feed; this one must not be.)
      expect(feed.events.map((event) => event.enquiryId)).not.toContain(ids.enquiryId);
      await vi.waitFor(() => expect(hub.subscriberCount()).toBe(0));
    } finally {
      feed.unsubscribe();
    }
  });
});
