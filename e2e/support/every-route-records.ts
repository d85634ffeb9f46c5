import { e2eDatabase } from './db.ts';

/** The records the every-route walk opens: its `$id` pages' ids and the names they show. */
export interface EveryRouteRecords {
  ids: Record<
    | 'flow'
    | 'sentCampaign'
    | 'draftCampaign'
    | 'template'
    | 'replyTemplate'
    | 'contact'
    | 'enquiry'
    | 'segment',
    string
  >;
  names: Record<'flow' | 'sentCampaign' | 'template' | 'replyTemplate' | 'contact' | 'segment', string>;
}

/**
 * Finds the demo data's records and makes the rest (decisions 056, 080), each named with `run`
 * so a run's records are told apart from an earlier run's in the same database.
 */
export async function everyRouteRecords(run: string): Promise<EveryRouteRecords> {
  const db = e2eDatabase();
  // The demo data's completed campaign (its figures and chart) and first marketing template.
  const sent = await db
    .selectFrom('email_campaigns')
    .select(['id', 'name'])
    .where('status', '=', 'completed')
    .orderBy('created_at')
    .executeTakeFirstOrThrow();
  const template = await db
    .selectFrom('email_templates')
    .select(['id', 'template_name'])
    .where('template_type', '=', 'marketing')
    .orderBy('created_at')
    .executeTakeFirstOrThrow();
  // A Buyer's template pages show reply templates only: one of its own for the Buyer's walk.
  const replyTemplate = await db
    .insertInto('email_templates')
    .values({
      template_name: `Every route reply ${run}`,
      template_type: 'reply',
      subject: 'About your watch',
      html_content: '<p>Hello {{first_name}}</p>',
    })
    .returning(['id', 'template_name'])
    .executeTakeFirstOrThrow();
  const draft = await db
    .insertInto('email_campaigns')
    .values({
      name: `Every route draft ${run}`,
      subject: 'What your watch could be worth',
      html_content: '<p>Hello {{first_name}}</p>',
      status: 'draft',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const contact = await db
    .insertInto('leads')
    .values({
      email: `seller-every-${run}@e2e.test`,
      full_name: 'Every Route Seller',
      phone: '0412 345 678',
      email_marketing_consent: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const enquiry = await db
    .insertInto('enquiries')
    .values({
      lead_id: contact.id,
      watch_brand: 'Rolex',
      watch_model: 'Submariner Date 126610LN',
      watch_condition: 'Excellent - Like new',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Unmatched mail (decision 060), so its page shows a message with a kept and a refused file.
  const stray = await db
    .insertInto('enquiry_incoming_messages')
    .values({
      enquiry_id: null,
      source: 'email',
      from_email: `stray-every-${run}@e2e.test`,
      from_name: 'Stray Sender',
      subject: 'Re: my watch',
      body_text: 'Is this still available? My reference number is in the attached file.',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('enquiry_incoming_attachments')
    .values([
      {
        message_id: stray.id,
        filename: 'receipt.pdf',
        content_type: 'application/pdf',
        bytes: 8,
        data: Buffer.from('%PDF-1.4'),
      },
      {
        message_id: stray.id,
        filename: 'setup.exe',
        content_type: 'application/x-msdownload',
        bytes: 100,
        refused_reason: 'file type not accepted',
      },
    ])
    .execute();
  const segment = await db
    .insertInto('segments')
    .values({
      name: `Every route segment ${run}`,
      match: 'all',
      conditions: JSON.stringify([{ kind: 'never_opened' }]),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // A flow with a wait and a branch (decision 066), so the editor shows nested lists.
  const flow = await db
    .insertInto('automation_flows')
    .values({ name: `Every route flow ${run}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('automation_flow_versions')
    .values({
      flow_id: flow.id,
      version: 1,
      definition: JSON.stringify({
        name: `Every route flow ${run}`,
        description: 'Welcome',
        trigger: { type: 'consent_confirmed' },
        reentry: 'once',
        respectQuietHours: true,
        steps: [
          { id: 'send-1', type: 'send', templateId: template.id, template: 'marketing' },
          { id: 'wait-1', type: 'wait', days: 2, hours: 0, minutes: 0 },
          {
            id: 'branch-1',
            type: 'branch',
            condition: { type: 'opened_previous' },
            then: [{ id: 'exit-1', type: 'exit' }],
            otherwise: [{ id: 'send-2', type: 'send', templateId: template.id, template: 'marketing' }],
          },
        ],
      }),
    })
    .execute();
  return {
    ids: {
      flow: flow.id,
      sentCampaign: sent.id,
      draftCampaign: draft.id,
      template: template.id,
      replyTemplate: replyTemplate.id,
      contact: contact.id,
      enquiry: enquiry.id,
      segment: segment.id,
    },
    names: {
      flow: `Every route flow ${run}`,
      sentCampaign: sent.name,
      template: template.template_name,
      replyTemplate: replyTemplate.template_name,
      contact: `seller-every-${run}@e2e.test`,
      segment: `Every route segment ${run}`,
    },
  };
}
