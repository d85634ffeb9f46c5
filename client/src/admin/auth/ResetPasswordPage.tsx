import { Alert, Button, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AUTH_MESSAGES } from '#shared/auth/messages.ts';
import { AuthCard } from './AuthCard.tsx';
import { NewPasswordFields, useNewPasswordForm } from './NewPasswordFields.tsx';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { authErrorMessage, resetAuthState } from './session.ts';
import { AnchorLink } from '../widgets/links.tsx';
import { useTRPC } from '../../trpc.ts';

/** The page a reset link opens: a new password, twice. */
export interface ResetPasswordSearch {
  token?: string | undefined;
}

export function ResetPasswordPage({ search }: { search: ResetPasswordSearch }) {
  useDocumentTitle(`Choose a new password | ${ADMIN_TITLE}`);
  const { token } = search;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const reset = useMutation(trpc.auth.resetPassword.mutationOptions());
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { form, strongEnough } = useNewPasswordForm(Boolean(token));

  const submit = form.onSubmit(async ({ password }) => {
    if (!token) return;
    setError(null);
    if (!(await strongEnough(password, ''))) return;
    try {
      const result = await reset.mutateAsync({ token, password });
      // Every session ended, this one's included.
      resetAuthState(queryClient, trpc.auth.me.queryKey(), null);
      setDone(result.message);
    } catch (cause) {
      setError(authErrorMessage(cause));
    }
  });

  return (
    <AuthCard subtitle="Choose a new password">
      {done ? (
        <Alert color="green" variant="light" role="status">
          {done}
        </Alert>
      ) : !token ? (
        <Alert color="yellow" variant="light" role="status">
          {AUTH_MESSAGES.resetLinkInvalid}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}
            <NewPasswordFields form={form} passwordLabel="New password" confirmLabel="Confirm new password" />
            <Button type="submit" loading={reset.isPending} fullWidth>
              Set new password
            </Button>
          </Stack>
        </form>
      )}
      <Text size="sm" ta="center">
        {done || !token || error ? (
          <AnchorLink to={done ? '/admin/login' : '/admin/forgot-password'}>
            {done ? 'Sign in' : 'Ask for a new link'}
          </AnchorLink>
        ) : (
          <AnchorLink to="/admin/login">Back to sign in</AnchorLink>
        )}
      </Text>
    </AuthCard>
  );
}
