import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, createServer } from '../app.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { testConfig, testServices } from '#test/support/services.ts';
import { oneClickUnsubscribeUrl } from '../unsubscribe/links.ts';
import { isOneClickBody } from './one-click-route.ts';
import { signToken } from '../unsubscribe/signed-token.ts';

const config = testConfig();
const providerUserAgent = 'Mozilla/5.0 (compatible; MailProvider-OneClick/1.0)';

/** The request path and query of the link a campaign e-mail would carry in List-Unsubscribe. */
function oneClickPath(contactId: string, campaignId?: string): string {
  const url = new URL(
    oneClickUnsubscribeUrl(
      config,
      campaignId ? { contactId: contactId, campaignId } : { contactId: contactId },
    ),
  );
  return `${url.pathname}${url.search}`;
}

function multipartBody(fields: Record<string, string>, boundary = '----MailProviderBoundary7MA4YWxkTrZu0gW') {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    body: `${parts.join('')}--${boundary}--\r\n`,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe('RFC 8058 one-click unsubscribe endpoint', () => {
  const t = useTestDatabase();
  let server: AppServer;
  let campaignId: string;

  beforeAll(async () => {
    server = await createServer({ services: testServices(t.db), clientDir: null, logLevel: 'silent' });
    const campaign = await t.db
      .insertInto('email_campaigns')
      .values({ name: 'November', subject: 'Market update', status: 'sending' })
      .returning('id')
      .executeTakeFirstOrThrow();
    campaignId = campaign.id;
  });
  afterAll(() => server.stop());

  async function createContact() {
    return t.db
      .insertInto('leads')
      .values({
        email: `one-click-${crypto.randomUUID()}@example.com`,
        email_marketing_consent: true,
        sms_marketing_consent: true,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  const contactRow = (id: string) =>
    t.db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const logsOf = (id: string) =>
    t.db.selectFrom('unsubscribe_logs').selectAll().where('lead_id', '=', id).execute();

  /** Exactly what a mail provider sends: no cookie, no Origin, no CSRF header. */
  function providerPost(url: string, contentType: string | undefined, body: string | undefined) {
    const headers: Record<string, string> = { 'user-agent': providerUserAgent };
    if (contentType) headers['content-type'] = contentType;
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    return server.app.inject({ method: 'POST', url, remoteAddress: '192.0.2.44', headers, payload: body });
  }

  it('unsubscribes with the urlencoded body a provider sends: 200, no redirect, one log row', async () => {
    const contact = await createContact();
    const url = oneClickPath(contact.id, campaignId);
    const res = await server.app.inject({
      method: 'POST',
      url,
      remoteAddress: '192.0.2.44',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': '26',
        'user-agent': providerUserAgent,
      },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers.location).toBeUndefined();
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toMatch(/unsubscribed/i);

    const after = await contactRow(contact.id);
    expect(after).toMatchObject({ email_marketing_consent: false, sms_marketing_consent: true });
    expect(after.email_unsubscribed_at).toBeInstanceOf(Date);
    const logs = await logsOf(contact.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      email: contact.email,
      action: 'email_unsubscribe',
      method: 'one_click',
      ip_address: '192.0.2.44',
      user_agent: providerUserAgent,
      campaign_id: campaignId,
    });

    // Providers retry: a second POST answers 200 again and changes nothing.
    const again = await providerPost(url, 'application/x-www-form-urlencoded', 'List-Unsubscribe=One-Click');
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(res.body);
    expect(await logsOf(contact.id)).toHaveLength(1);
    expect((await contactRow(contact.id)).email_unsubscribed_at).toEqual(after.email_unsubscribed_at);
  });

  it('unsubscribes with a multipart/form-data body holding the single field', async () => {
    const contact = await createContact();
    const { body, contentType } = multipartBody({ 'List-Unsubscribe': 'One-Click' });
    const res = await providerPost(oneClickPath(contact.id), contentType, body);
    expect(res.statusCode).toBe(200);
    expect(res.headers.location).toBeUndefined();
    expect((await contactRow(contact.id)).email_marketing_consent).toBe(false);
    const logs = await logsOf(contact.id);
    expect(logs.map((l) => [l.action, l.method, l.campaign_id])).toEqual([
      ['email_unsubscribe', 'one_click', null],
    ]);
  });

  it('a GET (link scanner, person opening the URL) changes nothing and redirects to the preferences page', async () => {
    const contact = await createContact();
    const url = oneClickPath(contact.id, campaignId);
    const token = new URL(url, 'http://x').searchParams.get('token') ?? '';
    for (let i = 0; i < 10; i += 1) {
      const res = await server.app.inject({
        method: 'GET',
        url,
        headers: { 'user-agent': 'LinkScanner/2.0' },
      });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/unsubscribe?token=${token}`);
    }
    const head = await server.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(303);
    const after = await contactRow(contact.id);
    expect(after).toMatchObject({ email_marketing_consent: true, email_unsubscribed_at: null });
    expect(await logsOf(contact.id)).toHaveLength(0);
  });

  it('answers 400 without detail to a bad token or a wrong body, and changes nothing', async () => {
    const contact = await createContact();
    const good = oneClickPath(contact.id);
    const goodToken = new URL(good, 'http://x').searchParams.get('token') ?? '';
    const tampered = `${goodToken.slice(0, -2)}${goodToken.endsWith('AA') ? 'BB' : 'AA'}`;
    const form = 'application/x-www-form-urlencoded';
    const cases: Array<[string, string | undefined, string | undefined]> = [
      ['/api/unsubscribe/one-click', form, 'List-Unsubscribe=One-Click'],
      [`/api/unsubscribe/one-click?token=${tampered}`, form, 'List-Unsubscribe=One-Click'],
      [
        `/api/unsubscribe/one-click?token=${signToken('other-secret-0123456789abcdefghijklmn', { contactId: contact.id })}`,
        form,
        'List-Unsubscribe=One-Click',
      ],
      [good, form, 'List-Unsubscribe=Two-Clicks'],
      [good, form, 'Unsubscribe=One-Click'],
      [good, form, ''],
      [good, undefined, undefined],
      [good, undefined, 'List-Unsubscribe=One-Click'],
      [good, 'text/plain', 'List-Unsubscribe=One-Click'],
      [good, 'application/json', '{"List-Unsubscribe":"One-Click"}'],
      [good, 'multipart/form-data; boundary=abc', 'not multipart at all'],
      [good, 'multipart/form-data', multipartBody({ 'List-Unsubscribe': 'One-Click' }).body],
    ];
    const bodies = new Set<string>();
    for (const [url, contentType, body] of cases) {
      const res = await providerPost(url, contentType, body);
      expect(res.statusCode, `${url} ${contentType} ${body}`).toBe(400);
      bodies.add(res.body);
    }
    // The same short answer whatever was wrong.
    expect([...bodies]).toEqual(['Invalid unsubscribe request.\n']);
    expect((await contactRow(contact.id)).email_marketing_consent).toBe(true);
    expect(await logsOf(contact.id)).toHaveLength(0);
  });

  it('refuses bodies over 1 KB', async () => {
    const contact = await createContact();
    const res = await providerPost(
      oneClickPath(contact.id),
      'application/x-www-form-urlencoded',
      `List-Unsubscribe=One-Click&padding=${'x'.repeat(2000)}`,
    );
    expect(res.statusCode).toBe(413);
    expect((await contactRow(contact.id)).email_marketing_consent).toBe(true);
  });

  it('answers 200 for a valid token whose lead has since been deleted', async () => {
    const contact = await createContact();
    await t.db.deleteFrom('leads').where('id', '=', contact.id).execute();
    const res = await providerPost(
      oneClickPath(contact.id),
      'application/x-www-form-urlencoded',
      'List-Unsubscribe=One-Click',
    );
    expect(res.statusCode).toBe(200);
  });

  it('leaves the other routes their own body parsers (tRPC JSON still works)', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/trpc/preferences.requestLink',
      headers: {
        'content-type': 'application/json',
        origin: 'http://localhost:3999',
        'x-csrf-protection': '1',
      },
      payload: JSON.stringify({ email: 'someone@example.com' }),
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('isOneClickBody', () => {
  it('accepts the key among other fields and a charset parameter', async () => {
    expect(
      await isOneClickBody(
        'application/x-www-form-urlencoded; charset=utf-8',
        Buffer.from('a=b&List-Unsubscribe=One-Click'),
      ),
    ).toBe(true);
  });

  it('rejects a non-buffer or empty body', async () => {
    expect(await isOneClickBody('application/x-www-form-urlencoded', 'List-Unsubscribe=One-Click')).toBe(
      false,
    );
    expect(await isOneClickBody('application/x-www-form-urlencoded', Buffer.alloc(0))).toBe(false);
  });
});
