import type { ContactDetail, ContactUpdateInput } from '#shared/contacts/schemas.ts';
import type { ConsentEvidence } from '#shared/contacts/consent.ts';

/** The marketing switches as the admin set them, against the contact's stored consent. */
export function consentChange(
  contact: Pick<ContactDetail, 'id' | 'emailMarketingConsent' | 'smsMarketingConsent'>,
  switches: { emailOn: boolean; smsOn: boolean },
) {
  const emailChanged = switches.emailOn !== contact.emailMarketingConsent;
  const smsChanged = switches.smsOn !== contact.smsMarketingConsent;
  /** Channels being switched on: never silently, each needs consent evidence first (decision 012). */
  const switchedOn = [
    emailChanged && switches.emailOn ? 'e-mail marketing' : null,
    smsChanged && switches.smsOn ? 'SMS marketing' : null,
  ].filter((channel): channel is string => channel !== null);
  return {
    changed: emailChanged || smsChanged,
    switchedOn,
    /** The update to send: only the channels that changed, with the evidence when one is switched on. */
    input(consentEvidence?: ConsentEvidence): ContactUpdateInput {
      const input: ContactUpdateInput = { id: contact.id };
      if (emailChanged) input.emailMarketingConsent = switches.emailOn;
      if (smsChanged) input.smsMarketingConsent = switches.smsOn;
      if (consentEvidence) input.consentEvidence = consentEvidence;
      return input;
    },
  };
}
