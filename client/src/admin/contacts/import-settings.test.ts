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

  it('guesses first and last name columns in their common spellings, not as the full name', () => {
    for (const [first, last] of [
      ['First name', 'Last name'],
      ['first_name', 'last_name'],
      ['firstname', 'lastname'],
      ['Given name', 'Surname'],
      ['Given names', 'Family name'],
    ] as const) {
      const { mapping } = initialImportSettings(['Email', first, last]);
      expect(mapping).toMatchObject({ email: '0', firstName: '1', lastName: '2', fullName: null });
      const settings = importSettings(view, {
        ...initialImportSettings(['Email', first, last]),
        basis: 'none',
      });
      expect(settings.mapping).toMatchObject({ firstName: 1, lastName: 2, fullName: null });
    }
    // A full-name column is still the full name, with the parts beside it.
    expect(initialImportSettings(['Full name', 'First name', 'Email']).mapping).toMatchObject({
      fullName: '0',
      firstName: '1',
    });
  });
});
