import { z } from 'zod';

/**
 * How a contact agreed to marketing, when an admin records it (decision 012). The Spam Act 2003
 * lets a business send commercial messages with consent it can show; an admin's switch is only as
 * good as the evidence behind it, so switching a channel on asks for the basis, where the consent
 * is kept, and the day it was given.
 */
export const consentBases = ['in_person', 'phone_call', 'in_writing', 'existing_customer'] as const;
export type ConsentBasis = (typeof consentBases)[number];

export const CONSENT_BASIS_LABELS: Record<ConsentBasis, string> = {
  in_person: 'Agreed in person',
  phone_call: 'Agreed on a phone call',
  in_writing: 'Agreed in writing (form, letter or e-mail)',
  existing_customer: 'Existing customer who agreed to marketing',
};

export const CONSENT_MESSAGES = {
  basisRequired: 'Choose how the contact agreed',
  noteRequired: 'Say where the consent is recorded (at least 10 characters)',
  noteTooLong: 'The note must be less than 500 characters',
  dateInvalid: 'Enter the date the contact agreed',
  dateInFuture: 'The date cannot be in the future',
  evidenceRequired:
    'Switching marketing on needs the consent basis and a source note: record how and when this contact agreed.',
  emailSuppressed:
    'E-mails to this address are suppressed after a hard bounce or spam complaint, so e-mail marketing cannot be switched on.',
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Tomorrow's date anywhere in Australia is at most one day ahead of UTC; later is the future. */
function latestAllowedDay(now = new Date()): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

export const consentEvidenceSchema = z.object({
  basis: z.enum(consentBases, { error: CONSENT_MESSAGES.basisRequired }),
  note: z
    .string({ error: CONSENT_MESSAGES.noteRequired })
    .trim()
    .min(10, CONSENT_MESSAGES.noteRequired)
    .max(500, CONSENT_MESSAGES.noteTooLong),
  obtainedOn: z
    .string({ error: CONSENT_MESSAGES.dateInvalid })
    .regex(DAY, CONSENT_MESSAGES.dateInvalid)
    .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && day >= '1990-01-01', {
      message: CONSENT_MESSAGES.dateInvalid,
    })
    .refine((day) => day <= latestAllowedDay(), { message: CONSENT_MESSAGES.dateInFuture }),
});
export type ConsentEvidence = z.infer<typeof consentEvidenceSchema>;

export interface ConsentRecord {
  id: string;
  channels: ('email' | 'sms')[];
  basis: ConsentBasis;
  note: string;
  obtainedOn: string;
  recordedBy: string;
  createdAt: string;
}

/**
 * The consent evidence's source (leads.consent_source) in words. `admin:<email>` names the admin
 * who recorded consent; unknown values are shown as stored.
 */
export function consentSourceLabel(source: string | null): string {
  if (source === null) return '—';
  if (source.startsWith('admin:')) return `Recorded by ${source.slice('admin:'.length)}`;
  if (source.startsWith('import:'))
    return `Imported by ${source.slice('import:'.length)}, with a consent record`;
  switch (source) {
    case 'sell_form':
      return 'Sell form (before e-mail confirmation existed)';
    case 'sell_form_confirmed':
      return 'Sell form, confirmed through the link e-mailed to the address';
    case 'sell_form_unconfirmed':
      return 'Sell form, not confirmed: e-mail confirmation was turned off in Settings';
    case 'preferences':
      return 'Preferences page (signed link)';
    default:
      return source;
  }
}
