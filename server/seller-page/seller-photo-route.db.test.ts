import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { TEST_APP_URL, testServices } from '#test/support/services.ts';
import { type AppServer, createServer } from '../app.ts';
import type { AppConfig } from '../config/app-config.ts';
import { issueSellerLink, revokeSellerLink } from '../seller-link/seller-link.ts';

// Over HTTP (decision 059): the seller's thumbnails behind their link, and the page's API answers
// kept out of search engines and sending no referrer.

const t = useTestDatabase();

describe("the seller's page over HTTP", () => {
  let server: AppServer;
  let dataDir: string;
  let config: AppConfig;
  let enquiryId: string;
  let photoId: string;
  let otherPhotoId: string;

  async function uploadPhoto(ip: string): Promise<string> {
    const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#335577' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('photos', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'watch.jpg');
    const response = new Response(form);
    const answer = await server.app.inject({
      method: 'POST',
      url: '/api/uploads',
      remoteAddress: ip,
      headers: {
        'content-type': response.headers.get('content-type') ?? '',
        origin: TEST_APP_URL,
        'x-csrf-protection': '1',
      },
      payload: Buffer.from(await response.arrayBuffer()),
    });
    expect(answer.statusCode).toBe(201);
    return (answer.json<{ uploads: Array<{ id: string }> }>().uploads[0] ?? { id: '' }).id;
  }

  async function enquiryWith(email: string, photo: string): Promise<string> {
    const lead = await t.db.insertInto('leads').values({ email }).returning('id').executeTakeFirstOrThrow();
    const row = await t.db
      .insertInto('enquiries')
      .values({ lead_id: lead.id, watch_brand: 'Rolex', watch_condition: 'Excellent' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('uploads').set({ enquiry_id: row.id }).where('id', '=', photo).execute();
    return row.id;
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'seller-photos-'));
    const services = testServices(t.db, {
      config: { dataDir, rateLimits: { leadSubmit: null, uploads: { limit: 100, windowSeconds: 600 } } },
    });
    config = services.config;
    server = await createServer({ services, clientDir: null, logLevel: 'silent' });
    photoId = await uploadPhoto('198.51.100.1');
    otherPhotoId = await uploadPhoto('198.51.100.2');
    enquiryId = await enquiryWith('olivia@example.com', photoId);
    await enquiryWith('noah@example.com', otherPhotoId);
  });
  afterAll(async () => {
    await server.app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const tokenOf = (url: string) => url.split('/enquiry/')[1] ?? '';

  it("serves the seller their own thumbnails, never another enquiry's, and not after revoking", async () => {
    const token = tokenOf((await issueSellerLink(t.db, config, enquiryId)).url);
    const own = await server.app.inject({ url: `/api/seller-photos/${token}/${photoId}` });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/webp');
    expect(own.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(own.headers['referrer-policy']).toBe('no-referrer');
    expect(own.headers['cache-control']).toBe('private, no-store');

    const other = await server.app.inject({ url: `/api/seller-photos/${token}/${otherPhotoId}` });
    expect(other.statusCode).toBe(404);
    const forged = await server.app.inject({ url: `/api/seller-photos/${token.slice(0, -2)}xx/${photoId}` });
    expect(forged.statusCode).toBe(404);
    const notUuid = await server.app.inject({ url: `/api/seller-photos/${token}/not-a-uuid` });
    expect(notUuid.statusCode).toBe(404);

    await revokeSellerLink(t.db, config, enquiryId, null);
    const revoked = await server.app.inject({ url: `/api/seller-photos/${token}/${photoId}` });
    expect(revoked.statusCode).toBe(404);
  });

  it('answers 429 past 600 photo requests from one address in 15 minutes, still private', async () => {
    const url = `/api/seller-photos/not-a-token/${photoId}`;
    for (let i = 0; i < 600; i += 1) {
      const res = await server.app.inject({ url, remoteAddress: '203.0.113.9' });
      expect(res.statusCode).toBe(404);
    }
    const refused = await server.app.inject({ url, remoteAddress: '203.0.113.9' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['cache-control']).toBe('private, no-store');
    expect(refused.headers['x-robots-tag']).toBe('noindex, nofollow');
    const elsewhere = await server.app.inject({ url, remoteAddress: '203.0.113.10' });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('answers the page API with noindex and no referrer, and 404 for a bad link', async () => {
    const token = tokenOf((await issueSellerLink(t.db, config, enquiryId)).url);
    const input = encodeURIComponent(JSON.stringify({ token }));
    const good = await server.app.inject({ url: `/trpc/seller.get?input=${input}` });
    expect(good.statusCode).toBe(200);
    expect(good.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(good.headers['referrer-policy']).toBe('no-referrer');
    const bad = await server.app.inject({
      url: `/trpc/seller.get?input=${encodeURIComponent(JSON.stringify({ token: 'nope' }))}`,
    });
    expect(bad.statusCode).toBe(404);
    expect(bad.headers['x-robots-tag']).toBe('noindex, nofollow');
  });
});
