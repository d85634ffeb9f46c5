import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { passwordResetRequestInputSchema } from '#shared/auth/schemas.ts';
import { AuthCard } from './AuthCard.tsx';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { authErrorMessage } from './session.ts';
import { zod4Resolver } from '../widgets/zod-form-resolver.ts';
import { AnchorLink } from '../widgets/links.tsx';
import { useTRPC } from '../../trpc.ts';

/** "Forgot password?": asks for the address and says the same thing whether or not it has an account. */
export function ForgotPasswordPage() {
  useDocumentTitle(`Forgot password | ${ADMIN_TITLE}`);
  const trpc = useTRPC();
  const request = useMutation(trpc.auth.requestPasswordReset.mutationOptions());
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: '' },
    validate: zod4Resolver(passwordResetRequestInputSchema, { errorPriority: 'first' }),
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      const result = await request.mutateAsync(values);
      setSent(result.message);
    } catch (cause) {
      setError(authErrorMessage(cause));
    }
  });

  return (
    <AuthCard subtitle="Reset your password">
      {sent ? (
        <Alert color="green" variant="light" role="status">
          {sent}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm">
              Enter the e-mail address of your account and we will send you a link to choose a new password.
            </Text>
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}
            <TextInput
              label="Email"
              type="email"
              autoComplete="username"
              required
              {...form.getInputProps('email')}
            />
            <Button type="submit" loading={request.isPending} fullWidth>
              Send reset link
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
