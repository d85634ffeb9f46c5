import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { TEST_APP_URL, testServices } from '#test/support/services.ts';
import { type AppServer, createServer } from '../app.ts';
import { createSession, generateSessionToken } from '../auth/session.ts';
import { createUser, grantAdmin } from '../auth/users.ts';
import type { Role } from '#shared/auth/permissions.ts';

/*
 * Decision 054: an image for a blocks template goes through the photo checks and is kept only as
 * its e-mail variant (at most 1200 px wide, JPEG), uploaded by template writers and served to
 * anyone, as mail clients load it; a seller's photos stay admin-only.
 */

const t = useTestDatabase();

async function multipart(file: { name: string; type: string; data: Buffer }) {
  const form = new FormData();
  form.append('photos', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get('content-type') ?? '',
  };
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 40, g: 60, b: 90, alpha: 0.5 } } })
    .png()
    .toBuffer();

describe('e-mail images over HTTP', () => {
  let server: AppServer;
  let dataDir: string;

  async function cookie(email: string, role: Role): Promise<string> {
    const user = await createUser(t.db, { email, password: 'A-long-enough-passphrase-2026' });
    await grantAdmin(t.db, email, role);
    const token = generateSessionToken();
    await createSession(t.db, token, user.id, { ip: null, userAgent: null });
    return `session=${token}`;
  }

  async function post(sessionCookie: string | null, data: Buffer) {
    const body = await multipart({ name: 'hero.png', type: 'image/png', data });
    return server.app.inject({
      method: 'POST',
      url: '/api/email-images',
      headers: {
        'content-type': body.contentType,
        origin: TEST_APP_URL,
        'x-csrf-protection': '1',
        ...(sessionCookie ? { cookie: sessionCookie } : {}),
      },
      payload: body.payload,
    });
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'email-images-'));
    server = await createServer({
      services: testServices(t.db, { config: { dataDir } }),
      clientDir: null,
      logLevel: 'silent',
    });
  });
  afterAll(async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps a 1200 px JPEG variant and serves it to anyone, cached', async () => {
    const marketer = await cookie('email-images-marketer@example.com', 'marketer');
    const res = await post(marketer, await png(3000, 1500));
    expect(res.statusCode).toBe(201);
    const { id, width, height } = res.json<{ id: string; width: number; height: number }>();
    expect({ width, height }).toEqual({ width: 1200, height: 600 });

    // No session: a mail client.
    const image = await server.app.inject({ method: 'GET', url: `/api/email-images/${id}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 600 });
    // Never in uploads: retention and the seller-photo routes have nothing to do with it.
    expect(await t.db.selectFrom('uploads').select('id').where('id', '=', id).execute()).toEqual([]);
  });

  it('refuses those who may write no template, and what is no image', async () => {
    expect((await post(null, await png(10, 10))).statusCode).toBe(401);
    const viewer = await cookie('email-images-viewer@example.com', 'viewer');
    expect((await post(viewer, await png(10, 10))).statusCode).toBe(403);
    // A Buyer writes reply templates, image blocks included.
    const buyer = await cookie('email-images-buyer@example.com', 'buyer');
    expect((await post(buyer, await png(10, 10))).statusCode).toBe(201);
    const owner = await cookie('email-images-owner@example.com', 'owner');
    const notImage = await post(owner, Buffer.from('<!doctype html><script>alert(1)</script>'));
    expect(notImage.statusCode).toBe(415);
    const missing = await server.app.inject({ method: 'GET', url: '/api/email-images/not-a-uuid' });
    expect(missing.statusCode).toBe(404);
  });
});
