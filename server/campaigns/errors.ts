export type CampaignErrorKind = 'NOT_FOUND' | 'CONFLICT' | 'BAD_REQUEST';

/** A refusal the admin can act on; the router turns it into the tRPC error of the same code. */
export class CampaignError extends Error {
  override name = 'CampaignError';
  readonly kind: CampaignErrorKind;

  constructor(kind: CampaignErrorKind, message: string) {
    super(message);
    this.kind = kind;
  }
}
