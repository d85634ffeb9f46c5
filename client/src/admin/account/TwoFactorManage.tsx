import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../widgets/errors.ts';
import { useTRPC } from '../../trpc.ts';

type Action = 'disable' | 'regenerate' | 'replace';

/** The password or a current code (or an unused recovery code), as the server checks it. */
export type TwoFactorProof = { password: string } | { code: string };

/**
 * Account → two-factor, when it is on (decision 030): set up a new authenticator, replace the
 * recovery codes or turn it off, each after the password or a current code is entered again.
 * `onReplace` starts the new enrolment with that proof; the card then shows its QR code.
 */
export function TwoFactorManage({
  required,
  onRecoveryCodes,
  onReplace,
  replacePending,
}: {
  required: boolean;
  onRecoveryCodes: (codes: string[]) => void;
  onReplace: (proof: TwoFactorProof) => Promise<unknown>;
  replacePending: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const disable = useMutation(trpc.auth.disableTwoFactor.mutationOptions());
  const regenerate = useMutation(trpc.auth.regenerateRecoveryCodes.mutationOptions());
  const [action, setAction] = useState<Action | null>(null);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setAction(null);
    setPassword('');
    setCode('');
    setError(null);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    const proof: TwoFactorProof = code.trim() ? { code: code.trim() } : { password };
    try {
      if (action === 'replace') {
        await onReplace(proof);
      } else if (action === 'disable') {
        await disable.mutateAsync(proof);
      } else {
        const result = await regenerate.mutateAsync(proof);
        onRecoveryCodes(result.recoveryCodes);
      }
      close();
      await queryClient.invalidateQueries({ queryKey: trpc.auth.twoFactorStatus.queryKey() });
    } catch (cause) {
      setError(errorMessage(cause));
    }
  };

  if (!action)
    return (
      <Group>
        <Button variant="default" onClick={() => setAction('replace')}>
          Set up a new authenticator
        </Button>
        <Button variant="default" onClick={() => setAction('regenerate')}>
          New recovery codes
        </Button>
        {!required && (
          <Button variant="default" color="red" onClick={() => setAction('disable')}>
            Turn off two-factor sign-in
          </Button>
        )}
      </Group>
    );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Confirm it is you">
      <Stack>
        <Text size="sm">
          {action === 'disable'
            ? 'To turn two-factor sign-in off, enter your password or a code from your app.'
            : action === 'replace'
              ? 'To set up a new authenticator, enter your password or a code from your current app.'
              : 'To replace your recovery codes (the old ones stop working), enter your password or a code from your app.'}
        </Text>
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <PasswordInput
          label="Your password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <TextInput
          label="Or a code from your app"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <Group>
          <Button
            type="submit"
            color={action === 'disable' ? 'red' : undefined}
            loading={disable.isPending || regenerate.isPending || replacePending}
          >
            {action === 'disable' ? 'Turn off' : action === 'replace' ? 'Continue' : 'Show new codes'}
          </Button>
          <Button variant="subtle" onClick={close}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
