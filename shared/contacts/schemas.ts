import { z } from 'zod';
import { listAnchorSchema, listPageSchema, searchTermSchema } from '../admin/lists.ts';
import { type ContactFilter, contactFilters } from '../admin/search-params.ts';
import { type ConsentRecord, consentEvidenceSchema } from './consent.ts';
import type { EnquiryStatus } from '../enquiries/status.ts';

export { type ContactFilter, contactFilters, type ContactsSearchParams } from '../admin/search-params.ts';

/** Admin contacts (leads): list, detail and consent edits (docs/spec/admin.md §2, §4, §7, §8). */

export const CONTACTS_PAGE_SIZE = 20;

export const CONTACT_FILTER_LABELS: Record<ContactFilter, string> = {
  all: 'All Contacts',
  subscribed: 'Subscribed',
  pending: 'Pending confirmation',
  unsubscribed: 'Unsubscribed',
};

export const CONTACT_MESSAGES = {
  notFound: 'Contact not found',
  noContacts: 'No contacts found',
  tryAdjustingSearch: 'Try adjusting your search',
  updated: 'Contact updated',
  updatedDescription: 'Contact preferences have been updated successfully',
  updateFailed: 'Update failed',
  emailLocked:
    'This contact has unsubscribed from marketing e-mails. Their e-mail consent cannot be turned back on here; only they can resubscribe, through the link in an e-mail.',
  smsLocked:
    'This contact has unsubscribed from marketing SMS. Their SMS consent cannot be turned back on here; only they can resubscribe, through the link in an e-mail.',
  nothingToUpdate: 'Nothing to update',
  exportSuccessTitle: 'Export successful',
  exportFailed: 'Export failed',
} as const;

export function contactsExportedMessage(count: number): string {
  return `Exported ${count} contact${count === 1 ? '' : 's'} to CSV`;
}

export const contactFilterSchema = z.enum(contactFilters);

export const contactsListInputSchema = z.object({
  search: searchTermSchema,
  filter: contactFilterSchema.default('all'),
  /** Only the contacts one import brought in (decision 035). */
  import: z.uuid('Import not found').optional(),
  page: listPageSchema,
  anchor: listAnchorSchema.optional(),
});

/** Query string of the CSV export: the same filter and search as the list. */
export const contactsExportQuerySchema = z.object({
  filter: contactFilterSchema.default('all'),
  search: searchTermSchema,
  import: z.uuid('Import not found').optional(),
});

export const contactGetInputSchema = z.object({ id: z.uuid() });

export const contactUpdateInputSchema = z
  .object({
    id: z.uuid(),
    emailMarketingConsent: z.boolean().optional(),
    smsMarketingConsent: z.boolean().optional(),
    /** Required when a channel is switched on (see consent.ts). */
    consentEvidence: consentEvidenceSchema.optional(),
  })
  .refine((v) => v.emailMarketingConsent !== undefined || v.smsMarketingConsent !== undefined, {
    message: CONTACT_MESSAGES.nothingToUpdate,
  });
export type ContactUpdateInput = z.input<typeof contactUpdateInputSchema>;

export interface ContactSummary {
  id: string;
  email: string;
  fullName: string | null;
  phone: string | null;
  emailMarketingConsent: boolean;
  smsMarketingConsent: boolean;
  /** Asked for on the sell form, waiting for the address to confirm (decision 016). */
  emailConsentPending: boolean;
  smsConsentPending: boolean;
  createdAt: string;
  emailUnsubscribedAt: string | null;
}

export interface ContactsStats {
  total: number;
  subscribed: number;
  pending: number;
  unsubscribed: number;
}

export interface ContactEnquiry {
  id: string;
  /** Where the enquiry stands on the desk (decision 026), shown as its badge. */
  status: EnquiryStatus;
  /** Name and phone as this enquiry submitted them (an unverified submission never changes the contact's). */
  contactName: string | null;
  contactPhone: string | null;
  /** The marketing boxes as this enquiry ticked them. */
  emailConsentRequested: boolean;
  smsConsentRequested: boolean;
  watchBrand: string;
  watchModel: string | null;
  watchYear: number | null;
  watchCondition: string;
  hasBox: boolean;
  hasPapers: boolean;
  additionalDetails: string | null;
  source: string;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  photoIds: string[];
  createdAt: string;
}

export interface ContactCampaignSend {
  id: string;
  campaignId: string;
  campaignName: string;
  status: string;
  sentAt: string | null;
  openedAt: string | null;
  clickedAt: string | null;
  createdAt: string;
}

export interface ContactUnsubscribeEvent {
  id: string;
  action: string;
  method: string;
  createdAt: string;
}

export interface ContactDetail {
  id: string;
  email: string;
  fullName: string | null;
  phone: string | null;
  emailMarketingConsent: boolean;
  smsMarketingConsent: boolean;
  emailConsentPending: boolean;
  smsConsentPending: boolean;
  /** When the sell form last asked for consent (the start of a pending request). */
  consentRequestedAt: string | null;
  emailUnsubscribedAt: string | null;
  unsubscribeReason: string | null;
  smsUnsubscribedAt: string | null;
  suppressedAt: string | null;
  suppressionReason: string | null;
  consentAt: string | null;
  consentSource: string | null;
  consentIp: string | null;
  consentUserAgent: string | null;
  createdAt: string;
  updatedAt: string;
  enquiries: ContactEnquiry[];
  /** The latest campaign e-mails to this contact (at most CONTACT_SENDS_LIMIT). */
  sends: ContactCampaignSend[];
  unsubscribeEvents: ContactUnsubscribeEvent[];
  /** Consent admins recorded, newest first. */
  consentRecords: ConsentRecord[];
}

export const CONTACT_SENDS_LIMIT = 50;

/** Adding, editing and erasing a contact by hand (decisions 012 and 036). */
export const CONTACT_LIFECYCLE_MESSAGES = {
  created: 'Contact added',
  exists: 'A contact with this e-mail address already exists',
  detailsSaved: 'Contact details saved',
  erased: 'Contact erased',
  confirmationMismatch: 'Type the contact’s e-mail address exactly to confirm',
  nameTooLong: 'The name must be at most 100 characters',
  phoneInvalid: 'Enter a phone number of 8 to 20 digits, spaces, brackets or dashes',
} as const;

const optionalName = z
  .string()
  .trim()
  .max(100, CONTACT_LIFECYCLE_MESSAGES.nameTooLong)
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .default(null);

const optionalPhone = z
  .string()
  .trim()
  .refine(
    (v) => v === '' || (/^\+?[\d\s\-()]+$/.test(v) && v.length <= 20 && v.replace(/\D/g, '').length >= 8),
    {
      message: CONTACT_LIFECYCLE_MESSAGES.phoneInvalid,
    },
  )
  .transform((v) => (v === '' ? null : v))
  .nullable()
  .default(null);

export const contactCreateInputSchema = z.object({
  email: z
    .string()
    .trim()
    .max(255)
    .pipe(z.email({ error: 'Enter a valid e-mail address' })),
  fullName: optionalName,
  phone: optionalPhone,
  /** Null: the contact is added without marketing consent. */
  consentEvidence: consentEvidenceSchema.nullable(),
  smsMarketingConsent: z.boolean().default(false),
});

export const contactDetailsInputSchema = z.object({
  id: z.uuid(),
  fullName: optionalName,
  phone: optionalPhone,
});

export const contactEraseInputSchema = z.object({
  id: z.uuid(),
  /** The contact's e-mail address, typed by the admin to confirm. */
  confirmation: z.string().trim().min(1, CONTACT_LIFECYCLE_MESSAGES.confirmationMismatch).max(255),
});
export const CONTACT_ENQUIRIES_LIMIT = 50;
