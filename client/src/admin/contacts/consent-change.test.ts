import { describe, expect, it } from 'vitest';
import type { ConsentEvidence } from '#shared/contacts/consent.ts';
import { consentChange } from './consent-change.ts';

const contact = { id: 'c1', emailMarketingConsent: false, smsMarketingConsent: true };

describe('consent change', () => {
  it('is no change while the switches match the stored consent', () => {
    const change = consentChange(contact, { emailOn: false, smsOn: true });
    expect(change.changed).toBe(false);
    expect(change.switchedOn).toEqual([]);
    expect(change.input()).toEqual({ id: 'c1' });
  });

  it('asks evidence only for a channel switched on, and sends only what changed', () => {
    const on = consentChange(contact, { emailOn: true, smsOn: true });
    expect(on.switchedOn).toEqual(['e-mail marketing']);
    const evidence: ConsentEvidence = { basis: 'in_person', note: 'At the shop', obtainedOn: '2026-11-01' };
    expect(on.input(evidence)).toEqual({ id: 'c1', emailMarketingConsent: true, consentEvidence: evidence });

    const off = consentChange(contact, { emailOn: false, smsOn: false });
    expect(off.changed).toBe(true);
    expect(off.switchedOn).toEqual([]);
    expect(off.input()).toEqual({ id: 'c1', smsMarketingConsent: false });
  });
});
