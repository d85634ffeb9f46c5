import { TRPCClientError } from '@trpc/client';

interface ErrorData {
  code?: string;
  fieldErrors?: Record<string, string[] | undefined> | null;
}

const GENERIC = 'Something went wrong. Please try again.';

/**
 * The message to show for a failed admin call: the first field message of a rejected input,
 * else the server's own message for refusals it wrote for people (not found, conflict, rate
 * limit...), else a generic sentence rather than a stack trace or a zod dump.
 */
export function errorMessage(error: unknown): string {
  if (!(error instanceof TRPCClientError))
    return error instanceof Error && error.message ? error.message : GENERIC;
  const data = (error.data as ErrorData | undefined) ?? null;
  const firstFieldError = Object.values(data?.fieldErrors ?? {}).find((messages) => messages?.length)?.[0];
  if (firstFieldError) return firstFieldError;
  if (data?.code === 'INTERNAL_SERVER_ERROR' || !error.message) return GENERIC;
  return error.message;
}

/** The tRPC error code of a failed call, e.g. NOT_FOUND; null for network failures. */
export function errorCode(error: unknown): string | null {
  if (!(error instanceof TRPCClientError)) return null;
  return ((error.data as ErrorData | undefined) ?? null)?.code ?? null;
}
