import { randomUUID } from 'node:crypto';
import type { LeadSubmitInput } from '#shared/leads/schema.ts';

/** A valid sell-form submission with its own address and event id; `overrides` change any field. */
export function leadSubmission(overrides: Partial<LeadSubmitInput> = {}): LeadSubmitInput {
  return {
    fullName: 'Jane Citizen',
    email: `jane.${randomUUID().slice(0, 8)}@example.com`,
    phone: '0412 345 678',
    watchBrand: 'Rolex',
    watchModel: 'Submariner',
    watchYear: '2019',
    watchCondition: 'Very Good - Minor wear',
    hasBox: true,
    hasPapers: false,
    additionalDetails: 'Serviced in 2023.',
    meta_event_id: `evt_${randomUUID()}`,
    utm_source: 'google',
    utm_medium: 'cpc',
    utm_campaign: 'brand',
    utm_content: null,
    utm_term: 'sell rolex',
    photo_upload_ids: [],
    ...overrides,
  };
}
