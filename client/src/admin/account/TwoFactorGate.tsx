import { Alert, Button, Center, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { TWO_FACTOR_ENROLMENT_REQUIRED } from '#shared/auth/messages.ts';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { useSignOutToLogin } from '../auth/session.ts';
import { useTRPC } from '../../trpc.ts';
import { TwoFactorCard } from './TwoFactorCard.tsx';

/**
 * What a member sees, on any admin page, while the Owner requires two-factor sign-in and they have
 * not enrolled (decision 030): enrolment and sign-out, nothing else. The server refuses the rest.
 */
export function TwoFactorGate() {
  useDocumentTitle(`Set up two-factor sign-in | ${ADMIN_TITLE}`);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { signOut, isPending } = useSignOutToLogin();
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Stack component="main" maw={520} w="100%">
        <Title order={1} size="h3">
          Set up two-factor sign-in
        </Title>
        <Alert color="blue" variant="light" role="status">
          {TWO_FACTOR_ENROLMENT_REQUIRED}
        </Alert>
        <TwoFactorCard
          onContinue={() => void queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() })}
        />
        <Button variant="subtle" w="fit-content" loading={isPending} onClick={() => void signOut()}>
          Sign out
        </Button>
      </Stack>
    </Center>
  );
}
