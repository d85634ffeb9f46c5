import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '#shared/auth/permissions.ts';
import { IMPORT_UPLOAD_PATH } from '#shared/contacts/import.ts';
import { STARTER_TEMPLATE_HTML } from '#shared/templates/kinds.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { callerFor, codeOf, TEST_APP_URL, testServices } from '#test/support/services.ts';
import { type AppServer, createServer } from '../app.ts';
import { createSession, generateSessionToken, type SessionUser } from '../auth/session.ts';
import { createUser, grantAdmin } from '../auth/users.ts';

// Decision 027, the review of the table against each role's work: the Buyer keeps the reply
// templates (not the marketing ones), the Marketer imports contacts and reads the test e-mails
// they sent themselves, never the rest of the outbox.

describe('the roles after the review', () => {
  const t = useTestDatabase();
  const members = {} as Record<Role, SessionUser>;
  const api = (role: Role) => callerFor(testServices(t.db), members[role]).admin;

  beforeAll(async () => {
    for (const role of ['owner', 'marketer', 'buyer', 'viewer'] as const) {
      const user = await createUser(t.db, { email: `review-${role}@example.com`, password: 'x-password-1' });
      await grantAdmin(t.db, user.email, role);
      members[role] = { id: user.id, email: user.email, role };
    }
  });

  const template = (kind: 'marketing' | 'reply', name: string) => ({
    kind,
    templateName: name,
    subject: 'About your watch',
    htmlContent: STARTER_TEMPLATE_HTML[kind],
  });

  it('lets the Buyer manage reply templates and nothing of the marketing ones', async () => {
    const reply = await api('buyer').templates.create(template('reply', 'Buyer reply'));
    expect(reply.templateType).toBe('reply');
    await api('buyer').templates.update({ ...template('reply', 'Buyer reply, edited'), id: reply.id });
    expect((await api('buyer').templates.list({ kind: 'reply' })).map((r) => r.templateName)).toContain(
      'Buyer reply, edited',
    );
    const copy = await api('buyer').templates.duplicate({ id: reply.id });
    await api('buyer').templates.delete({ id: copy.id });

    const marketing = await api('owner').templates.create(template('marketing', 'Owner newsletter'));
    expect(await codeOf(api('buyer').templates.create(template('marketing', 'No')))).toBe('FORBIDDEN');
    expect(await codeOf(api('buyer').templates.list({ kind: 'marketing' }))).toBe('FORBIDDEN');
    expect(await codeOf(api('buyer').templates.get({ id: marketing.id }))).toBe('FORBIDDEN');
    expect(
      await codeOf(api('buyer').templates.update({ ...template('marketing', 'No'), id: marketing.id })),
    ).toBe('FORBIDDEN');
    expect(await codeOf(api('buyer').templates.delete({ id: marketing.id }))).toBe('FORBIDDEN');
    const names = await t.db.selectFrom('email_templates').select('template_name').execute();
    expect(names.map((r) => r.template_name)).not.toContain('No');
  });

  it('gives the Marketer the marketing templates, not the desk’s replies', async () => {
    const marketing = await api('marketer').templates.create(template('marketing', 'Spring newsletter'));
    expect(marketing.templateType).toBe('marketing');
    expect(await codeOf(api('marketer').templates.create(template('reply', 'No reply')))).toBe('FORBIDDEN');
    // Reading both kinds stays with every reader of the library (the Viewer too).
    expect(await codeOf(api('marketer').templates.list({ kind: 'reply' }))).toBe('OK');
    expect(await codeOf(api('viewer').templates.list({ kind: 'reply' }))).toBe('OK');
    expect(await codeOf(api('viewer').templates.create(template('reply', 'No')))).toBe('FORBIDDEN');
  });

  it('lets the Marketer upload and run an import, which the Buyer may not', async () => {
    const server: AppServer = await createServer({
      services: testServices(t.db),
      clientDir: null,
      logLevel: 'silent',
    });
    try {
      const upload = async (role: Role) => {
        const token = generateSessionToken();
        await createSession(t.db, token, members[role].id, { ip: null, userAgent: null });
        return server.app.inject({
          method: 'POST',
          url: `${IMPORT_UPLOAD_PATH}?name=crm.csv`,
          headers: {
            'content-type': 'text/csv',
            cookie: `session=${token}`,
            origin: TEST_APP_URL,
            'x-csrf-protection': '1',
          },
          payload: 'Email,Name\nimported.one@example.com,Imported One\n',
        });
      };
      expect((await upload('buyer')).statusCode).toBe(403);
      const res = await upload('marketer');
      expect(res.statusCode).toBe(201);
      const { id } = res.json<{ id: string }>();
      const mapping = { email: 0, fullName: 1, phone: null, emailConsent: null, smsConsent: null };
      await api('marketer').contactImports.dryRun({ id, mapping, consent: null });
      expect(await api('marketer').contactImports.start({ id })).toEqual({ started: true });
      expect(await codeOf(api('buyer').contactImports.get({ id }))).toBe('FORBIDDEN');
      // Importing is not editing: the Marketer still cannot change a contact by hand.
      expect(
        await codeOf(api('marketer').contacts.create({ email: 'hand@example.com', consentEvidence: null })),
      ).toBe('FORBIDDEN');
    } finally {
      await server.stop();
    }
  });

  it('shows the Marketer only the test e-mails they sent, the Owner every e-mail', async () => {
    const marketing = await api('owner').templates.create(template('marketing', 'Outbox test'));
    await api('marketer').templates.sendTest({ id: marketing.id, to: 'marketer-inbox@example.com' });
    await api('owner').templates.sendTest({ id: marketing.id, to: 'owner-inbox@example.com' });
    // What the outbox must keep from a Marketer: an account e-mail with a sign-in link in it.
    await t.db
      .insertInto('outbox_emails')
      .values({
        to_addresses: ['owner-inbox@example.com'],
        from_address: 'noreply@example.com',
        subject: 'Reset your password',
        html: '<a href="https://example.com/admin/reset-password?token=secret">Reset</a>',
        tags: JSON.stringify([{ name: 'kind', value: 'password-reset' }]),
      })
      .execute();

    const mine = await api('marketer').outbox.list({});
    expect(mine.rows.map((r) => r.to)).toEqual([['marketer-inbox@example.com']]);
    expect(mine.totalCount).toBe(1);
    expect(await codeOf(api('marketer').outbox.get({ id: mine.rows[0]?.id ?? '' }))).toBe('OK');

    const all = await api('owner').outbox.list({});
    expect(all.totalCount).toBe(3);
    const reset = all.rows.find((r) => r.subject === 'Reset your password');
    expect(await codeOf(api('marketer').outbox.get({ id: reset?.id ?? '' }))).toBe('NOT_FOUND');
    expect(await codeOf(api('marketer').outbox.list({ search: 'Reset' }))).toBe('OK');
    expect((await api('marketer').outbox.list({ search: 'Reset' })).totalCount).toBe(0);
    expect(await codeOf(api('buyer').outbox.list({}))).toBe('FORBIDDEN');
  });
});
