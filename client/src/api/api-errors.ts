/*
 * Every failed API call, as TanStack Query's documented global callbacks report it
 * (`new QueryCache({ onError })`, `new MutationCache({ onError })`, set where the client is made in
 * ApiProviders.tsx), for a part of the app that must act on any failure, such as the admin's access
 * recheck. The client is made before any such part mounts, so the callbacks hand each error to
 * whoever listens at that moment (docs/decisions/082-libraries-through-their-documented-doors.md).
 */

type ApiErrorListener = (error: unknown) => void;

const listeners = new Set<ApiErrorListener>();

/** The QueryCache's and MutationCache's onError. */
export function reportApiError(error: unknown): void {
  for (const listener of listeners) listener(error);
}

/** Hears every failed query (after its retries) and mutation until the returned function is called. */
export function onApiError(listener: ApiErrorListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
