import { Card, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../widgets/errors.ts';
import { useTRPC } from '../../trpc.ts';

/** Team → the Owner's "Require two-factor sign-in for all members" (decision 030). */
export function TwoFactorPolicyCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const policy = useQuery(trpc.admin.team.twoFactorPolicy.queryOptions());
  const save = useMutation(
    trpc.admin.team.setTwoFactorPolicy.mutationOptions({
      onSuccess: (data) => queryClient.setQueryData(trpc.admin.team.twoFactorPolicy.queryKey(), data),
      onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
    }),
  );
  return (
    <Card withBorder radius="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          Sign-in security
        </Title>
        <Switch
          label="Require two-factor sign-in for all members"
          checked={policy.data?.required ?? false}
          disabled={policy.isPending || save.isPending}
          onChange={(event) => save.mutate({ required: event.currentTarget.checked })}
        />
        <Text size="sm" c="dimmed">
          Members without it are sent to set it up right after signing in, and can use nothing else until they
          have.
        </Text>
      </Stack>
    </Card>
  );
}
