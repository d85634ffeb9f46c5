import { describe, expect, it } from 'vitest';
import { addressDomain, classifyProvider, isKnownDomain } from './providers.ts';

describe('classifyProvider (decision 074)', () => {
  it('knows the consumer domains without a lookup', () => {
    expect(classifyProvider('gmail.com')).toBe('gmail');
    expect(classifyProvider('googlemail.com')).toBe('gmail');
    expect(classifyProvider('outlook.com')).toBe('outlook');
    expect(classifyProvider('hotmail.com')).toBe('outlook');
    expect(classifyProvider('live.com')).toBe('outlook');
    expect(classifyProvider('msn.com')).toBe('outlook');
    expect(classifyProvider('yahoo.com')).toBe('yahoo');
    expect(classifyProvider('yahoo.com.au')).toBe('yahoo');
    expect(classifyProvider('icloud.com')).toBe('icloud');
    expect(classifyProvider('me.com')).toBe('icloud');
    expect(classifyProvider('mac.com')).toBe('icloud');
    expect(classifyProvider('bigpond.com')).toBe('bigpond');
    expect(classifyProvider('bigpond.net.au')).toBe('bigpond');
    expect(classifyProvider('telstra.com')).toBe('bigpond');
    expect(classifyProvider('optusnet.com.au')).toBe('optus');
  });

  it('is case- and trailing-dot-insensitive, and the table wins over the MX', () => {
    expect(classifyProvider('GMail.COM.')).toBe('gmail');
    expect(classifyProvider('gmail.com', ['mx.example.net'])).toBe('gmail');
  });

  it('reads a business domain by its MX hosts', () => {
    expect(classifyProvider('sterlingwatches.com.au', ['aspmx.l.google.com'])).toBe('gmail');
    expect(classifyProvider('firm.com.au', ['ALT1.ASPMX.L.GOOGLE.COM.'])).toBe('gmail');
    expect(classifyProvider('firm.com.au', ['firm-com-au.mail.protection.outlook.com'])).toBe('outlook');
    expect(classifyProvider('firm.com', ['mta5.am0.yahoodns.net'])).toBe('yahoo');
    expect(classifyProvider('family.id.au', ['mx01.mail.icloud.com'])).toBe('icloud');
    expect(classifyProvider('shop.com.au', ['mail.example.net', 'aspmx.l.google.com'])).toBe('gmail');
  });

  it('leaves the rest, and look-alike hosts, to "other"', () => {
    expect(classifyProvider('example.com')).toBe('other');
    expect(classifyProvider('example.com', ['mx.example.com'])).toBe('other');
    expect(classifyProvider('example.com', ['notgoogle.com'])).toBe('other');
    expect(classifyProvider('example.com', ['google.com.evil.net'])).toBe('other');
    expect(classifyProvider('')).toBe('other');
  });

  it('takes the domain of an address', () => {
    expect(addressDomain('Ava@GMAIL.com')).toBe('gmail.com');
    expect(addressDomain('"a@b"@example.com.au')).toBe('example.com.au');
    expect(addressDomain('no-at-sign')).toBe('');
    expect(isKnownDomain('Hotmail.com')).toBe(true);
    expect(isKnownDomain('example.com')).toBe(false);
  });
});
