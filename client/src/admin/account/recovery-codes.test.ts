import { describe, expect, it } from 'vitest';
import { recoveryCodesFilename, recoveryCodesText } from './recovery-codes.ts';

describe('recovery codes download', () => {
  it('names the file after the site and the member', () => {
    expect(recoveryCodesFilename('Sterling Watch Buyers', 'Sam.Lee@example.com')).toBe(
      'sterling-watch-buyers-recovery-codes-sam.lee-example.com.txt',
    );
  });

  it('has a short header, then the codes one per line', () => {
    const text = recoveryCodesText(
      'Sterling Watch Buyers',
      'sam@example.com',
      ['aaaa-bbbb', 'cccc-dddd'],
      new Date('2026-11-27T01:10:30Z'),
    );
    expect(text.split('\n')).toEqual([
      'Sterling Watch Buyers: two-factor recovery codes',
      'Account: sam@example.com',
      'Created: 2026-11-27 01:10 UTC',
      'Each code signs you in once. Keep this file somewhere safe; new codes replace these.',
      '',
      'aaaa-bbbb',
      'cccc-dddd',
      '',
    ]);
  });
});
