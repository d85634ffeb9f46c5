import { Alert, Button, Card, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { AUTH_MESSAGES } from '#shared/auth/messages.ts';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { authErrorMessage, useMe } from '../auth/session.ts';
import { useTRPC } from '../../trpc.ts';
import {
  confirmationError,
  newPasswordError,
  newPasswordStrengthError,
  usePasswordEstimator,
} from './password-rules.ts';
import { NameCard } from './NameCard.tsx';
import { SessionsCard } from './SessionsCard.tsx';
import { TwoFactorCard } from './TwoFactorCard.tsx';
import { WeeklySummaryCard } from './WeeklySummaryCard.tsx';
import { notifySuccess } from '../widgets/notify.ts';

/** /admin/account: who is signed in, and "Change password". */
export function AccountPage() {
  useDocumentTitle(`Account | ${ADMIN_TITLE}`);
  const trpc = useTRPC();
  const me = useMe();
  const change = useMutation(trpc.auth.changePassword.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', confirm: '' },
    validate: {
      currentPassword: (value) => (value ? null : 'Current password is required'),
      newPassword: newPasswordError,
      confirm: (value, values) => confirmationError(value, values.newPassword),
    },
  });

  usePasswordEstimator();

  const submit = form.onSubmit(async ({ currentPassword, newPassword }) => {
    setError(null);
    const weak = await newPasswordStrengthError(newPassword, me.data?.email ?? '');
    if (weak) {
      form.setFieldError('newPassword', weak);
      return;
    }
    try {
      const result = await change.mutateAsync({ currentPassword, newPassword });
      form.reset();
      notifySuccess(result.message, { title: 'Password changed' });
    } catch (cause) {
      setError(authErrorMessage(cause));
    }
  });

  return (
    <Stack maw={520}>
      <Title order={1}>Account</Title>
      <Text c="dimmed">Signed in as {me.data?.email}</Text>
      <NameCard />
      <WeeklySummaryCard />
      <Card withBorder radius="md">
        <Title order={2} size="h4" mb="sm">
          Change password
        </Title>
        <form onSubmit={submit} noValidate>
          <Stack>
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              required
              {...form.getInputProps('currentPassword')}
            />
            <PasswordInput
              label="New password"
              autoComplete="new-password"
              description={`${AUTH_MESSAGES.newPasswordHint} Your other sessions will be signed out.`}
              required
              {...form.getInputProps('newPassword')}
            />
            <PasswordInput
              label="Confirm new password"
              autoComplete="new-password"
              required
              {...form.getInputProps('confirm')}
            />
            <Button type="submit" loading={change.isPending} w="fit-content">
              Change password
            </Button>
          </Stack>
        </form>
      </Card>
      <TwoFactorCard />
      <SessionsCard />
    </Stack>
  );
}
