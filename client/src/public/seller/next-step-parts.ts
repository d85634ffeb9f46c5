import { useQueryClient } from '@tanstack/react-query';
import type { SellerNextStepView } from '#shared/appointments/schemas.ts';
import type { SellerOfferView } from '#shared/enquiries/seller.ts';
import { type ApiError, errorCode } from '../preferences/errors.ts';
import { useTRPC } from '../../trpc.ts';

// What the next step's parts share (decision 062): the error wording, the cache update after a
// change, and the callbacks each part reports through.

export function messageOf(error: ApiError): string {
  const code = errorCode(error);
  const field = error.data?.fieldErrors ? Object.values(error.data.fieldErrors).flat()[0] : undefined;
  if (code === 'BAD_REQUEST' && field) return field;
  if (code === 'CONFLICT' || code === 'FORBIDDEN' || code === 'NOT_FOUND' || code === 'TOO_MANY_REQUESTS')
    return error.message;
  return 'Something went wrong. Please try again, or call us.';
}

export function useNextStepUpdate(token: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (next: SellerNextStepView) => {
    queryClient.setQueryData(trpc.seller.nextStep.queryKey({ token }), next);
    void queryClient.invalidateQueries({ queryKey: trpc.seller.slots.pathKey() });
  };
}

export interface StepProps {
  token: string;
  onDone: (message: string) => void;
  onError: (message: string) => void;
}

/**
 * "Name on the parcel" to start with (decision 095): the full name the seller signed the accepted
 * offer with, the name they gave us for the purpose; empty when the offer was not accepted here.
 */
export function parcelName(offer: Pick<SellerOfferView, 'response'> | null): string {
  return offer?.response?.kind === 'accepted' ? (offer.response.typedName?.trim() ?? '') : '';
}
