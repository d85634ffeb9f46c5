import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../auth/session.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { callerFor, testServices, codeOf } from '#test/support/services.ts';
import { owaspSamples } from '#test/support/xss-samples.ts';

const templateHtml = `<html><body><p>Hello {{first_name}},</p>
<p>Your {{watch_brand}} could be worth more than you think.</p>
<p><a href="{{unsubscribe_url}}">Unsubscribe</a></p></body></html>`;

const base = {
  templateName: 'Market update',
  subject: 'Prices for {{watch_brand}} owners',
  description: 'Monthly market note',
  htmlContent: templateHtml,
  variables: ['first_name', 'watch_brand'],
};

describe('admin.templates', () => {
  const t = useTestDatabase();
  let admin: SessionUser;
  const api = () => callerFor(testServices(t.db), admin).admin.templates;

  beforeAll(async () => {
    const user = await t.db
      .insertInto('users')
      .values({ email: 'templates-admin@example.com', password_hash: 'not-used' })
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();
    admin = { id: user.id, email: user.email, role: 'owner' };
  });

  it('keeps default values for its listed variables, and a duplicate keeps them too', async () => {
    const created = await api().create({
      ...base,
      variableDefaults: { watch_brand: 'Rolex', not_listed: 'dropped' },
    });
    expect(created.variableDefaults).toEqual({ watch_brand: 'Rolex' });
    const copy = await api().duplicate({ id: created.id });
    expect(copy.variableDefaults).toEqual({ watch_brand: 'Rolex' });
    expect(await codeOf(api().create({ ...base, variableDefaults: { 'bad name': 'x' } }))).toBe(
      'BAD_REQUEST',
    );
    expect(await codeOf(api().create({ ...base, variableDefaults: { watch_brand: 'x'.repeat(2001) } }))).toBe(
      'BAD_REQUEST',
    );
  });

  it('keeps its preheader through create, read, update and duplicate (decision 011)', async () => {
    const created = await api().create({
      ...base,
      preheader: '  {{first_name}}, your {{watch_brand}} is in demand  ',
    });
    // Trimmed like the subject; tags are kept for sending.
    expect(created.preheader).toBe('{{first_name}}, your {{watch_brand}} is in demand');
    expect((await api().get({ id: created.id })).preheader).toBe(created.preheader);
    const updated = await api().update({ id: created.id, ...base, preheader: 'Prices held steady' });
    expect(updated.preheader).toBe('Prices held steady');
    expect((await api().duplicate({ id: created.id })).preheader).toBe('Prices held steady');
    // Absent is none, and a template saved without one has ''.
    expect((await api().update({ id: created.id, ...base })).preheader).toBe('');
    expect(await codeOf(api().create({ ...base, preheader: 'x'.repeat(151) }))).toBe('BAD_REQUEST');
    expect(await codeOf(api().create({ ...base, preheader: 'one\ntwo' }))).toBe('BAD_REQUEST');
    // A reply template may hold only the reply fields there too, as in its subject.
    const reply = {
      ...base,
      subject: 'Your watch',
      htmlContent: '<p>Hello {{first_name}}</p>',
      variables: [],
    };
    expect((await api().create({ ...reply, kind: 'reply', preheader: '{{first_name}}' })).preheader).toBe(
      '{{first_name}}',
    );
    expect(await codeOf(api().create({ ...reply, kind: 'reply', preheader: '{{unsubscribe_url}}' }))).toBe(
      'BAD_REQUEST',
    );
  });

  it('creates, reads, updates and deletes a marketing template', async () => {
    const created = await api().create(base);
    expect(created).toMatchObject({
      templateName: 'Market update',
      subject: 'Prices for {{watch_brand}} owners',
      description: 'Monthly market note',
      variables: ['first_name', 'watch_brand'],
      templateType: 'marketing',
    });
    expect(created.htmlContent).toContain('Hello {{first_name}}');
    expect(created.htmlContent).toContain('href="{{unsubscribe_url}}"');

    expect(await api().get({ id: created.id })).toEqual(created);

    const updated = await api().update({
      id: created.id,
      ...base,
      templateName: 'Market update (April)',
      description: '',
      variables: ['first_name'],
    });
    expect(updated).toMatchObject({
      templateName: 'Market update (April)',
      description: null,
      variables: ['first_name'],
    });
    expect(new Date(updated.updatedAt).getTime()).toBeGreaterThanOrEqual(
      new Date(created.updatedAt).getTime(),
    );

    expect(await api().delete({ id: created.id })).toEqual({ id: created.id });
    expect(await codeOf(api().get({ id: created.id }))).toBe('NOT_FOUND');
    expect(await codeOf(api().delete({ id: created.id }))).toBe('NOT_FOUND');
    expect(await codeOf(api().update({ id: created.id, ...base }))).toBe('NOT_FOUND');
  });

  it('says "Template not found" for a missing or malformed id', async () => {
    await expect(api().get({ id: '00000000-0000-4000-8000-000000000000' })).rejects.toThrow(
      'Template not found',
    );
    expect(await codeOf(api().get({ id: 'not-a-uuid' }))).toBe('BAD_REQUEST');
  });

  it('validates with the spec messages and refuses line breaks in name and subject', async () => {
    const fieldErrors = async (input: unknown) => {
      try {
        await api().create(input as typeof base);
        return null;
      } catch (error) {
        return error instanceof TRPCError ? error.message : String(error);
      }
    };
    expect(await fieldErrors({ ...base, templateName: ' ' })).toContain('Template name is required');
    expect(await fieldErrors({ ...base, subject: '' })).toContain('Subject is required');
    expect(await fieldErrors({ ...base, htmlContent: '  ' })).toContain('HTML content is required');
    expect(await fieldErrors({ ...base, subject: 'Hi\r\nBcc: x@evil.example' })).toContain(
      'Subject cannot contain line breaks',
    );
    expect(await fieldErrors({ ...base, templateName: 'Name\n' })).toContain(
      'Template name cannot contain line breaks',
    );
    expect(await codeOf(api().create({ ...base, variables: ['a', 'a'] }))).toBe('BAD_REQUEST');
  });

  it('duplicates with a (Copy) suffix', async () => {
    const source = await api().create({ ...base, templateName: 'Welcome' });
    const copy = await api().duplicate({ id: source.id });
    expect(copy.id).not.toBe(source.id);
    expect(copy).toMatchObject({
      templateName: 'Welcome (Copy)',
      subject: source.subject,
      description: source.description,
      htmlContent: source.htmlContent,
      variables: source.variables,
    });
    const longName = await api().create({ ...base, templateName: 'n'.repeat(200) });
    const longCopy = await api().duplicate({ id: longName.id });
    expect(longCopy.templateName).toHaveLength(200);
    expect(longCopy.templateName.endsWith(' (Copy)')).toBe(true);
    expect(await codeOf(api().duplicate({ id: '00000000-0000-4000-8000-000000000000' }))).toBe('NOT_FOUND');
  });

  it('lists newest first and searches name, subject and description case-insensitively', async () => {
    await t.db.deleteFrom('email_templates').execute();
    const a = await api().create({
      ...base,
      templateName: 'Spring sale',
      subject: 'Sell now',
      description: null,
    });
    const b = await api().create({
      ...base,
      templateName: 'Newsletter',
      subject: 'OMEGA news',
      description: null,
    });
    const c = await api().create({
      ...base,
      templateName: 'Follow-up',
      subject: 'Hi',
      description: 'For 100% ROLEX leads',
    });

    expect((await api().list()).map((x) => x.id)).toEqual([c.id, b.id, a.id]);
    expect((await api().list({ search: 'spring' })).map((x) => x.id)).toEqual([a.id]);
    expect((await api().list({ search: 'omega' })).map((x) => x.id)).toEqual([b.id]);
    expect((await api().list({ search: 'rolex' })).map((x) => x.id)).toEqual([c.id]);
    // LIKE wildcards in the term are literal.
    expect((await api().list({ search: '100%' })).map((x) => x.id)).toEqual([c.id]);
    expect((await api().list({ search: '_' })).map((x) => x.id)).toEqual([]);
    expect(await api().list({ search: 'nothing like this' })).toEqual([]);
  });

  it('sanitises the HTML on save: the OWASP samples lose their payload, merge tags stay', async () => {
    for (const sample of owaspSamples) {
      // The sample goes last: some are deliberately unclosed and swallow what follows them.
      const html = `<html><body><p>Hi {{first_name}}</p><a href="{{unsubscribe_url}}">Unsubscribe</a>${sample.html}</body></html>`;
      const created = await api().create({ ...base, htmlContent: html });
      for (const pattern of sample.mustNotContain)
        expect(created.htmlContent, sample.name).not.toMatch(pattern);
      expect(created.htmlContent, sample.name).toContain('Hi {{first_name}}');
      expect(created.htmlContent, sample.name).toContain('href="{{unsubscribe_url}}"');
      const stored = await t.db
        .selectFrom('email_templates')
        .select('html_content')
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      expect(stored.html_content).toBe(created.htmlContent);
    }
  });

  it('sends a test e-mail with sample values, [name] for missing ones, to the outbox', async () => {
    const template = await api().create({
      ...base,
      subject: 'News for {{first_name}}',
      htmlContent: '<html><body><p>{{first_name}} / {{watch_brand}} / {{model}}</p></body></html>',
      variables: ['first_name', 'watch_brand', 'model'],
    });
    expect(
      await api().sendTest({ id: template.id, to: 'preview@example.com', samples: { watch_brand: 'Rolex' } }),
    ).toEqual({ to: 'preview@example.com' });
    const email = await t.db
      .selectFrom('outbox_emails')
      .selectAll()
      .where(sql<boolean>`${'preview@example.com'} = ANY(to_addresses)`)
      .executeTakeFirstOrThrow();
    expect(email.subject).toBe('News for Alex');
    expect(email.html).toContain('<p>Alex / Rolex / [model]</p>');
    // No unsubscribe link in the template, so the footer is added.
    expect(email.html).toContain('>Unsubscribe</a>');
    // The member who sent it, so a Marketer's outbox lists their own tests (decision 027).
    expect(email.tags?.map((tag) => tag.name)).toEqual(['kind', 'sent_by']);
    expect(email.tags?.[0]?.value).toBe('template-test');
    expect(email.tags?.[1]?.value).toMatch(/^[0-9a-f-]{36}$/);
    // The text/plain part travels with it, and the preview shows the same text.
    expect(email.text_body).toMatch(/^Alex \/ Rolex \/ \[model\]\n/);
    expect(email.text_body).toMatch(/\nUnsubscribe:\nhttp:\/\/localhost:3999\/unsubscribe\n/);
    expect(await api().plainText({ id: template.id, samples: { watch_brand: 'Rolex' } })).toEqual({
      text: email.text_body,
    });
  });

  it('previews the plain-text part of an unknown template as not found', async () => {
    await expect(api().plainText({ id: '00000000-0000-4000-8000-000000000000' })).rejects.toThrow(
      'Template not found',
    );
  });

  it('refuses a missing or malformed test address', async () => {
    const template = await api().create(base);
    await expect(api().sendTest({ id: template.id, to: '' })).rejects.toThrow(
      'Please enter a test email address',
    );
    await expect(api().sendTest({ id: template.id, to: 'nope' })).rejects.toThrow(
      'Please enter a valid email address',
    );
    await expect(api().sendTest({ id: template.id, to: 'a@b.co\r\nBcc: x@y.co' })).rejects.toThrow(
      'Email cannot contain line breaks',
    );
  });
});
