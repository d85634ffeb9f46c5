import { Badge, Button, Card, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authErrorMessage } from '../auth/session.ts';
import { useDisplayTime } from '../widgets/display-time.tsx';
import { useTRPC } from '../../trpc.ts';
import { notifyError } from '../widgets/notify.ts';

/** Account → sessions: every device signed in as me, and ending any of them. */
export function SessionsCard() {
  const { formatDateTime } = useDisplayTime();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sessions = useQuery(trpc.auth.sessions.queryOptions());
  const end = useMutation(
    trpc.auth.endSession.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.auth.sessions.queryKey() }),
      onError: (error) => notifyError(authErrorMessage(error)),
    }),
  );
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4" mb="xs">
        Sessions
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        “Last used” is accurate to within 5 minutes.
      </Text>
      <Table.ScrollContainer minWidth={480}>
        <Table data-testid="sessions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Device</Table.Th>
              <Table.Th>IP</Table.Th>
              <Table.Th>Signed in</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sessions.data?.map((session) => (
              <Table.Tr key={session.id}>
                <Table.Td>
                  {session.device} {session.current && <Badge size="xs">This browser</Badge>}
                </Table.Td>
                <Table.Td>{session.ip ?? '—'}</Table.Td>
                <Table.Td>{formatDateTime(session.createdAt)}</Table.Td>
                <Table.Td>{formatDateTime(session.lastUsedAt)}</Table.Td>
                <Table.Td>
                  {!session.current && (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => end.mutate({ id: session.id })}
                    >
                      End
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
