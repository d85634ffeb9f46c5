import { sql } from 'kysely';
import { type FlowDefinition, flowDefinitionSchema } from '#shared/automations/flows.ts';
import type { BlockDocument } from '#shared/templates/blocks.ts';
import type { Database, DbTransaction } from '../db/database.ts';
import { renderBlocksBody } from '../email/layout/blocks.ts';

// The starter flows (decision 064): every install has them, switched off until the business
// switches one on. Each starter is created once: automation_starters remembers the key, so a flow
// the business deleted stays deleted, and the keys on the flow and its templates make a second
// run (two processes starting together) a no-op.

interface StarterTemplate {
  key: string;
  kind: 'marketing' | 'reply';
  name: string;
  subject: string;
  preheader: string;
  description: string;
  variables: string[];
  /** Marketing templates are built from blocks like the editor's; replies are plain paragraphs. */
  content: (appUrl: string) => { blocks: BlockDocument } | { html: string };
}

export const STARTER_TEMPLATES: readonly StarterTemplate[] = [
  {
    key: 'welcome-1',
    kind: 'marketing',
    name: 'Starter: welcome',
    subject: 'Welcome, and what to expect from us',
    preheader: 'Thank you for subscribing, {{first_name}}: a word on how we buy fine watches',
    description: 'First e-mail of the welcome series, sent as soon as a contact confirms consent',
    variables: ['first_name'],
    content: (appUrl) => ({
      blocks: {
        version: 1,
        blocks: [
          { type: 'heading', text: 'Welcome, and thank you for subscribing', level: 1 },
          {
            type: 'richText',
            html: '<p>Dear {{first_name}},</p><p>Thank you for confirming you would like to hear from us. A few times a month we will share what the market is paying for fine watches, the references we are looking for, and the occasional note from our workshop. Nothing more, and you can unsubscribe at any time.</p>',
          },
          {
            type: 'richText',
            html: '<p>If you are thinking of selling now, tell us about your watch online. We reply with a free, no-obligation valuation, usually within one business day.</p>',
          },
          { type: 'button', label: 'Request a valuation', url: `${appUrl}/sell` },
          { type: 'footer' },
        ],
      },
    }),
  },
  {
    key: 'welcome-2',
    kind: 'marketing',
    name: 'Starter: how we value a watch',
    subject: 'How we arrive at a fair price for your watch',
    preheader: '{{first_name}}, the five things we look at when we value a watch',
    description: 'Second e-mail of the welcome series, three days after the first',
    variables: ['first_name'],
    content: (appUrl) => ({
      blocks: {
        version: 1,
        blocks: [
          { type: 'heading', text: 'How we value a watch', level: 1 },
          {
            type: 'richText',
            html: '<p>Dear {{first_name}},</p><p>Every offer we make starts with the same five questions: the exact reference, its condition, whether the box and papers are present, its service history, and what comparable pieces have recently sold for in Australia and overseas.</p>',
          },
          {
            type: 'richText',
            html: '<p>Our watchmakers authenticate every watch before we buy it, and we pay by bank transfer on the day. If you would like to know what yours could be worth, a few photos are all we need to start.</p>',
          },
          { type: 'button', label: 'Start a valuation', url: `${appUrl}/sell` },
          { type: 'footer' },
        ],
      },
    }),
  },
  {
    key: 'offer-reminder',
    kind: 'reply',
    name: 'Starter: offer reminder',
    subject: 'Our offer for your {{watch_brand}} {{watch_model}} ({{reference}})',
    preheader: 'Any questions about our offer? We are happy to talk it through',
    description: 'Reply sent as the assignee 48 hours after an offer the seller has not answered',
    variables: ['first_name', 'watch_brand', 'watch_model', 'reference', 'offer_amount', 'business_phone'],
    content: () => ({
      html: '<p>Dear {{first_name}},</p><p>I wanted to check that our offer of {{offer_amount}} for your {{watch_brand}} {{watch_model}} reached you. If anything about it is unclear, or you would like to talk through how we arrived at the figure, simply reply to this e-mail or call us on {{business_phone}}.</p><p>There is no obligation at all, and if you have decided to keep the watch, a quick note saying so is just as welcome.</p><p>Kind regards</p>',
    }),
  },
  {
    key: 'thank-you',
    kind: 'reply',
    name: 'Starter: thank you for your sale',
    subject: 'Thank you for selling your {{watch_brand}} to us',
    preheader: 'A note of thanks, and our details should you need them',
    description: 'Reply sent as the assignee the day after an enquiry is marked Purchased',
    variables: ['first_name', 'watch_brand', 'watch_model', 'reference', 'business_phone'],
    content: () => ({
      html: '<p>Dear {{first_name}},</p><p>Thank you for trusting us with your {{watch_brand}} {{watch_model}}. It was a pleasure dealing with you, and we hope the whole process was as straightforward as we promised.</p><p>Please keep this e-mail for your records (our reference is {{reference}}). If any question comes up about the sale or the payment, reply here or call us on {{business_phone}}.</p><p>With our thanks</p>',
    }),
  },
  {
    key: 'review-request',
    kind: 'marketing',
    name: 'Starter: review request',
    subject: 'How did we do, {{first_name}}?',
    preheader: 'Two minutes of your time would help other owners choose who to sell to',
    description: 'Asks a seller for a review a week after the purchase',
    variables: ['first_name'],
    content: () => ({
      blocks: {
        version: 1,
        blocks: [
          { type: 'heading', text: 'How did we do?', level: 1 },
          {
            type: 'richText',
            html: '<p>Dear {{first_name}},</p><p>A week ago you sold us your watch. We would be grateful for a few words about how it went: what we did well, and anything we could have done better.</p><p>Simply reply to this e-mail. With your permission we may quote a line or two, by first name only, to help other owners decide who to trust with their watch.</p>',
          },
          { type: 'footer' },
        ],
      },
    }),
  },
  {
    key: 'selling-another',
    kind: 'marketing',
    name: 'Starter: selling another watch?',
    subject: 'A year on: thinking of selling another watch?',
    preheader: '{{first_name}}, it is a year since you sold us your watch',
    description: 'Sent on the anniversary of a purchase, each year',
    variables: ['first_name'],
    content: (appUrl) => ({
      blocks: {
        version: 1,
        blocks: [
          { type: 'heading', text: 'A year on, thank you again', level: 1 },
          {
            type: 'richText',
            html: '<p>Dear {{first_name}},</p><p>It is a year to the day since you sold us your watch, and we wanted to say thank you once more. If there is another piece in your collection you are ready to part with, we would be glad to value it: the same free, no-obligation offer, authenticated by our watchmakers and paid by bank transfer.</p>',
          },
          { type: 'button', label: 'Request a valuation', url: `${appUrl}/sell` },
          { type: 'footer' },
        ],
      },
    }),
  },
  {
    key: 'still-subscribed',
    kind: 'marketing',
    name: 'Starter: do you still want to hear from us?',
    subject: 'Do you still want to hear from us, {{first_name}}?',
    preheader: 'One click keeps our market updates coming; otherwise we will stop',
    description:
      'The re-permission e-mail (decision 089): sent once to a contact who has not opened or clicked for the sunset period',
    variables: ['first_name'],
    content: () => ({
      blocks: {
        version: 1,
        blocks: [
          { type: 'heading', text: 'Do you still want to hear from us?', level: 1 },
          {
            type: 'richText',
            html: '<p>Dear {{first_name}},</p><p>It has been a while since you opened one of our e-mails, and we would rather not fill your inbox with messages you no longer read. If you would still like our market updates and the occasional offer, please tell us with one click.</p>',
          },
          { type: 'button', label: 'Yes, keep me subscribed', url: '{{still_subscribed_url}}' },
          {
            type: 'richText',
            html: '<p>If we do not hear from you, we will stop sending our regular e-mails and will not ask again. You are welcome back at any time: simply subscribe again on our <a href="{{preferences_url}}">preferences page</a>.</p>',
          },
          { type: 'footer' },
        ],
      },
    }),
  },
];

interface StarterFlow {
  key: string;
  definition: (template: (key: string) => string) => FlowDefinition;
}

export const STARTER_FLOWS: readonly StarterFlow[] = [
  {
    key: 'welcome-series',
    definition: (template) => ({
      name: 'Welcome series',
      description: 'Welcomes a new subscriber at once, then explains how you value a watch three days later.',
      trigger: { type: 'consent_confirmed' },
      reentry: 'once',
      respectQuietHours: true,
      steps: [
        { id: 'welcome', type: 'send', templateId: template('welcome-1'), template: 'marketing' },
        { id: 'three-days', type: 'wait', days: 3, hours: 0, minutes: 0 },
        { id: 'how-we-value', type: 'send', templateId: template('welcome-2'), template: 'marketing' },
      ],
    }),
  },
  {
    key: 'offer-reminder',
    definition: (template) => ({
      name: 'Offer reminder',
      description:
        'Forty-eight hours after an offer, reminds a seller who has not answered, as the enquiry’s assignee.',
      trigger: { type: 'enquiry_status', status: 'offer_made', brands: [] },
      reentry: 'per_occurrence',
      respectQuietHours: true,
      steps: [
        { id: 'two-days', type: 'wait', days: 2, hours: 0, minutes: 0 },
        {
          id: 'still-open',
          type: 'branch',
          condition: { type: 'enquiry_status', statuses: ['offer_made'] },
          then: [{ id: 'remind', type: 'send', templateId: template('offer-reminder'), template: 'reply' }],
          otherwise: [{ id: 'answered', type: 'exit' }],
        },
      ],
    }),
  },
  {
    key: 'thank-you-review',
    definition: (template) => ({
      name: 'Thank you and review request',
      description: 'Thanks the seller the day after a purchase and asks for a review a week after it.',
      trigger: { type: 'enquiry_status', status: 'purchased', brands: [] },
      reentry: 'per_occurrence',
      respectQuietHours: true,
      steps: [
        { id: 'next-day', type: 'wait', days: 1, hours: 0, minutes: 0 },
        { id: 'thank-you', type: 'send', templateId: template('thank-you'), template: 'reply' },
        { id: 'six-days', type: 'wait', days: 6, hours: 0, minutes: 0 },
        { id: 'review', type: 'send', templateId: template('review-request'), template: 'marketing' },
      ],
    }),
  },
  {
    key: 'selling-another',
    definition: (template) => ({
      name: 'Selling another watch?',
      description:
        'On each anniversary of a purchase, asks the seller whether they have another watch to sell.',
      trigger: { type: 'after_purchase', days: 0, yearly: true },
      reentry: 'per_occurrence',
      respectQuietHours: true,
      steps: [
        { id: 'anniversary', type: 'send', templateId: template('selling-another'), template: 'marketing' },
      ],
    }),
  },
  {
    // The sunset policy's re-permission flow (decision 089): asked once ever ("once"), so a contact
    // who does not answer is left out of campaigns and never asked again; a "yes" brings them back.
    key: 're-permission',
    definition: (template) => ({
      name: 'Still want to hear from us?',
      description:
        'Asks a contact who has had no open or click for the sunset period in Settings, once, whether they still want your e-mails; a yes brings them back into campaigns.',
      trigger: { type: 'became_inactive' },
      reentry: 'once',
      respectQuietHours: true,
      steps: [{ id: 'ask', type: 'send', templateId: template('still-subscribed'), template: 'marketing' }],
    }),
  },
];

async function ensureTemplate(trx: DbTransaction, appUrl: string, starter: StarterTemplate): Promise<string> {
  const content = starter.content(appUrl);
  const html = 'blocks' in content ? renderBlocksBody({ url: appUrl }, content.blocks) : content.html;
  await trx
    .insertInto('email_templates')
    .values({
      starter_key: starter.key,
      template_type: starter.kind,
      template_name: starter.name,
      subject: starter.subject,
      preheader: starter.preheader,
      description: starter.description,
      html_content: html,
      blocks: 'blocks' in content ? JSON.stringify(content.blocks) : null,
      variables: starter.variables,
      variable_defaults: {},
    })
    .onConflict((oc) => oc.column('starter_key').doNothing())
    .execute();
  const row = await trx
    .selectFrom('email_templates')
    .select('id')
    .where('starter_key', '=', starter.key)
    // Held until the flow's version is written, as a flow save holds its templates (decision 066).
    .forKeyShare()
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Creates the starter flows not created before, each with its templates, switched off. Returns the
 * keys it created (empty on every run after the first).
 */
export async function ensureStarterFlows(db: Database, options: { appUrl: string }): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    // Two processes starting together: the second waits here and then finds every key recorded.
    await sql`SELECT pg_advisory_xact_lock(hashtext('watch-platform:starter-flows'))`.execute(trx);
    const created: string[] = [];
    for (const starter of STARTER_FLOWS) {
      const fresh = await trx
        .insertInto('automation_starters')
        .values({ starter_key: starter.key })
        .onConflict((oc) => oc.doNothing())
        .returning('starter_key')
        .executeTakeFirst();
      if (!fresh) continue;
      const templateIds = new Map<string, string>();
      for (const template of STARTER_TEMPLATES)
        templateIds.set(template.key, await ensureTemplate(trx, options.appUrl, template));
      const definition = flowDefinitionSchema.parse(
        starter.definition((key) => {
          const id = templateIds.get(key);
          if (!id) throw new Error(`Starter template ${key} is not defined`);
          return id;
        }),
      );
      // A flow of the business's own may already have the name: the starter then takes a suffix.
      const names = [definition.name, `${definition.name} (starter)`];
      const taken = await trx
        .selectFrom('automation_flows')
        .select('name')
        .where('name', 'in', names)
        .execute();
      const name = names.find((candidate) => !taken.some((row) => row.name === candidate));
      if (!name) continue;
      const flow = await trx
        .insertInto('automation_flows')
        .values({ name, description: definition.description, starter_key: starter.key })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!flow) continue;
      await trx
        .insertInto('automation_flow_versions')
        .values({ flow_id: flow.id, version: 1, definition: JSON.stringify({ ...definition, name }) })
        .execute();
      created.push(starter.key);
    }
    return created;
  });
}
