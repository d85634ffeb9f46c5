import { Badge, Button, Card, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ROLE_LABELS, type Role, roleSchema } from '#shared/auth/permissions.ts';
import { ROLE_PICKER_PROPS } from './role-options.tsx';
import type { AccessRequest } from '#shared/team/schemas.ts';
import { useDisplayTime } from '../widgets/display-time.tsx';
import { useTRPC } from '../../trpc.ts';
import { notifyError, notifySuccess } from '../widgets/notify.ts';

/**
 * Team → Access requests (decision 047): people who signed up on the sign-in page, each approved
 * with a role or dismissed by the Owner. A list of small panels rather than a table, so a request
 * reads and answers at a phone's 390 px without scrolling sideways.
 */
export function AccessRequestsCard() {
  const { formatDateTime } = useDisplayTime();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.admin.team.accessRequests.queryOptions());
  // The role picked for each request; Viewer, the least, until the Owner chooses.
  const [roles, setRoles] = useState<Record<string, Role>>({});
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.admin.team.accessRequests.queryKey() });
    await queryClient.invalidateQueries({ queryKey: trpc.admin.team.list.queryKey() });
  };
  const onError = (error: unknown) => notifyError(error);
  const approve = useMutation(trpc.admin.team.approveAccessRequest.mutationOptions({ onError }));
  const dismiss = useMutation(trpc.admin.team.dismissAccessRequest.mutationOptions({ onError }));

  const onApprove = async (request: AccessRequest) => {
    const role = roles[request.id] ?? 'viewer';
    await approve.mutateAsync({ id: request.id, role });
    notifySuccess(`${request.email} joined the team as ${ROLE_LABELS[role]}.`);
    await refresh();
  };
  const onDismiss = async (request: AccessRequest) => {
    if (!window.confirm(`Dismiss the request from ${request.email}? Their account is deleted.`)) return;
    await dismiss.mutateAsync({ id: request.id });
    notifySuccess(`Request from ${request.email} dismissed.`);
    await refresh();
  };

  return (
    <Card withBorder radius="md" component="section" aria-labelledby="access-requests-title">
      <Stack>
        <Title order={2} size="h4" id="access-requests-title">
          Access requests
        </Title>
        {/* Body colour rather than "dimmed", whose grey fails axe's colour contrast here. */}
        <Text size="sm">
          People who signed up on the sign-in page. Approving gives them the role you choose; they sign in
          once their address is verified. Dismissing deletes their account.
        </Text>
        {list.isError && <Text c="red">{list.error.message}</Text>}
        {list.data?.length === 0 && <Text size="sm">No one is waiting for access.</Text>}
        {list.data && list.data.length > 0 && (
          <Stack
            component="ul"
            gap="sm"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            data-testid="access-requests"
          >
            {list.data.map((request) => (
              <Paper component="li" withBorder p="sm" radius="sm" key={request.id}>
                <Stack gap="xs">
                  <Group gap="xs" wrap="wrap">
                    <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {request.email}
                    </Text>
                    {/* The default variant: body text on the default surface, full contrast. */}
                    <Badge variant="default">
                      {request.verified ? 'Address verified' : 'Not verified yet'}
                    </Badge>
                  </Group>
                  <Text size="sm">Asked {formatDateTime(request.requestedAt)}</Text>
                  <Group gap="xs" align="flex-end" wrap="wrap">
                    <Select
                      label="Role"
                      aria-label={`Role for ${request.email}`}
                      {...ROLE_PICKER_PROPS}
                      value={roles[request.id] ?? 'viewer'}
                      w={160}
                      onChange={(value) => {
                        const role = roleSchema.safeParse(value);
                        if (role.success) setRoles((current) => ({ ...current, [request.id]: role.data }));
                      }}
                    />
                    <Button
                      aria-label={`Approve ${request.email}`}
                      loading={approve.isPending && approve.variables.id === request.id}
                      onClick={() => void onApprove(request).catch(() => undefined)}
                    >
                      Approve
                    </Button>
                    <Button
                      variant="subtle"
                      color="red"
                      aria-label={`Dismiss ${request.email}`}
                      loading={dismiss.isPending && dismiss.variables.id === request.id}
                      onClick={() => void onDismiss(request).catch(() => undefined)}
                    >
                      Dismiss
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
