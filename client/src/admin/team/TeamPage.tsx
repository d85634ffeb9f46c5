import { Alert, Badge, Button, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { roleSchema } from '#shared/auth/permissions.ts';
import { ROLE_PICKER_PROPS } from './role-options.tsx';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { useCan, useMe } from '../auth/session.ts';
import { useDisplayTime } from '../widgets/display-time.tsx';
import { useTRPC } from '../../trpc.ts';
import { AccessRequestsCard } from './AccessRequestsCard.tsx';
import { FormerMembersCard } from './FormerMembersCard.tsx';
import { InvitationsCard } from './InvitationsCard.tsx';
import { TwoFactorPolicyCard } from './TwoFactorPolicyCard.tsx';
import { notifyError } from '../widgets/notify.ts';
import { ResponsiveTable } from '../widgets/ResponsiveTable.tsx';

/** /admin/team (Owner only, decision 027): members, their role, last sign-in and 2FA. */
export function TeamPage() {
  const { formatDateTime } = useDisplayTime();
  useDocumentTitle(`Team | ${ADMIN_TITLE}`);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const can = useCan();
  const me = useMe();
  const list = useQuery(trpc.admin.team.list.queryOptions(undefined, { enabled: can('team.manage') }));
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.admin.team.list.queryKey() });
    // A removed member moves to Former members (decision 047).
    await queryClient.invalidateQueries({ queryKey: trpc.admin.team.formerMembers.queryKey() });
  };
  const onError = (error: unknown) => notifyError(error);
  const changeRole = useMutation(trpc.admin.team.changeRole.mutationOptions({ onSuccess: refresh, onError }));
  const endSessions = useMutation(
    trpc.admin.team.endSessions.mutationOptions({ onSuccess: refresh, onError }),
  );
  const remove = useMutation(trpc.admin.team.remove.mutationOptions({ onSuccess: refresh, onError }));
  const resetTwoFactor = useMutation(
    trpc.admin.team.resetTwoFactor.mutationOptions({ onSuccess: refresh, onError }),
  );

  if (!can('team.manage')) return <Alert color="red">Only an Owner can manage the team.</Alert>;

  return (
    <Stack>
      <Title order={1}>Team</Title>
      {list.isError && <Alert color="red">{list.error.message}</Alert>}
      <ResponsiveTable minWidth={720} striped data-testid="team-members">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Member</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Last sign-in</Table.Th>
            <Table.Th>Two-factor</Table.Th>
            <Table.Th>Sessions</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.data?.map((member) => (
            <Table.Tr key={member.id}>
              <Table.Td>
                {/* Decision 057: the name when the member has one, the address always. */}
                {member.name ? (
                  <>
                    <Text size="sm" fw={500}>
                      {member.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {member.email}
                    </Text>
                  </>
                ) : (
                  member.email
                )}
              </Table.Td>
              <Table.Td>
                <Select
                  aria-label={`Role of ${member.email}`}
                  {...ROLE_PICKER_PROPS}
                  value={member.role}
                  onChange={(value) => {
                    const role = roleSchema.safeParse(value);
                    if (role.success) changeRole.mutate({ id: member.id, role: role.data });
                  }}
                />
              </Table.Td>
              <Table.Td>{member.lastSignInAt ? formatDateTime(member.lastSignInAt) : 'Never'}</Table.Td>
              <Table.Td>
                <Badge color={member.twoFactor ? 'green' : 'gray'}>{member.twoFactor ? 'On' : 'Off'}</Badge>
                {member.twoFactor && member.email !== me.data?.email && (
                  <Button
                    variant="subtle"
                    size="xs"
                    aria-label={`Reset two-factor sign-in of ${member.email}`}
                    onClick={() => {
                      if (
                        window.confirm(
                          `Reset two-factor sign-in of ${member.email}? Their sessions end; they sign in with their password and set it up again.`,
                        )
                      )
                        resetTwoFactor.mutate({ id: member.id });
                    }}
                  >
                    Reset
                  </Button>
                )}
              </Table.Td>
              <Table.Td>
                {member.activeSessions}
                {member.activeSessions > 0 && member.email !== me.data?.email && (
                  <Button variant="subtle" size="xs" onClick={() => endSessions.mutate({ id: member.id })}>
                    End all
                  </Button>
                )}
              </Table.Td>
              <Table.Td>
                {member.email !== me.data?.email && (
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    onClick={() => {
                      if (window.confirm(`Remove ${member.email} from the team? Their sessions end at once.`))
                        remove.mutate({ id: member.id });
                    }}
                  >
                    Remove
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ResponsiveTable>
      <AccessRequestsCard />
      <InvitationsCard />
      <FormerMembersCard />
      <TwoFactorPolicyCard />
      <Text size="sm" c="dimmed">
        For recovery without the admin: <code>npm run admin -- create &lt;email&gt; --role &lt;role&gt;</code>
        .
      </Text>
    </Stack>
  );
}
