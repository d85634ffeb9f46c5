import type { ReactNode } from 'react';
import { enquiryOfferInputSchemaOn } from '#shared/enquiries/schemas.ts';
import { zod4Resolver } from '../widgets/zod-form-resolver.ts';

/** What the offer form holds: the amount as typed in dollars, blanks as empty strings. */
export interface OfferFormValues {
  amount: number | string;
  validUntil: string;
  conditions: string;
}

export const emptyOffer: OfferFormValues = { amount: '', validUntil: '', conditions: '' };

export function offerDollars(amount: number | string): number {
  return typeof amount === 'number' ? amount : Number.parseFloat(amount);
}

/** The recordOffer input: whole cents, blanks as null, as the shared schema takes it. */
export function offerInput(id: string, values: OfferFormValues) {
  return {
    id,
    amountCents: Math.round(offerDollars(values.amount) * 100),
    validUntil: values.validUntil || null,
    conditions: values.conditions.trim() || null,
  };
}

/**
 * The server's own rules and messages (the shared schema on the business's day, decision 026),
 * checked before the round trip; each field shows its first message, the amount's under the
 * dollars it was typed in.
 */
export function validateOffer(id: string, today: string) {
  const resolve = zod4Resolver(enquiryOfferInputSchemaOn(today), { errorPriority: 'first' });
  return (values: OfferFormValues): Record<string, ReactNode> => {
    const errors: Record<string, ReactNode> = {};
    for (const [path, message] of Object.entries(resolve(offerInput(id, values)))) {
      const field = path.split('.')[0] === 'amountCents' ? 'amount' : path.split('.')[0];
      if (field && !(field in errors)) errors[field] = message;
    }
    return errors;
  };
}

/**
 * Whether the offer about to be recorded repeats the latest one word for word (decision 095):
 * same amount, expiry and conditions. Recording it e-mails the seller the same offer again, so the
 * form asks first.
 */
export function repeatsOffer(
  input: { amountCents: number; validUntil: string | null; conditions: string | null },
  latest: { amountCents: number; validUntil: string | null; conditions: string | null } | undefined,
): boolean {
  return (
    latest !== undefined &&
    latest.amountCents === input.amountCents &&
    (latest.validUntil ?? null) === input.validUntil &&
    (latest.conditions?.trim() || null) === input.conditions
  );
}
