import { Alert, Card, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TEAM_MESSAGES } from '#shared/team/schemas.ts';
import { errorMessage } from '../widgets/errors.ts';
import { AnchorLink } from '../widgets/links.tsx';
import { useTRPC } from '../../trpc.ts';

/** Team → the Owner's "Require two-factor sign-in for all members" (decision 030). */
export function TwoFactorPolicyCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const policy = useQuery(trpc.admin.team.twoFactorPolicy.queryOptions());
  const save = useMutation(
    trpc.admin.team.setTwoFactorPolicy.mutationOptions({
      onSuccess: (data) => queryClient.setQueryData(trpc.admin.team.twoFactorPolicy.queryKey(), data),
      // The refusal names what to do; refetch in case the Owner's own 2FA changed meanwhile.
      onError: () => queryClient.invalidateQueries({ queryKey: trpc.admin.team.twoFactorPolicy.queryKey() }),
    }),
  );
  // The server refuses the rule until the Owner has 2FA (decision 030): say so before the attempt.
  const mustEnrolFirst = policy.data !== undefined && !policy.data.required && !policy.data.ownTwoFactor;
  return (
    <Card withBorder radius="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Sign-in security
        </Title>
        <Switch
          label="Require two-factor sign-in for all members"
          description={
            mustEnrolFirst ? (
              <span data-testid="two-factor-policy-reason">
                {TEAM_MESSAGES.enrolFirst}{' '}
                <AnchorLink to="/admin/account" size="xs">
                  Open your account
                </AnchorLink>
              </span>
            ) : undefined
          }
          checked={policy.data?.required ?? false}
          disabled={policy.isPending || save.isPending || mustEnrolFirst}
          onChange={(event) => save.mutate({ required: event.currentTarget.checked })}
        />
        {save.isError && (
          <Alert color="red" role="alert">
            {errorMessage(save.error)}
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          Members without it are sent to set it up right after signing in, and can use nothing else until they
          have.
        </Text>
      </Stack>
    </Card>
  );
}
