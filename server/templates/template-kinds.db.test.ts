import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFERED_TAGS, STARTER_TEMPLATE_HTML } from '#shared/templates/kinds.ts';
import { freshEngine, seedSubscribers, sendNow } from '#test/support/campaign-fixtures.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { type AcceptedEmail, type FakeResend, startFakeResend } from '#test/support/fake-resend.ts';
import { callerFor, codeOf, type RecordingJobQueue } from '#test/support/services.ts';
import type { SessionUser } from '../auth/session.ts';
import { runCampaignSend } from '../campaigns/engine/run.ts';
import { runEmailSendJob } from '../email/send-job.ts';
import type { JobPayload } from '../jobs/definitions.ts';
import type { AppServices } from '../services.ts';

// Each template kind holds only the merge tags its sending path fills (decision 011): a reply
// cannot fill {{unsubscribe_url}}, which the starter of a new reply template used to carry, so a
// seller got `href="{{unsubscribe_url}}"`. Everything goes through the real Resend SDK to the fake.

describe('merge tags by template kind', () => {
  const t = useTestDatabase();
  let fake: FakeResend;
  let jobs: RecordingJobQueue;
  let services: AppServices;
  let admin: SessionUser;
  let enquiryId: string;
  const api = () => callerFor(services, admin).admin;

  beforeAll(async () => {
    fake = await startFakeResend();
    ({ jobs, services } = await freshEngine(t.db, fake, 100));
    await seedSubscribers(t.db, 2);
    const user = await t.db
      .insertInto('users')
      .values({ email: 'kinds-admin@example.com', password_hash: 'not-used' })
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();
    admin = { id: user.id, email: user.email, role: 'owner' };
    const contact = await t.db
      .insertInto('leads')
      .values({ email: 'sam.seller@example.com', full_name: 'Sam Seller' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const enquiry = await t.db
      .insertInto('enquiries')
      .values({
        lead_id: contact.id,
        watch_brand: 'Omega',
        watch_model: 'Speedmaster',
        watch_year: 2015,
        watch_condition: 'Good',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    enquiryId = enquiry.id;
    await api().enquiries.recordOffer({
      id: enquiryId,
      amountCents: 420_000,
      validUntil: '2099-03-01',
      conditions: 'Subject to inspection',
    });
  });
  afterAll(async () => {
    await fake.close();
  });

  const template = (kind: 'marketing' | 'reply', tag: string) => ({
    kind,
    templateName: `${kind} ${tag}`,
    subject: `About {{${tag}}}`,
    htmlContent: STARTER_TEMPLATE_HTML[kind].replace('Write your message here.', `Value: {{${tag}}}.`),
    variables: [tag],
    variableDefaults: OFFERED_TAGS[kind].includes(tag) ? {} : { [tag]: 'Custom value' },
  });

  it('refuses to save a reply template with a tag replies cannot fill, naming it', async () => {
    const starter = { ...template('reply', 'first_name'), htmlContent: STARTER_TEMPLATE_HTML.marketing };
    await expect(api().templates.create(starter)).rejects.toThrow(
      '{{unsubscribe_url}} is not filled in a reply: use only {{first_name}}, {{full_name}}',
    );
    await expect(
      api().templates.create({
        ...template('reply', 'first_name'),
        subject: '{{valuation_url}} and {{email}}',
      }),
    ).rejects.toThrow('{{valuation_url}} is not filled in a reply');
    await expect(
      api().templates.create({ ...template('reply', 'first_name'), variables: ['watch'] }),
    ).rejects.toThrow('{{watch}} is not filled in a reply');
    // An update is checked against the stored template's kind.
    const saved = await api().templates.create(template('reply', 'reference'));
    const { kind: _kind, ...fields } = template('reply', 'reference');
    const update = { id: saved.id, ...fields, htmlContent: '<a href="{{preferences_url}}">Prefs</a>' };
    expect(await codeOf(api().templates.update(update))).toBe('BAD_REQUEST');
    await expect(api().templates.update(update)).rejects.toThrow(
      '{{preferences_url}} is not filled in a reply',
    );
    // A campaign fills custom tags from its values, so a marketing template may hold any tag.
    await expect(api().templates.create(template('marketing', 'valuation_url'))).resolves.toMatchObject({
      templateType: 'marketing',
    });
    await t.db.deleteFrom('email_templates').execute();
  });

  it('refuses to send a reply with a tag replies cannot fill, and queues nothing', async () => {
    const before = jobs.jobs.length;
    const reply = api().enquiries.reply({
      id: enquiryId,
      templateId: null,
      subject: 'Hello {{first_name}}',
      html: '<p>Hi</p><p><a href="{{unsubscribe_url}}">Unsubscribe</a></p>',
    });
    await expect(reply).rejects.toThrow('{{unsubscribe_url}} is not filled in a reply');
    expect(jobs.jobs.length).toBe(before);
    expect(await t.db.selectFrom('enquiry_messages').select('id').execute()).toEqual([]);
  });

  it('sends every tag each kind offers to the provider with no {{ left', async () => {
    const leftovers = (emails: AcceptedEmail[]) =>
      emails.filter((e) => `${e.subject}\n${e.html ?? ''}\n${e.text ?? ''}`.includes('{{'));
    const checked: string[] = [];

    // Replies: the starter and each reply field, sent as the composer sends them (tags left in the
    // text are merged again on the server), as the merged draft, and as the template's test.
    for (const tag of OFFERED_TAGS.reply) {
      const saved = await api().templates.create(template('reply', tag));
      const draft = await api().enquiries.replyPreview({ id: enquiryId, templateId: saved.id });
      for (const content of [{ subject: saved.subject, html: saved.htmlContent }, draft]) {
        const before = fake.emails.length;
        await api().enquiries.reply({ id: enquiryId, templateId: saved.id, ...content });
        const job = jobs.jobs.at(-1);
        expect(job?.name).toBe('email.send');
        await runEmailSendJob(services, job?.payload as JobPayload<'email.send'>);
        const sent = fake.emails.slice(before);
        expect(sent, `reply ${tag}`).toHaveLength(1);
        expect(leftovers(sent), `reply ${tag}`).toEqual([]);
        expect(sent[0]?.html).toContain('Reference ');
        checked.push(`reply × {{${tag}}}`);
      }
      // The template's test e-mail is sent as a reply: sample fields, no marketing footer, no list.
      const before = fake.emails.length;
      await api().templates.sendTest({ id: saved.id, to: 'tester@example.com', samples: {} });
      const [test] = fake.emails.slice(before);
      expect(leftovers(test ? [test] : []), `reply test ${tag}`).toEqual([]);
      expect(`${test?.subject} ${test?.html}`).not.toContain(`[${tag}]`);
      expect(test?.html).not.toContain('You are receiving');
      expect(test?.headers?.['List-Id']).toBeUndefined();
      checked.push(`reply test × {{${tag}}}`);
    }

    // Campaigns: each built-in tag and a custom one, through the engine and the template's test.
    for (const tag of [...OFFERED_TAGS.marketing, 'valuation_url']) {
      const saved = await api().templates.create(template('marketing', tag));
      const before = fake.emails.length;
      const campaign = await sendNow(services, {
        subject: saved.subject,
        html: saved.htmlContent,
        templateId: saved.id,
        variables: saved.variableDefaults,
      });
      expect(await runCampaignSend(services, campaign.id)).toBe('completed');
      await api().templates.sendTest({
        id: saved.id,
        to: 'tester@example.com',
        samples: saved.variableDefaults,
      });
      const sent = fake.emails.slice(before);
      expect(sent, `marketing ${tag}`).toHaveLength(3);
      expect(leftovers(sent), `marketing ${tag}`).toEqual([]);
      checked.push(`marketing × {{${tag}}}`);
    }
    expect(checked).toHaveLength(OFFERED_TAGS.reply.length * 3 + OFFERED_TAGS.marketing.length + 1);
  });
});
