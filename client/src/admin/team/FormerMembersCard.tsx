import { Badge, Button, Card, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Role, roleSchema } from '#shared/auth/permissions.ts';
import type { FormerMember } from '#shared/team/schemas.ts';
import { ROLE_PICKER_PROPS } from './role-options.tsx';
import { useTRPC } from '../../trpc.ts';
import { notifyError, notifySuccess } from '../widgets/notify.ts';

/**
 * Team → Former members (decision 047): accounts whose role was removed, kept apart from the team
 * (they open nothing) and invited again with a role. Accepting restores the account without its
 * old sessions or two-factor sign-in. Panels, as Access requests, so a row reads at 390 px.
 */
export function FormerMembersCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.admin.team.formerMembers.queryOptions());
  // The role picked for each; Viewer, the least, until the Owner chooses.
  const [roles, setRoles] = useState<Record<string, Role>>({});
  const invite = useMutation(
    trpc.admin.team.invite.mutationOptions({
      onError: (error) => notifyError(error),
    }),
  );

  const onInvite = async (member: FormerMember) => {
    const role = roles[member.id] ?? 'viewer';
    await invite.mutateAsync({ email: member.email, role });
    notifySuccess(`Invitation sent to ${member.email}.`);
    await queryClient.invalidateQueries({ queryKey: trpc.admin.team.formerMembers.queryKey() });
    await queryClient.invalidateQueries({ queryKey: trpc.admin.team.invitations.queryKey() });
  };

  if (!list.data || list.data.length === 0) return null;
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="former-members-title">
      <Stack>
        <Title order={2} size="h4" id="former-members-title">
          Former members
        </Title>
        <Text size="sm">
          Removed from the team: they cannot sign in. Inviting one again restores their account with the role
          you choose; their old sessions and two-factor sign-in do not come back.
        </Text>
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} data-testid="former-members">
          {list.data.map((member) => (
            <Paper component="li" withBorder p="sm" radius="sm" key={member.id}>
              <Group gap="xs" align="flex-end" wrap="wrap" justify="space-between">
                <Stack gap={0}>
                  <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {member.name ?? member.email}
                  </Text>
                  {member.name && <Text size="sm">{member.email}</Text>}
                </Stack>
                {member.invited ? (
                  <Badge variant="default">Invited</Badge>
                ) : (
                  <Group gap="xs" align="flex-end" wrap="wrap">
                    <Select
                      label="Role"
                      aria-label={`Role for ${member.email}`}
                      {...ROLE_PICKER_PROPS}
                      value={roles[member.id] ?? 'viewer'}
                      w={160}
                      onChange={(value) => {
                        const role = roleSchema.safeParse(value);
                        if (role.success) setRoles((current) => ({ ...current, [member.id]: role.data }));
                      }}
                    />
                    <Button
                      variant="light"
                      aria-label={`Invite again: ${member.email}`}
                      loading={invite.isPending && invite.variables.email === member.email}
                      onClick={() => void onInvite(member).catch(() => undefined)}
                    >
                      Invite again
                    </Button>
                  </Group>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}
