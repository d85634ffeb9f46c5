import { consentEvidenceSchema } from '#shared/contacts/consent.ts';
import {
  type ContactImportView,
  guessMapping,
  IMPORT_MESSAGES,
  type ImportField,
  importFields,
} from '#shared/contacts/import.ts';

/** The mapping and consent form of an import (decision 035), as the admin chose it. */
export interface ImportSettingsValues {
  /** Each field's column index as a Select value, or null: not imported. */
  mapping: Record<ImportField, string | null>;
  /** A consent basis, 'none' (no marketing) or null (not chosen yet). */
  basis: string | null;
  note: string;
  obtainedOn: string;
}

/** The columns guessed from the header row, no basis chosen. */
export function initialImportSettings(headers: readonly string[]): ImportSettingsValues {
  const guessed = guessMapping(headers);
  const mapping = {} as ImportSettingsValues['mapping'];
  for (const field of importFields)
    mapping[field] = guessed[field] === undefined ? null : String(guessed[field]);
  return { mapping, basis: null, note: '', obtainedOn: '' };
}

/**
 * The dry-run and start input, or an Error with the message to show: the e-mail column is needed,
 * and a consent basis needs its evidence (the shared consent schema's messages).
 */
export function importSettings(importView: Pick<ContactImportView, 'id'>, values: ImportSettingsValues) {
  const { mapping, basis } = values;
  if (mapping.email === null) throw new Error(IMPORT_MESSAGES.emailColumnRequired);
  const column = (value: string | null) => (value === null ? null : Number(value));
  let consent = null;
  if (basis !== null && basis !== 'none') {
    const parsed = consentEvidenceSchema.safeParse({
      basis,
      note: values.note,
      obtainedOn: values.obtainedOn,
    });
    if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'Check the consent evidence');
    consent = parsed.data;
  }
  return {
    id: importView.id,
    mapping: {
      email: Number(mapping.email),
      fullName: column(mapping.fullName),
      firstName: column(mapping.firstName),
      lastName: column(mapping.lastName),
      phone: column(mapping.phone),
      emailConsent: column(mapping.emailConsent),
      smsConsent: column(mapping.smsConsent),
    },
    consent,
  };
}
