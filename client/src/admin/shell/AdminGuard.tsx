import { Alert, Button, Center, Stack } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef } from 'react';
import { AUTH_MESSAGES } from '#shared/auth/messages.ts';
import { isLeavingOnPurpose, useMe } from '../auth/session.ts';
import { FullPageLoader } from './FullPageLoader.tsx';
import { TwoFactorGate } from '../account/TwoFactorGate.tsx';

type Redirect = 'login' | 'unauthorized' | null;

/**
 * Spec §2 Guard: a spinner while checking; no session → login with returnTo (path and query);
 * a session without the admin role → /admin/unauthorized. It renders from the `auth.me` query,
 * so whenever that query is invalidated (see useAuthRecheck) the decision is made again.
 */
export function AdminGuard({ children }: { children: (user: { email: string }) => ReactNode }) {
  const me = useMe();
  const router = useRouter();
  const redirect: Redirect =
    me.data === undefined ? null : me.data === null ? 'login' : me.data.isAdmin ? null : 'unauthorized';

  // Navigate once per decision, from an effect: the guard stays mounted while the target route's
  // chunk loads, and re-navigating on every render of that pending transition would loop.
  const sent = useRef<Redirect>(null);
  useEffect(() => {
    if (sent.current === redirect) return;
    sent.current = redirect;
    if (redirect === 'login') {
      const { pathname, searchStr } = router.state.location;
      const returnTo = isLeavingOnPurpose() ? undefined : `${pathname}${searchStr}`;
      void router.navigate({ to: '/admin/login', search: { returnTo }, replace: true });
    } else if (redirect === 'unauthorized') {
      void router.navigate({ to: '/admin/unauthorized', replace: true });
    }
  }, [redirect, router]);

  if (me.data === undefined && me.isError) {
    return (
      <Center mih="100vh" p="md">
        <Stack align="center">
          <Alert color="red" title="Could not check your access">
            {AUTH_MESSAGES.genericError}
          </Alert>
          <Button onClick={() => void me.refetch()} loading={me.isFetching}>
            Try again
          </Button>
        </Stack>
      </Center>
    );
  }
  if (!me.data?.isAdmin) return <FullPageLoader label="Checking access" />;
  // The Owner's rule (decision 030): enrolment first, on whatever admin URL the member opened.
  if (me.data.mustEnrolTwoFactor) return <TwoFactorGate />;
  return children(me.data);
}
