import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshEngine, seedSubscribers, sendNow } from '#test/support/campaign-fixtures.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { type AcceptedEmail, type FakeResend, startFakeResend } from '#test/support/fake-resend.ts';
import { callerFor, TEST_APP_URL } from '#test/support/services.ts';
import type { SessionUser } from '../auth/session.ts';
import { seedDemoData } from '../seed/demo.ts';
import type { AppServices } from '../services.ts';
import { runCampaignSend } from './engine/run.ts';

// Every marketing message path (both shipped templates as campaigns, an A/B test phase, the
// campaign's and the template's test sends) through the real Resend SDK to the fake provider:
// each message carries the sender's identity (decision 004) and a List-Id header.

describe('what every marketing e-mail carries', () => {
  const t = useTestDatabase();
  let fake: FakeResend;
  let services: AppServices;
  let admin: SessionUser;

  beforeAll(async () => {
    fake = await startFakeResend();
    ({ services } = await freshEngine(t.db, fake, 100));
    await seedDemoData(t.db, { appUrl: TEST_APP_URL });
    await seedSubscribers(t.db, 20);
    const user = await t.db
      .insertInto('users')
      .values({ email: 'compliance-admin@example.com', password_hash: 'not-used' })
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();
    admin = { id: user.id, email: user.email, role: 'owner' };
  });
  afterAll(async () => {
    await fake.close();
  });

  /** The identity block's parts, each of which a message must show in its HTML and its text. */
  function identityParts(): string[] {
    const site = services.config.site;
    return [
      site.legalName,
      `ABN ${site.abn}`,
      site.address.streetAddress,
      site.phone,
      site.email,
      `You are receiving this email because you asked ${site.name}`,
    ];
  }
  const hasIdentity = (email: AcceptedEmail) =>
    identityParts().every((part) => email.html?.includes(part) && email.text?.includes(part));
  const listIdOf = (email: AcceptedEmail) =>
    Object.entries(email.headers ?? {}).find(([name]) => name.toLowerCase() === 'list-id')?.[1];

  it('gives every message of every marketing path the identity block and a List-Id', async () => {
    const templates = await t.db
      .selectFrom('email_templates')
      .selectAll()
      .where('template_type', '=', 'marketing')
      .orderBy('template_name')
      .execute();
    expect(templates.map((row) => row.template_name)).toEqual([
      'Monthly market update',
      'Valuation reminder',
      'We are buying (summer)',
    ]);
    const paths: Array<{ path: string; emails: AcceptedEmail[] }> = [];
    const collect = async (path: string, act: () => Promise<unknown>) => {
      const before = fake.emails.length;
      await act();
      paths.push({ path, emails: fake.emails.slice(before) });
    };

    for (const template of templates) {
      const content = {
        subject: template.subject,
        html: template.html_content,
        templateId: template.id,
        variables: template.variable_defaults,
      };
      await collect(`campaign from "${template.template_name}"`, async () => {
        const campaign = await sendNow(services, content);
        expect(await runCampaignSend(services, campaign.id)).toBe('completed');
      });
      await collect(`A/B test phase from "${template.template_name}"`, async () => {
        const campaign = await sendNow(services, {
          ...content,
          abTest: { subjectB: `B: ${template.subject}`, testPercent: 50, waitHours: 1, metric: 'opens' },
        });
        expect(await runCampaignSend(services, campaign.id)).toBe('waiting');
      });
      await collect(`campaign test send from "${template.template_name}"`, () =>
        callerFor(services, admin).admin.campaigns.sendTest({
          to: 'campaign-test@example.com',
          name: template.template_name,
          subject: template.subject,
          htmlContent: template.html_content,
          variables: template.variable_defaults,
        }),
      );
      await collect(`template test send of "${template.template_name}"`, () =>
        callerFor(services, admin).admin.templates.sendTest({
          id: template.id,
          to: 'template-test@example.com',
          samples: template.variable_defaults,
        }),
      );
    }

    const all = paths.flatMap((p) => p.emails);
    const figures = paths.map(
      (p) =>
        `${p.path}: ${p.emails.filter(hasIdentity).length}/${p.emails.length} with identity, ` +
        `${p.emails.filter((e) => listIdOf(e) !== undefined).length}/${p.emails.length} with List-Id`,
    );
    figures.push(
      `all: ${all.filter(hasIdentity).length}/${all.length} with identity, ` +
        `${all.filter((e) => listIdOf(e) !== undefined).length}/${all.length} with List-Id`,
    );
    console.info(figures.join('\n'));

    for (const p of paths) expect(p.emails.length, p.path).toBeGreaterThan(0);
    expect(all.filter((e) => !hasIdentity(e)).map((e) => e.to[0])).toEqual([]);
    // RFC 2919: a phrase and <label.namespace>, here derived from APP_URL's host (localhost).
    for (const email of all) expect(listIdOf(email)).toBe('"Sterling Watch Buyers news" <news.localhost>');
    // The shipped templates' own unsubscribe link is kept, so the footer adds no second one.
    for (const email of all) expect(email.html?.match(/>Unsubscribe<\/a>/g)).toHaveLength(1);
  });
});
