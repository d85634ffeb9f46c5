import { enquiryStatusInputSchema } from '#shared/enquiries/schemas.ts';
import { offerDollars } from './offer-form.ts';

/** The setStatus input for Purchased: the price as typed in dollars, sent as whole cents. */
export function purchaseInput(id: string, amount: number | string) {
  const dollars = offerDollars(amount);
  return {
    id,
    to: 'purchased' as const,
    // A blank or unreadable amount is left out, so the schema says the price is needed.
    purchasePriceCents: Number.isFinite(dollars) ? Math.round(dollars * 100) : undefined,
  };
}

/**
 * The server's own check and message (the shared schema, decision 026), run before the round trip:
 * null when the price may be sent.
 */
export function purchasePriceError(id: string, amount: number | string): string | null {
  const parsed = enquiryStatusInputSchema.safeParse(purchaseInput(id, amount));
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}
