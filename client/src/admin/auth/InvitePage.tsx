import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ROLE_LABELS } from '#shared/auth/permissions.ts';
import { INVITATION_MESSAGES } from '#shared/team/schemas.ts';
import { ROLE_HOMES } from '#shared/auth/admin-routes.ts';
import { AuthCard } from './AuthCard.tsx';
import { NewPasswordFields, useNewPasswordForm } from './NewPasswordFields.tsx';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { authErrorMessage, resetAuthState } from './session.ts';
import { AnchorLink } from '../widgets/links.tsx';
import { useTRPC } from '../../trpc.ts';

/** The page an invitation link opens (decision 030): choose a password, join, signed in. */
export interface InviteSearch {
  token?: string | undefined;
}

export function InvitePage({ search }: { search: InviteSearch }) {
  useDocumentTitle(`Join the team | ${ADMIN_TITLE}`);
  const { token } = search;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const invitation = useQuery(
    trpc.auth.invitation.queryOptions({ token: token ?? '' }, { enabled: Boolean(token), retry: false }),
  );
  const accept = useMutation(trpc.auth.acceptInvitation.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const { form, strongEnough } = useNewPasswordForm(Boolean(token));

  const submit = form.onSubmit(async ({ password }) => {
    if (!token) return;
    setError(null);
    if (!(await strongEnough(password, invitation.data?.email ?? ''))) return;
    try {
      const result = await accept.mutateAsync({ token, password });
      resetAuthState(queryClient, trpc.auth.me.queryKey(), {
        email: result.email,
        isAdmin: true,
        role: result.role,
        mustEnrolTwoFactor: result.mustEnrolTwoFactor,
      });
      // The new member lands on their role's home (decision 027).
      await navigate({ to: ROLE_HOMES[result.role], replace: true });
    } catch (cause) {
      setError(authErrorMessage(cause));
    }
  });

  const invalid = !token || invitation.isError;

  return (
    <AuthCard subtitle="Join the team">
      {invalid ? (
        <Alert color="yellow" variant="light" role="status">
          {INVITATION_MESSAGES.linkInvalid}
        </Alert>
      ) : !invitation.data ? (
        <Loader aria-label="Checking the invitation" />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm">
              You are invited as <strong>{ROLE_LABELS[invitation.data.role]}</strong> with{' '}
              <strong data-testid="invited-email">{invitation.data.email}</strong>. Choose your password.
            </Text>
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}
            <NewPasswordFields form={form} passwordLabel="Password" confirmLabel="Confirm password" />
            <Button type="submit" loading={accept.isPending} fullWidth>
              Join the team
            </Button>
          </Stack>
        </form>
      )}
      <Text size="sm" ta="center">
        <AnchorLink to="/admin/login">Back to sign in</AnchorLink>
      </Text>
    </AuthCard>
  );
}
