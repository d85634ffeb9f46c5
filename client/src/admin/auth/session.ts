import { hashKey, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { TRPCClientError } from '@trpc/client';
import { useCallback } from 'react';
import { AUTH_MESSAGES } from '#shared/auth/messages.ts';
import { canOpenAdminPath } from '#shared/auth/admin-routes.ts';
import { hasPermission, type Permission, type Role } from '#shared/auth/permissions.ts';
import { useTRPC } from '../../trpc.ts';
import { notifyError } from '../widgets/notify.ts';

/** Other tabs of the admin hear about sign-ins and sign-outs here and re-check access. */
export const AUTH_CHANNEL = 'admin-auth';

// Tells this tab's own listener apart from the others (not a secret: just an id).
const TAB_ID = Math.random().toString(36).slice(2);

export function announceAuthChange(): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(AUTH_CHANNEL);
  channel.postMessage(TAB_ID);
  channel.close();
}

/** True for an announcement made by another tab (this one already knows what it did). */
export function isFromAnotherTab(message: MessageEvent): boolean {
  return message.data !== TAB_ID;
}

interface ErrorData {
  code?: string;
  path?: string;
  fieldErrors?: Record<string, string[] | undefined> | null;
}

function errorData(error: unknown): ErrorData | null {
  return error instanceof TRPCClientError ? ((error.data as ErrorData | undefined) ?? null) : null;
}

/** True when the server said "not signed in" or "not allowed" to anything but the auth calls. */
export function isAccessError(error: unknown): boolean {
  const data = errorData(error);
  if (!data || data.path?.startsWith('auth.')) return false;
  return data.code === 'UNAUTHORIZED' || data.code === 'FORBIDDEN';
}

// Messages the auth procedures write for people; anything else (a crash, a network failure)
// becomes the spec's generic text rather than leaking internals.
// CONFLICT: sign-up with an invited address, pointed to its invitation (decision 047).
const USER_FACING_CODES = new Set([
  'UNAUTHORIZED',
  'FORBIDDEN',
  'TOO_MANY_REQUESTS',
  'BAD_REQUEST',
  'CONFLICT',
]);

export function authErrorMessage(error: unknown): string {
  const data = errorData(error);
  if (!data?.code || !(error instanceof Error)) return AUTH_MESSAGES.genericError;
  const firstFieldError = Object.values(data.fieldErrors ?? {}).find((messages) => messages?.length)?.[0];
  if (firstFieldError) return firstFieldError;
  return USER_FACING_CODES.has(data.code) ? error.message : AUTH_MESSAGES.genericError;
}

/**
 * Whether the signed-in member's role allows `permission` (decision 027): the admin hides what a
 * role cannot do; the server refuses it anyway.
 */
export function useCan(): (permission: Permission) => boolean {
  const role = useMe().data?.role ?? null;
  return useCallback((permission: Permission) => hasPermission(role, permission), [role]);
}

/**
 * Whether the member's role may open the admin page at `path` (a router path such as
 * /admin/campaigns/$id, or a real one): the same table the role gate refuses pages by, so a link
 * or a menu entry is shown exactly when its page would open (decision 027).
 */
export function useCanOpen(): (path: string) => boolean {
  const role = useMe().data?.role ?? null;
  return useCallback((path: string) => canOpenAdminPath(role, path), [role]);
}

/** The signed-in user (`null` when signed out): what the guard and the top bar read. */
export function useMe() {
  const trpc = useTRPC();
  return useQuery(trpc.auth.me.queryOptions(undefined, { staleTime: 30_000, retry: 1 }));
}

/** After any change of who is signed in: forget the previous user's data, then set the new state. */
export function resetAuthState(
  queryClient: QueryClient,
  meKey: readonly unknown[],
  me: { email: string; isAdmin: boolean; role: Role | null; mustEnrolTwoFactor: boolean } | null,
): void {
  const meHash = hashKey(meKey);
  // The auth.me query itself is updated in place so the components watching it re-render.
  queryClient.removeQueries({ predicate: (query) => query.queryHash !== meHash });
  queryClient.setQueryData(meKey, me);
  announceAuthChange();
}

// True while the user signs out on purpose: the guard then sends them to the plain login page
// instead of remembering the page they left as returnTo.
let leavingOnPurpose = false;

export function isLeavingOnPurpose(): boolean {
  return leavingOnPurpose;
}

/** Signs out, then goes to the login page (no returnTo: the user chose to leave). */
export function useSignOutToLogin() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation(trpc.auth.signOut.mutationOptions());
  const { mutateAsync } = mutation;
  const signOut = useCallback(async () => {
    try {
      await mutateAsync();
    } catch (error) {
      notifyError(authErrorMessage(error), { title: 'Sign-out failed' });
      return;
    }
    leavingOnPurpose = true;
    try {
      resetAuthState(queryClient, trpc.auth.me.queryKey(), null);
      await navigate({ to: '/admin/login', replace: true });
    } finally {
      leavingOnPurpose = false;
    }
  }, [mutateAsync, navigate, queryClient, trpc]);
  return { signOut, isPending: mutation.isPending };
}
