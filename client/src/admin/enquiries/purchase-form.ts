import {
  type PurchaseRecordInput,
  purchaseRecordInputSchema,
  type PurchaseRules,
  purchaseRuleIssues,
} from '#shared/register/schemas.ts';
import { offerDollars } from './offer-form.ts';

/** The form's values: the price as typed in dollars, everything else as the record takes it. */
export type PurchaseFormValues = Omit<PurchaseRecordInput, 'priceCents' | 'declarationAccepted'> & {
  price: number | string;
  declarationAccepted: boolean;
};

/**
 * The online acceptance's reference (decision 095): the certificate id the seller's certificate of
 * acceptance carries (decision 072), when the latest offer was accepted on the seller's page.
 */
export function acceptanceReference(
  offer:
    { response: { kind: 'accepted' | 'declined'; certificate: { id: string } | null } | null } | undefined,
): string | null {
  return offer?.response?.kind === 'accepted' ? (offer.response.certificate?.id ?? null) : null;
}

export function purchaseFormDefaults(
  latestOfferCents: number | null,
  memberId: string,
  acceptanceId: string | null = null,
): PurchaseFormValues {
  return {
    // The accepted offer is the likely price; the buyer confirms or corrects it.
    price: latestOfferCents === null ? '' : latestOfferCents / 100,
    paymentMethod: 'bank_transfer',
    sellerName: '',
    sellerAddress: '',
    idDocument: 'driver_licence',
    idNumber: '',
    idExpiry: '',
    idCheckedBy: memberId,
    idCheckMethod: 'in_person',
    idUploadId: null,
    serialNumber: '',
    referenceNumber: '',
    identifyingMarks: '',
    declarationAccepted: false,
    // An offer accepted online is the declaration, by its stored reference (decision 095).
    declarationMethod: acceptanceId ? 'online_acceptance' : 'signed_in_person',
    declarationAcceptanceId: acceptanceId,
    receivedBy: memberId,
    stolenRegisterChecked: false,
    stolenRegisterName: null,
    stolenRegisterReference: null,
    cddDateOfBirth: null,
    cddOccupation: null,
    storageLocation: null,
  };
}

/** The setStatus input for Purchased: the dollars typed sent as whole cents (decision 058). */
export function purchaseInput(id: string, values: PurchaseFormValues) {
  const dollars = offerDollars(values.price);
  const { price: _price, ...rest } = values;
  return {
    id,
    to: 'purchased' as const,
    purchase: {
      ...rest,
      // A blank or unreadable amount stays NaN, so the schema says the price is needed.
      priceCents: Number.isFinite(dollars) ? Math.round(dollars * 100) : Number.NaN,
      declarationAccepted: values.declarationAccepted as true,
      cddDateOfBirth: values.cddDateOfBirth || null,
    },
  };
}

/**
 * The server's own checks and messages, run before the round trip: the shared schema, then the
 * state's, the day's and the AML rules (decision 058). Field name → first message.
 */
export function purchaseFormErrors(values: PurchaseFormValues, rules: PurchaseRules): Record<string, string> {
  const parsed = purchaseRecordInputSchema.safeParse(purchaseInput('', values).purchase);
  const errors: Record<string, string> = {};
  const add = (path: string, message: string) => {
    const field = path === 'priceCents' ? 'price' : path;
    errors[field] ??= message;
  };
  if (!parsed.success)
    for (const issue of parsed.error.issues) add(String(issue.path[0] ?? ''), issue.message);
  else for (const issue of purchaseRuleIssues(parsed.data, rules)) add(issue.path, issue.message);
  return errors;
}
