import { z } from 'zod';
import { consentEvidenceSchema } from './consent.ts';

/**
 * Contact import (decision 035): a CSV with a header row, its columns mapped to
 * the contact's fields, and the consent basis the business holds for the rows that agreed.
 */

/** The largest CSV accepted (about 250,000 typical rows). */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 250_000;
/** Rows of the dry run shown on the page; the counts cover every row. */
export const DRY_RUN_ROWS_SHOWN = 500;
export const IMPORT_PREVIEW_ROWS = 5;

export const IMPORT_UPLOAD_PATH = '/api/admin/contact-imports';

export const importFields = [
  'email',
  'fullName',
  'firstName',
  'lastName',
  'phone',
  'emailConsent',
  'smsConsent',
] as const;
export type ImportField = (typeof importFields)[number];

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  email: 'E-mail',
  fullName: 'Full name',
  firstName: 'First name (joined into the full name)',
  lastName: 'Last name (joined into the full name)',
  phone: 'Phone',
  emailConsent: 'E-mail marketing consent (yes/no)',
  smsConsent: 'SMS marketing consent (yes/no)',
};

export const IMPORT_MESSAGES = {
  emailColumnRequired: 'Choose the column that holds the e-mail address',
  sameColumnTwice: 'A column can be mapped to one field only',
  basisForConsentColumn: 'A consent column needs the consent basis: choose how these contacts agreed',
  notFound: 'Import not found',
  notDraft: 'This import has already been started',
  dryRunFirst: 'Run the dry run first',
  notRunning: 'This import is not running',
  empty: 'The CSV has no rows under its header',
  tooManyRows: `An import takes at most ${MAX_IMPORT_ROWS.toLocaleString('en-AU')} rows`,
  tooLarge: `The CSV is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB`,
  unreadable: 'The file could not be read as CSV',
} as const;

const column = z.number().int().min(0).max(999);

export const importMappingSchema = z
  .object({
    email: column,
    fullName: column.nullable().default(null),
    // A file with the name in two columns: joined into the full name (decision 035).
    firstName: column.nullable().default(null),
    lastName: column.nullable().default(null),
    phone: column.nullable().default(null),
    emailConsent: column.nullable().default(null),
    smsConsent: column.nullable().default(null),
  })
  .refine(
    (m) => {
      const used = Object.values(m).filter((v): v is number => v !== null);
      return new Set(used).size === used.length;
    },
    { message: IMPORT_MESSAGES.sameColumnTwice },
  );
export type ImportMapping = z.output<typeof importMappingSchema>;

/**
 * With a basis, every row agrees to e-mail marketing unless an e-mail consent column says no for it;
 * SMS only where an SMS consent column says yes. Without one, nobody gets consent from the import.
 */
export const importSettingsSchema = z
  .object({
    id: z.uuid(),
    mapping: importMappingSchema,
    consent: consentEvidenceSchema.nullable(),
  })
  .refine((v) => v.consent !== null || (v.mapping.emailConsent === null && v.mapping.smsConsent === null), {
    message: IMPORT_MESSAGES.basisForConsentColumn,
    path: ['consent'],
  });

export const importIdInputSchema = z.object({ id: z.uuid() });

export const importOutcomes = ['create', 'update', 'unchanged', 'skip'] as const;
export type ImportOutcome = (typeof importOutcomes)[number];

export const skipReasons = [
  'invalid_email',
  'invalid_name',
  'invalid_phone',
  'duplicate',
  'unsubscribed',
  'suppressed',
] as const;
export type SkipReason = (typeof skipReasons)[number];

export const SKIP_REASON_LABELS: Record<SkipReason, string> = {
  invalid_email: 'Invalid e-mail address',
  invalid_name: 'Name longer than 100 characters',
  invalid_phone: 'Invalid phone number',
  duplicate: 'Duplicate of an earlier row in the file',
  unsubscribed: 'Unsubscribed: an import never re-subscribes a contact',
  suppressed: 'On the suppression list',
};

export interface ImportRowOutcome {
  /** The row's line in the file: the header is row 1. */
  row: number;
  email: string;
  outcome: ImportOutcome;
  reason: SkipReason | null;
}

export interface ImportCounts {
  create: number;
  update: number;
  unchanged: number;
  skip: number;
}

/**
 * E-mail marketing state each imported row's contact will have after the import (skipped rows are
 * not counted): subscribed (consent, may be mailed), pending (asked on the sell form and still
 * waiting for the confirmation link: the import sends no e-mail, decision 016) or not subscribed.
 */
export interface ImportConsentCounts {
  subscribed: number;
  pending: number;
  notSubscribed: number;
}

export interface DryRunResult {
  counts: ImportCounts;
  consent: ImportConsentCounts;
  /** The first DRY_RUN_ROWS_SHOWN rows, in file order. */
  rows: ImportRowOutcome[];
  totalRows: number;
}

export type ContactImportStatus = 'draft' | 'queued' | 'running' | 'completed' | 'cancelled' | 'failed';

export const IMPORT_STATUS_LABELS: Record<ContactImportStatus, string> = {
  draft: 'Not started',
  queued: 'Waiting for the worker',
  running: 'Importing',
  completed: 'Completed',
  cancelled: 'Cancelled',
  failed: 'Failed',
};

export interface ContactImportView {
  id: string;
  status: ContactImportStatus;
  fileName: string | null;
  headers: string[];
  /** The first rows under the header, to map the columns by. */
  preview: string[][];
  totalRows: number;
  processedRows: number;
  created: number;
  updated: number;
  unchanged: number;
  rejected: number;
  /** Contacts the import created, updated or found unchanged: the contacts list's `import` filter. */
  contacts: number;
  cancelRequested: boolean;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/** What the upload answers: the new import, ready to map. */
export interface ImportUploadResult {
  id: string;
}

const TRUTHY = new Set(['yes', 'y', 'true', '1', 'x', 'opted in', 'subscribed', 'agreed']);

/** A consent cell that says yes, in the ways spreadsheets say it. */
export function isYes(value: string | undefined): boolean {
  return value !== undefined && TRUTHY.has(value.trim().toLowerCase());
}

/** A first guess at the mapping from the header's names. */
export function guessMapping(headers: readonly string[]): Partial<Record<ImportField, number>> {
  const find = (pattern: RegExp) => {
    const at = headers.findIndex((h) => pattern.test(h.trim().toLowerCase()));
    return at >= 0 ? at : undefined;
  };
  const guess: Partial<Record<ImportField, number>> = {};
  const email = find(/^(e-?mail|email address|e-mail address)$/) ?? find(/mail/);
  if (email !== undefined) guess.email = email;
  const firstName = find(/^(first[ _-]?name|given[ _-]?names?|forename)$/);
  if (firstName !== undefined) guess.firstName = firstName;
  const lastName = find(/^(last[ _-]?name|surname|family[ _-]?name)$/);
  if (lastName !== undefined) guess.lastName = lastName;
  const name =
    find(/^(full[ _-]?name|name|contact name)$/) ??
    (firstName === undefined && lastName === undefined ? find(/name/) : undefined);
  if (name !== undefined) guess.fullName = name;
  const phone = find(/phone|mobile/);
  if (phone !== undefined) guess.phone = phone;
  const emailConsent = find(/(e-?mail).*(consent|opt|subscri)|^consent$|marketing/);
  if (emailConsent !== undefined && emailConsent !== email) guess.emailConsent = emailConsent;
  const smsConsent = find(/sms/);
  if (smsConsent !== undefined) guess.smsConsent = smsConsent;
  return guess;
}

/**
 * The contact's full name from a row: the full-name column when it has one, otherwise the first and
 * last name columns joined ("Olivia" + "Brown" is "Olivia Brown"; either alone is the name).
 */
export function joinName(
  fullName: string | null,
  firstName: string | null,
  lastName: string | null,
): string | null {
  if (fullName !== null) return fullName;
  const joined = [firstName, lastName].filter((p): p is string => p !== null && p !== '').join(' ');
  return joined === '' ? null : joined;
}
