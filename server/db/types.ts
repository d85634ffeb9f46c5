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

export type Lead = Selectable<Leads>;
export type NewLead = Insertable<Leads>;
export type LeadUpdate = Updateable<Leads>;
export type EmailCampaign = Selectable<EmailCampaigns>;
export type EmailTemplate = Selectable<EmailTemplates>;
export type OutboxEmail = Selectable<OutboxEmails>;
