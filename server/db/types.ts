import type { Insertable, Selectable, Updateable } from 'kysely';
import type { EmailCampaigns, EmailTemplates, Leads, OutboxEmails } from './schema.ts';

// Names for rows the code passes around. server/db/schema.ts is generated (decision 048); these
// stay by hand so a regeneration never renames what the rest of the code imports.

export type {
  CampaignStatus,
  SendStatus,
  SuppressionReason,
  TemplateKind,
  UnsubscribeAction,
  UnsubscribeMethod,
} from './column-types.ts';

// The one mapping from the spec's table names to the code's word (decision 050): a person on the
// list is a contact everywhere in code and UI; the spec's `leads` table (and its `lead_id` columns)
// holds them. "Lead" in code means only the sell form's submission, as in the spec's lead payload.
export type Contact = Selectable<Leads>;
export type NewContact = Insertable<Leads>;
export type ContactUpdate = Updateable<Leads>;
export type EmailCampaign = Selectable<EmailCampaigns>;
export type EmailTemplate = Selectable<EmailTemplates>;
export type OutboxEmail = Selectable<OutboxEmails>;
