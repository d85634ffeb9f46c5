import { Button, Card, Group, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { changeNameInputSchema, MAX_MEMBER_NAME } from '#shared/team/names.ts';
import { useMe } from '../auth/session.ts';
import { errorMessage } from '../widgets/errors.ts';
import { useTRPC } from '../../trpc.ts';
import { notifySuccess } from '../widgets/notify.ts';

/**
 * The member's display name (decision 057): what Team and the enquiry desk show for them. Optional;
 * clearing it shows the address again.
 */
export function NameCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const me = useMe();
  // null until typed in: the saved name.
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const value = typed ?? me.data?.name ?? '';
  const change = useMutation(
    trpc.auth.changeName.mutationOptions({
      onSuccess: async (result) => {
        notifySuccess(result.message);
        setTyped(null);
        await queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() });
      },
      onError: (cause) => setError(errorMessage(cause)),
    }),
  );

  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4" mb="sm">
        Your name
      </Title>
      <form
        noValidate
        aria-label="Your name"
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = changeNameInputSchema.safeParse({ name: value });
          if (!parsed.success) {
            setError(parsed.error.issues[0]?.message ?? null);
            return;
          }
          setError(null);
          change.mutate(parsed.data);
        }}
      >
        <Group align="flex-start">
          <TextInput
            label="Display name"
            description="Shown to the team instead of your address, e.g. as an enquiry's assignee."
            maxLength={MAX_MEMBER_NAME + 20}
            autoComplete="name"
            style={{ flex: 1 }}
            value={value}
            error={error}
            onChange={(event) => {
              setTyped(event.currentTarget.value);
              setError(null);
            }}
          />
        </Group>
        <Group justify="flex-end" mt="sm">
          {!me.data?.name && (
            <Text size="sm" c="dimmed" mr="auto">
              No name yet: the team sees {me.data?.email}.
            </Text>
          )}
          <Button type="submit" loading={change.isPending} disabled={typed === null}>
            Save name
          </Button>
        </Group>
      </form>
    </Card>
  );
}
