import { Badge, Button, Card, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ROLE_LABELS, type Role } from '#shared/auth/permissions.ts';
import { ROLE_PICKER_PROPS } from './role-options.tsx';
import { INVITATION_TTL_HOURS, teamInviteInputSchema } from '#shared/team/schemas.ts';
import { errorMessage } from '../widgets/errors.ts';
import { useDisplayTime } from '../widgets/display-time.tsx';
import { zod4Resolver } from '../widgets/zod-form-resolver.ts';
import { useTRPC } from '../../trpc.ts';
import { notifyError, notifySuccess } from '../widgets/notify.ts';
import { ResponsiveTable } from '../widgets/ResponsiveTable.tsx';

/** Team → invite by e-mail, and the open invitations with resend and revoke (decision 030). */
export function InvitationsCard() {
  const { formatDateTime } = useDisplayTime();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.admin.team.invitations.queryOptions());
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.admin.team.invitations.queryKey() });
    // A former member invited (or no longer) shows so under Former members (decision 047).
    await queryClient.invalidateQueries({ queryKey: trpc.admin.team.formerMembers.queryKey() });
  };
  const onError = (error: unknown) => notifyError(error);
  const invite = useMutation(trpc.admin.team.invite.mutationOptions());
  const resend = useMutation(
    trpc.admin.team.resendInvitation.mutationOptions({
      onSuccess: () => {
        notifySuccess('A new link is on its way; the old one no longer works.');
        void refresh();
      },
      onError,
    }),
  );
  const revoke = useMutation(
    trpc.admin.team.revokeInvitation.mutationOptions({ onSuccess: refresh, onError }),
  );
  const form = useForm<{ email: string; role: Role; name: string }>({
    initialValues: { email: '', role: 'viewer', name: '' },
    validate: zod4Resolver(teamInviteInputSchema, { errorPriority: 'first' }),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await invite.mutateAsync(values);
      notifySuccess(`Invitation sent to ${values.email}.`);
      form.reset();
      await refresh();
    } catch (error) {
      form.setFieldError('email', errorMessage(error));
    }
  });

  return (
    <Card withBorder radius="md">
      <Stack>
        <Title order={2} size="h4">
          Invite a member
        </Title>
        <form onSubmit={submit} noValidate aria-label="Invite a member">
          <Group align="flex-start">
            <TextInput
              label="Email"
              type="email"
              autoComplete="off"
              required
              w={280}
              {...form.getInputProps('email')}
            />
            <TextInput
              label="Name"
              placeholder="Optional"
              autoComplete="off"
              w={220}
              {...form.getInputProps('name')}
            />
            <Select label="Role" {...ROLE_PICKER_PROPS} w={160} {...form.getInputProps('role')} />
            <Button type="submit" mt={25} loading={invite.isPending}>
              Send invitation
            </Button>
          </Group>
        </form>
        <Text size="sm" c="dimmed">
          The link is valid for {INVITATION_TTL_HOURS} hours and works once: it sets a password and signs the
          member in with the role chosen.
        </Text>
        {list.data && list.data.length > 0 && (
          <ResponsiveTable minWidth={640} striped data-testid="team-invitations">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Invited</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>By</Table.Th>
                <Table.Th>Link valid until</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((invitation) => (
                <Table.Tr key={invitation.id}>
                  <Table.Td>{invitation.email}</Table.Td>
                  <Table.Td>{ROLE_LABELS[invitation.role]}</Table.Td>
                  <Table.Td>{invitation.invitedBy ?? '—'}</Table.Td>
                  <Table.Td>
                    {invitation.expired ? (
                      <Badge color="gray">Expired</Badge>
                    ) : (
                      formatDateTime(invitation.expiresAt)
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button
                        variant="subtle"
                        size="xs"
                        aria-label={`Resend the invitation to ${invitation.email}`}
                        onClick={() => resend.mutate({ id: invitation.id })}
                      >
                        Resend
                      </Button>
                      <Button
                        variant="subtle"
                        color="red"
                        size="xs"
                        aria-label={`Revoke the invitation to ${invitation.email}`}
                        onClick={() => revoke.mutate({ id: invitation.id })}
                      >
                        Revoke
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ResponsiveTable>
        )}
      </Stack>
    </Card>
  );
}
