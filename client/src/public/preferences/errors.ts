import { PREFERENCES_MESSAGES } from '#shared/preferences/schemas.ts';

/** The parts of a tRPC client error the page reads (its `data` follows the server's error formatter). */
export interface ApiError {
  message: string;
  data?: { code?: string; fieldErrors?: Record<string, string[] | undefined> | null } | null;
}

export function errorCode(error: ApiError | null | undefined): string | null {
  return error?.data?.code ?? null;
}

/** True when the link itself is the problem (bad signature or no such contact), not the network. */
export function isLinkNotFound(error: ApiError | null | undefined): boolean {
  const code = errorCode(error);
  return code === 'NOT_FOUND' || code === 'BAD_REQUEST';
}

/** Message for a failed preferences update: the server's own text only where it is meant for people. */
export function updateErrorMessage(error: ApiError): string {
  const code = errorCode(error);
  if (code === 'PRECONDITION_FAILED' || code === 'TOO_MANY_REQUESTS') return error.message;
  // No answer at all, or a server fault: the spec's exception wording.
  if (code === null || code === 'INTERNAL_SERVER_ERROR') return PREFERENCES_MESSAGES.updateException;
  return PREFERENCES_MESSAGES.updateFailed;
}

/** Message for a failed look-up action: field message, rate-limit message, or the generic one. */
export function lookupErrorMessage(error: ApiError): string {
  const code = errorCode(error);
  if (code === 'TOO_MANY_REQUESTS') return error.message;
  const fieldMessage = error.data?.fieldErrors?.email?.[0];
  if (code === 'BAD_REQUEST' && fieldMessage) return fieldMessage;
  return PREFERENCES_MESSAGES.unexpected;
}
