import type { ConditionKind, SegmentConditionInput } from '#shared/segments/schema.ts';

export const KIND_LABELS: Record<ConditionKind, string> = {
  consent: 'Consent state',
  created: 'Contact created between',
  enquiry: 'Has an enquiry',
  enquiry_source: 'Enquiry source or UTM',
  engagement: 'Campaign engagement',
  never_opened: 'Never opened a campaign',
  email_domain: 'E-mail domain',
};

/** A new condition of a kind, with the fields the editor starts from. */
export function emptyCondition(kind: ConditionKind): SegmentConditionInput {
  switch (kind) {
    case 'consent':
      return { kind, state: 'subscribed' };
    case 'created':
      return { kind, from: null, to: null };
    case 'enquiry':
      return { kind, brand: null, condition: null, from: null, to: null };
    case 'enquiry_source':
      return { kind, field: 'utm_source', op: 'is', value: '' };
    case 'engagement':
      return { kind, action: 'opened', campaignId: null, withinDays: 30 };
    case 'never_opened':
      return { kind };
    case 'email_domain':
      return { kind, domain: '' };
  }
}
