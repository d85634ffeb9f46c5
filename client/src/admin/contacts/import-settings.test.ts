import { describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES } from '#shared/contacts/import.ts';
import { importSettings, initialImportSettings } from './import-settings.ts';

const view = { id: 'i1' };

describe('import settings', () => {
  it('guesses the columns from the header and maps them to indexes', () => {
    const values = initialImportSettings(['Name', 'E-mail address', 'Mobile']);
    expect(values.mapping.email).toBe('1');
    expect(values.basis).toBeNull();
    const settings = importSettings(view, { ...values, basis: 'none' });
    expect(settings).toMatchObject({ id: 'i1', mapping: { email: 1, emailConsent: null }, consent: null });
  });

  it('needs the e-mail column, and the evidence of a consent basis', () => {
    const values = initialImportSettings(['Name']);
    expect(() => importSettings(view, values)).toThrow(IMPORT_MESSAGES.emailColumnRequired);
    const mapped = { ...values, mapping: { ...values.mapping, email: '0' }, basis: 'in_writing' };
    expect(() => importSettings(view, mapped)).toThrow();
    const evidenced = { ...mapped, note: 'Signed forms in the office', obtainedOn: '2025-01-31' };
    expect(importSettings(view, evidenced).consent).toMatchObject({
      basis: 'in_writing',
      obtainedOn: '2025-01-31',
    });
  });
});
