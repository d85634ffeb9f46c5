import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { zod4Resolver } from '../widgets/zod-form-resolver.ts';
import { useEffect, useState } from 'react';
import { AUTH_MESSAGES } from '#shared/auth/messages.ts';
import { landingFor } from '#shared/auth/admin-routes.ts';
import { type Credentials, signInInputSchema, signUpInputSchema } from '#shared/auth/schemas.ts';
import { AuthCard } from './AuthCard.tsx';
import { newPasswordStrengthError, usePasswordEstimator } from '../account/password-rules.ts';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { authErrorMessage, resetAuthState, useMe } from './session.ts';
import { AnchorLink } from '../widgets/links.tsx';
import { useTRPC } from '../../trpc.ts';

export interface LoginSearch {
  /** Where to go after signing in: only a path inside the guarded admin area survives. */
  returnTo?: string;
  /** Outcome of an e-mail verification link (set by GET /api/auth/verify). */
  verify?: 'success' | 'invalid';
}

type Mode = 'signIn' | 'signUp';

export function LoginPage({ search }: { search: LoginSearch }) {
  useDocumentTitle(`Sign in | ${ADMIN_TITLE}`);
  const { returnTo, verify } = search;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const me = useMe();
  const [mode, setMode] = useState<Mode>('signIn');
  usePasswordEstimator(mode === 'signUp');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(
    verify === 'success' ? AUTH_MESSAGES.emailVerified : null,
  );
  const signIn = useMutation(trpc.auth.signIn.mutationOptions());
  const signUp = useMutation(trpc.auth.signUp.mutationOptions());
  const verifyCode = useMutation(trpc.auth.verifyTwoFactor.mutationOptions());
  // After a right password for a member with 2FA: the signed token the code step needs (decision 029).
  const [pendingToken, setPendingToken] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const form = useForm<Credentials>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    // Signing in checks an existing password; signing up adds the new-password rules on submit.
    validate: zod4Resolver(signInInputSchema, { errorPriority: 'first' }),
    validateInputOnBlur: true,
  });

  // Signed in as an admin (just now, another tab, a bookmark): straight on, to returnTo when the
  // role may open it, else to the role's home (decision 027). `target` is a path with its query,
  // so it goes to the history as is rather than through typed route options.
  const role = me.data?.isAdmin ? me.data.role : null;
  const target = role ? landingFor(role, returnTo) : null;
  useEffect(() => {
    if (target) router.history.replace(target);
  }, [router, target]);

  const switchMode = (next: Mode) => {
    setMode(next);
    setError(null);
    form.clearErrors();
  };

  const submit = form.onSubmit(async (values) => {
    setError(null);
    if (mode === 'signUp') {
      const chosen = signUpInputSchema.safeParse(values);
      if (!chosen.success) {
        for (const issue of chosen.error.issues) form.setFieldError(String(issue.path[0]), issue.message);
        return;
      }
      const weak = await newPasswordStrengthError(values.password, values.email);
      if (weak) {
        form.setFieldError('password', weak);
        return;
      }
      try {
        const result = await signUp.mutateAsync(values);
        setNotice(result.message);
        form.setFieldValue('password', '');
        switchMode('signIn');
      } catch (cause) {
        setError(authErrorMessage(cause));
      }
      return;
    }
    try {
      const result = await signIn.mutateAsync(values);
      setNotice(null);
      if ('twoFactorRequired' in result) {
        setPendingToken(result.pendingToken);
        return;
      }
      resetAuthState(queryClient, trpc.auth.me.queryKey(), result);
    } catch (cause) {
      setError(authErrorMessage(cause));
      form.setFieldValue('password', '');
    }
  });

  const submitCode = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!pendingToken) return;
    setError(null);
    try {
      const user = await verifyCode.mutateAsync({ pendingToken, code });
      resetAuthState(queryClient, trpc.auth.me.queryKey(), user);
    } catch (cause) {
      setError(authErrorMessage(cause));
      setCode('');
    }
  };

  const busy = signIn.isPending || signUp.isPending;
  const heading = mode === 'signIn' ? 'Sign in to your admin account' : 'Create an account';

  return (
    <AuthCard subtitle={heading}>
      {notice && (
        <Alert color="green" variant="light" role="status">
          {notice}
        </Alert>
      )}
      {verify === 'invalid' && !notice && (
        <Alert color="yellow" variant="light" role="status">
          {AUTH_MESSAGES.verificationInvalid}
        </Alert>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}

      {pendingToken ? (
        <form onSubmit={(event) => void submitCode(event)} noValidate>
          <Stack>
            <TextInput
              label="Authentication code"
              description="The 6-digit code from your authenticator app, or one of your recovery codes."
              autoComplete="one-time-code"
              inputMode="text"
              required
              autoFocus
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
            />
            <Button type="submit" loading={verifyCode.isPending} fullWidth>
              Verify
            </Button>
          </Stack>
        </form>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label="Email"
              type="email"
              autoComplete={mode === 'signIn' ? 'username' : 'email'}
              required
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <PasswordInput
              label="Password"
              autoComplete={mode === 'signIn' ? 'current-password' : 'new-password'}
              description={mode === 'signUp' ? AUTH_MESSAGES.newPasswordHint : undefined}
              required
              key={form.key('password')}
              {...form.getInputProps('password')}
            />
            {mode === 'signIn' && (
              <Text size="sm" ta="right" mt={-8}>
                <AnchorLink to="/admin/forgot-password">Forgot password?</AnchorLink>
              </Text>
            )}
            <Button type="submit" loading={busy} fullWidth>
              {mode === 'signIn' ? 'Sign In' : 'Sign Up'}
            </Button>
          </Stack>
        </form>
      )}

      <Text size="sm" ta="center">
        {mode === 'signIn' ? "Don't have an account? " : 'Already have an account? '}
        <Anchor
          component="button"
          type="button"
          onClick={() => switchMode(mode === 'signIn' ? 'signUp' : 'signIn')}
        >
          {mode === 'signIn' ? 'Sign up' : 'Sign in'}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
