import type { FakeZone } from '#test/support/fake-dns.ts';
import { E2E_INBOUND_DOMAIN } from './constants.ts';

/** The e2e app's From domain: the site's default address, which no spec changes for long. */
export const E2E_FROM_DOMAIN = 'sterlingwatchbuyers.com.au';

/**
 * What the e2e app's DNS_RESOLVER answers (decision 073), one state per check: SPF passes, no DKIM
 * key is published (missing), DMARC asks strict SPF alignment that send.<domain> cannot meet with
 * no DKIM to align instead (misaligned), and the inbound domain's MX is the provider's (pass).
 */
export const E2E_DNS_ZONE: FakeZone = {
  [E2E_FROM_DOMAIN]: { A: ['192.0.2.20'] },
  [`send.${E2E_FROM_DOMAIN}`]: { TXT: ['v=spf1 include:amazonses.com ~all'] },
  [`_dmarc.${E2E_FROM_DOMAIN}`]: { TXT: ['v=DMARC1; p=reject; aspf=s'] },
  [E2E_INBOUND_DOMAIN]: { MX: [{ exchange: 'inbound-smtp.us-east-1.amazonaws.com', priority: 10 }] },
};
