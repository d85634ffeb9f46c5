import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { type ImportMapping, isYes, joinName, type SkipReason } from '#shared/contacts/import.ts';

// CSV text to import rows (decision 035): csv-parse reads the file (quotes, embedded commas and
// line breaks, a BOM, ; or tab separated exports), this module applies the column mapping and
// checks each row the way the sell form checks a submission.

/** The records of a CSV, header first; throws on text that is not CSV. */
export function parseCsv(text: string): string[][] {
  return parse(text, {
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true,
    trim: true,
    delimiter: detectDelimiter(text),
  });
}

/** Spreadsheets in some locales export with ; or a tab: the first line says which. */
function detectDelimiter(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

export interface ImportRow {
  /** Line in the file as a spreadsheet numbers it: the header is row 1. */
  row: number;
  email: string;
  fullName: string | null;
  phone: string | null;
  emailConsent: boolean;
  smsConsent: boolean;
}

export interface RejectedRow {
  row: number;
  email: string;
  fullName: string | null;
  phone: string | null;
  reason: SkipReason;
}

const PHONE = /^\+?[\d\s\-()]+$/;

function cell(record: readonly string[], at: number | null): string | null {
  if (at === null) return null;
  const value = record[at]?.trim() ?? '';
  return value === '' ? null : value;
}

/**
 * The data rows of a parsed CSV, checked. The first row of an address wins; a later one is a
 * duplicate. `consentGranted` is whether the import has a consent basis at all.
 */
export function toImportRows(
  records: readonly string[][],
  mapping: ImportMapping,
  consentGranted: boolean,
): { rows: ImportRow[]; rejected: RejectedRow[] } {
  const rows: ImportRow[] = [];
  const rejected: RejectedRow[] = [];
  const seen = new Set<string>();
  for (let i = 1; i < records.length; i++) {
    const record = records[i] ?? [];
    const row = i + 1;
    const email = cell(record, mapping.email) ?? '';
    const fullName = joinName(
      cell(record, mapping.fullName),
      cell(record, mapping.firstName),
      cell(record, mapping.lastName),
    );
    const phone = cell(record, mapping.phone);
    const reject = (reason: SkipReason) =>
      rejected.push({
        row,
        email: email.slice(0, 255),
        fullName: fullName?.slice(0, 200) ?? null,
        phone: phone?.slice(0, 50) ?? null,
        reason,
      });
    if (email.length > 255 || !z.regexes.email.test(email)) {
      reject('invalid_email');
      continue;
    }
    const key = email.toLowerCase();
    if (seen.has(key)) {
      reject('duplicate');
      continue;
    }
    seen.add(key);
    if (fullName !== null && [...fullName].length > 100) {
      reject('invalid_name');
      continue;
    }
    if (phone !== null && (phone.length > 20 || !PHONE.test(phone) || phone.replace(/\D/g, '').length < 8)) {
      reject('invalid_phone');
      continue;
    }
    rows.push({
      row,
      email,
      fullName,
      phone,
      emailConsent: consentGranted && (mapping.emailConsent === null || isYes(record[mapping.emailConsent])),
      smsConsent: consentGranted && mapping.smsConsent !== null && isYes(record[mapping.smsConsent]),
    });
  }
  return { rows, rejected };
}
