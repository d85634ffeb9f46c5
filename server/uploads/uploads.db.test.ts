import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import exifr from 'exifr';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '#shared/uploads/schema.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { TEST_APP_URL, testServices } from '#test/support/services.ts';
import { type AppServer, createServer } from '../app.ts';
import { createSession, generateSessionToken } from '../auth/session.ts';
import { createUser, grantAdmin } from '../auth/users.ts';
import type { AppConfig } from '../config/app-config.ts';
import { createUploadStorage, localUploadDir } from './storage.ts';
import { deleteStaleUploads, UNATTACHED_UPLOAD_TTL_MS } from './uploads.ts';

const t = useTestDatabase();

interface FilePart {
  name: string;
  type: string;
  data: Buffer;
}

/** A real multipart body, as a browser's FormData would send it. */
async function multipart(files: FilePart[]) {
  const form = new FormData();
  for (const file of files)
    form.append('photos', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get('content-type') ?? '',
  };
}

const jpeg = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: '#335577' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '33/1 52/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '151/1 12/1 0/1',
      },
    })
    .toBuffer();

let ipCounter = 0;
async function upload(app: FastifyInstance, files: FilePart[], ip = `198.51.100.${(ipCounter += 1)}`) {
  const body = await multipart(files);
  return app.inject({
    method: 'POST',
    url: '/api/uploads',
    remoteAddress: ip,
    headers: { 'content-type': body.contentType, origin: TEST_APP_URL, 'x-csrf-protection': '1' },
    payload: body.payload,
  });
}

describe('photo uploads over HTTP', () => {
  let server: AppServer;
  let dataDir: string;
  let config: Partial<AppConfig>;
  let adminCookie: string;
  let userCookie: string;

  async function sessionCookie(email: string, admin: boolean): Promise<string> {
    const user = await createUser(t.db, { email, password: 'A-long-enough-passphrase-2026' });
    if (admin) await grantAdmin(t.db, email);
    const token = generateSessionToken();
    await createSession(t.db, token, user.id, { ip: null, userAgent: null });
    return `session=${token}`;
  }

  async function rowCount(): Promise<number> {
    const rows = await t.db.selectFrom('uploads').select('id').execute();
    return rows.length;
  }

  async function storedFiles(): Promise<string[]> {
    return readdir(localUploadDir({ dataDir })).catch(() => []);
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'uploads-http-'));
    config = { dataDir, rateLimits: { leadSubmit: null, uploads: { limit: 100, windowSeconds: 600 } } };
    server = await createServer({
      services: testServices(t.db, { config }),
      clientDir: null,
      logLevel: 'silent',
    });
    adminCookie = await sessionCookie('admin@example.com', true);
    userCookie = await sessionCookie('staff@example.com', false);
  });
  afterAll(async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stores a photo without its GPS position under a random name and answers only an id', async () => {
    const res = await upload(server.app, [{ name: 'IMG_0001.jpg', type: 'image/jpeg', data: await jpeg() }]);
    expect(res.statusCode).toBe(201);
    const body = res.json<{ uploads: Array<Record<string, unknown>> }>();
    expect(body.uploads).toHaveLength(1);
    const [photo] = body.uploads;
    expect(Object.keys(photo ?? {}).sort()).toEqual(['bytes', 'contentType', 'height', 'id', 'width']);
    expect(photo).toMatchObject({ contentType: 'image/jpeg', width: 64, height: 48 });

    const row = await t.db
      .selectFrom('uploads')
      .selectAll()
      .where('id', '=', String(photo?.id))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ driver: 'local', original_name: 'IMG_0001.jpg', enquiry_id: null });
    expect(row.storage_key).toMatch(/^[0-9a-f-]{36}\.jpg$/);
    expect(row.storage_key).not.toContain('IMG_0001');
    // Never a path or a storage name: the id is the only handle a browser gets.
    expect(res.body).not.toContain(row.storage_key);
    expect(res.body).not.toContain(dataDir);

    const stored = await createUploadStorage({ dataDir, uploadthingToken: null }).current.get(
      row.storage_key,
    );
    if (!stored) throw new Error('file not stored');
    expect(await exifr.gps(stored)).toBeUndefined();
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
  });

  it('takes several photos in one request', async () => {
    const data = await jpeg(20, 20);
    const png = await sharp({ create: { width: 8, height: 8, channels: 4, background: '#fff0' } })
      .png()
      .toBuffer();
    const res = await upload(server.app, [
      { name: 'a.jpg', type: 'image/jpeg', data },
      { name: 'b.jpg', type: 'image/jpeg', data },
      { name: 'c.png', type: 'image/png', data: png },
    ]);
    expect(res.statusCode).toBe(201);
    const { uploads } = res.json<{ uploads: Array<{ id: string; contentType: string }> }>();
    expect(uploads.map((u) => u.contentType)).toEqual(['image/jpeg', 'image/jpeg', 'image/png']);
    expect(new Set(uploads.map((u) => u.id)).size).toBe(3);
  });

  it('refuses an HTML file named .jpg and stores nothing', async () => {
    const before = { rows: await rowCount(), files: (await storedFiles()).length };
    const res = await upload(server.app, [
      {
        name: 'photo.jpg',
        type: 'image/jpeg',
        data: Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>'),
      },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: UPLOAD_MESSAGES.notAnImage });
    expect({ rows: await rowCount(), files: (await storedFiles()).length }).toEqual(before);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const before = await rowCount();
    const big = Buffer.alloc(11 * 1024 * 1024, 0x20);
    (await jpeg()).copy(big);
    const res = await upload(server.app, [{ name: 'huge.jpg', type: 'image/jpeg', data: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'Each photo must be 10MB or smaller.' });
    expect(await rowCount()).toBe(before);
  });

  it('refuses more than 10 photos in one request, keeping none of them', async () => {
    const before = { rows: await rowCount(), files: (await storedFiles()).length };
    const data = await jpeg(8, 8);
    const files = Array.from({ length: 11 }, (_, i) => ({ name: `${i}.jpg`, type: 'image/jpeg', data }));
    const res = await upload(server.app, files);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'Please upload a maximum of 10 photos.' });
    expect({ rows: await rowCount(), files: (await storedFiles()).length }).toEqual(before);
  });

  it('keeps nothing from a request whose later file is refused', async () => {
    const before = { rows: await rowCount(), files: (await storedFiles()).length };
    const res = await upload(server.app, [
      { name: 'ok.jpg', type: 'image/jpeg', data: await jpeg() },
      { name: 'evil.jpg', type: 'image/jpeg', data: Buffer.from('MZ this is an executable') },
    ]);
    expect(res.statusCode).toBe(415);
    expect({ rows: await rowCount(), files: (await storedFiles()).length }).toEqual(before);
  });

  it('answers 400 without a file and 415 for a body that is not multipart', async () => {
    const empty = await upload(server.app, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: UPLOAD_MESSAGES.noFile });

    const json = await server.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { 'content-type': 'application/json', origin: TEST_APP_URL, 'x-csrf-protection': '1' },
      payload: '{}',
    });
    expect(json.statusCode).toBe(415);
  });

  it('refuses cross-site uploads', async () => {
    const body = await multipart([{ name: 'a.jpg', type: 'image/jpeg', data: await jpeg() }]);
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { 'content-type': body.contentType, origin: 'https://evil.example' },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(403);
  });

  it('rate-limits photos per IP with Retry-After, counting every file of a request', async () => {
    const limited = await createServer({
      services: testServices(t.db, {
        config: { dataDir, rateLimits: { leadSubmit: null, uploads: { limit: 3, windowSeconds: 600 } } },
      }),
      clientDir: null,
      logLevel: 'silent',
    });
    try {
      const data = await jpeg(8, 8);
      const photo = { name: 'a.jpg', type: 'image/jpeg', data };
      const ip = '203.0.113.50';
      expect((await upload(limited.app, [photo, photo], ip)).statusCode).toBe(201);
      const before = await rowCount();
      // Two more photos when one is left: refused, and the one that fitted is not kept either.
      const over = await upload(limited.app, [photo, photo], ip);
      expect(over.statusCode).toBe(429);
      expect(over.json()).toEqual({ error: UPLOAD_MESSAGES.rateLimited });
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(await rowCount()).toBe(before);
      expect((await upload(limited.app, [photo], ip)).statusCode).toBe(429);
      expect((await upload(limited.app, [photo], '203.0.113.51')).statusCode).toBe(201);
    } finally {
      await limited.stop();
    }
  });

  describe('GET /api/uploads/:id', () => {
    let id: string;
    beforeAll(async () => {
      const res = await upload(server.app, [{ name: 'watch.jpg', type: 'image/jpeg', data: await jpeg() }]);
      id = res.json<{ uploads: Array<{ id: string }> }>().uploads[0]?.id ?? '';
    });

    const get = (url: string, cookie?: string) =>
      server.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

    it('is refused to anonymous visitors (401) and to signed-in non-admins (403)', async () => {
      const anonymous = await get(`/api/uploads/${id}`);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.headers['content-type']).toContain('application/json');
      const staff = await get(`/api/uploads/${id}`, userCookie);
      expect(staff.statusCode).toBe(403);
      const forged = await get(`/api/uploads/${id}`, 'session=not-a-real-token');
      expect(forged.statusCode).toBe(401);
    });

    it('serves the photo to admins with its type, nosniff and no caching', async () => {
      const res = await get(`/api/uploads/${id}`, adminCookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['content-disposition']).toBe(`inline; filename="photo-${id}.jpg"`);
      const bytes = res.rawPayload;
      expect((await sharp(bytes).metadata()).format).toBe('jpeg');
      expect(await exifr.gps(bytes)).toBeUndefined();
    });

    it('downloads the photo full size to admins only, under its original file name', async () => {
      expect((await get(`/api/uploads/${id}/download`)).statusCode).toBe(401);
      expect((await get(`/api/uploads/${id}/download`, userCookie)).statusCode).toBe(403);
      const res = await get(`/api/uploads/${id}/download`, adminCookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="photo-${id}.jpg"; filename*=UTF-8''watch.jpg`,
      );
      expect(res.rawPayload.equals((await get(`/api/uploads/${id}`, adminCookie)).rawPayload)).toBe(true);
      expect((await get(`/api/uploads/${randomUUID()}/download`, adminCookie)).statusCode).toBe(404);
    });

    it('answers 404 for an unknown or malformed id', async () => {
      expect((await get(`/api/uploads/${randomUUID()}`, adminCookie)).statusCode).toBe(404);
      expect((await get('/api/uploads/..%2F..%2Fetc%2Fpasswd', adminCookie)).statusCode).toBe(404);
    });
  });

  describe('GET /api/uploads/:id/thumbnail', () => {
    const get = (url: string, cookie?: string) =>
      server.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

    it('serves admins a small WebP of the photo, made once and kept', async () => {
      const res = await upload(server.app, [
        { name: 'big.jpg', type: 'image/jpeg', data: await jpeg(3000, 2000) },
      ]);
      const id = res.json<{ uploads: Array<{ id: string }> }>().uploads[0]?.id ?? '';

      expect((await get(`/api/uploads/${id}/thumbnail`)).statusCode).toBe(401);
      expect((await get(`/api/uploads/${id}/thumbnail`, userCookie)).statusCode).toBe(403);

      const first = await get(`/api/uploads/${id}/thumbnail`, adminCookie);
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('image/webp');
      expect(first.headers['cache-control']).toBe('private, no-store');
      expect(first.headers['content-disposition']).toBe(`inline; filename="thumbnail-${id}.webp"`);
      const meta = await sharp(first.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([240, 160]);
      const full = await get(`/api/uploads/${id}`, adminCookie);
      expect(first.rawPayload.length * 10).toBeLessThan(full.rawPayload.length);

      // Kept: served again with the photo's file gone from storage.
      const stored = await t.db
        .selectFrom('uploads')
        .select('storage_key')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      await rm(path.join(localUploadDir({ dataDir }), stored.storage_key));
      const kept = await t.db
        .selectFrom('upload_thumbnails')
        .select('upload_id')
        .where('upload_id', '=', id)
        .execute();
      expect(kept).toHaveLength(1);
      const again = await get(`/api/uploads/${id}/thumbnail`, adminCookie);
      expect(again.statusCode).toBe(200);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);

      // It goes with its photo.
      await t.db.deleteFrom('uploads').where('id', '=', id).execute();
      expect(await t.db.selectFrom('upload_thumbnails').select('upload_id').execute()).toHaveLength(0);
      expect((await get(`/api/uploads/${id}/thumbnail`, adminCookie)).statusCode).toBe(404);
    });

    it('answers 404 for an unknown or malformed id', async () => {
      expect((await get(`/api/uploads/${randomUUID()}/thumbnail`, adminCookie)).statusCode).toBe(404);
      expect((await get('/api/uploads/not-a-uuid/thumbnail', adminCookie)).statusCode).toBe(404);
    });
  });
});

describe('stale upload clean-up', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'uploads-clean-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('deletes photos left unattached for 24 hours, files included, and nothing else', async () => {
    const storage = createUploadStorage({ dataDir, uploadthingToken: null });
    const now = new Date('2026-11-21T12:00:00Z');
    const contact = await t.db
      .insertInto('leads')
      .values({ email: `clean-${randomUUID()}@example.com` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const enquiry = await t.db
      .insertInto('enquiries')
      .values({
        lead_id: contact.id,
        watch_brand: 'Omega',
        watch_model: null,
        watch_year: null,
        watch_condition: 'Good - Moderate wear',
        additional_details: null,
        utm_source: null,
        utm_medium: null,
        utm_campaign: null,
        utm_content: null,
        utm_term: null,
        meta_event_id: null,
        ip: null,
        user_agent: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const make = async (ageMs: number, enquiryId: string | null) => {
      const key = `${randomUUID()}.jpg`;
      await storage.current.put(key, Buffer.from('x'), 'image/jpeg');
      const row = await t.db
        .insertInto('uploads')
        .values({
          driver: 'local',
          storage_key: key,
          content_type: 'image/jpeg',
          bytes: 1,
          sha256: 'x'.repeat(64),
          enquiry_id: enquiryId,
          created_at: new Date(now.getTime() - ageMs),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, key };
    };
    const hour = 60 * 60 * 1000;
    const stale = await make(UNATTACHED_UPLOAD_TTL_MS + hour, null);
    const staleToo = await make(UNATTACHED_UPLOAD_TTL_MS + 2 * hour, null);
    const recent = await make(UNATTACHED_UPLOAD_TTL_MS - hour, null);
    const attached = await make(UNATTACHED_UPLOAD_TTL_MS + 5 * hour, enquiry.id);

    // A batch of 1 proves the loop keeps going until nothing stale is left.
    expect(await deleteStaleUploads(t.db, storage, { now, batchSize: 1 })).toBe(2);
    const left = await t.db
      .selectFrom('uploads')
      .select('id')
      .where('id', 'in', [stale.id, staleToo.id, recent.id, attached.id])
      .execute();
    expect(left.map((r) => r.id).sort()).toEqual([recent.id, attached.id].sort());
    expect(await storage.current.get(stale.key)).toBeNull();
    expect(await storage.current.get(staleToo.key)).toBeNull();
    expect(await storage.current.get(recent.key)).not.toBeNull();
    expect(await storage.current.get(attached.key)).not.toBeNull();
    expect(await deleteStaleUploads(t.db, storage, { now })).toBe(0);
  });
});
