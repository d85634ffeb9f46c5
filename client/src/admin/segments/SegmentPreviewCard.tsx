import { Alert, Card, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { type AudienceReach, explainEmptyAudience } from '#shared/segments/schema.ts';
import { formatCount } from '../widgets/format.ts';
import { useDisplayTime } from '../widgets/display-time.tsx';
import { AnchorLink } from '../widgets/links.tsx';

/** The live count of who the conditions reach, and the first contacts they match. */
export function SegmentPreviewCard({
  valid,
  loading,
  data,
  error,
}: {
  valid: boolean;
  loading: boolean;
  data:
    | {
        audience: number;
        cannotReceive: number;
        reach: AudienceReach;
        members: Array<{ id: string; email: string; fullName: string | null; createdAt: string }>;
      }
    | undefined;
  error: string | null;
}) {
  const { formatDate } = useDisplayTime();
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="segment-preview-title">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={500} id="segment-preview-title">
            Audience
          </Text>
          {loading && <Loader size="xs" aria-label="Counting" />}
        </Group>
        {!valid && (
          <Text size="sm" c="dimmed">
            Complete the conditions to see who matches.
          </Text>
        )}
        {error && <Alert color="red">{error}</Alert>}
        <div aria-live="polite">
          <Text size="xl" fw={700} data-testid="segment-audience-count">
            {data ? formatCount(data.audience) : '…'}
          </Text>
          <Text size="sm" c="dimmed">
            contacts who may receive marketing
          </Text>
          {data && data.cannotReceive > 0 && (
            <Text size="sm" mt={4} data-testid="segment-cannot-receive">
              {formatCount(data.cannotReceive)} more match but cannot receive marketing (no consent,
              unsubscribed or suppressed)
            </Text>
          )}
          {data && <EmptyAudience reach={data.reach} />}
        </div>
        {data && data.members.length > 0 && (
          <Table verticalSpacing={4} aria-label="First matching contacts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Email</Table.Th>
                <Table.Th>Joined</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.members.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>
                    <AnchorLink to="/admin/contacts/$id" params={{ id: m.id }} size="sm">
                      {m.email}
                    </AnchorLink>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDate(m.createdAt)}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}

/** Why no contact would be sent to, and what to do (decision 032); nothing when someone would be. */
export function EmptyAudience({ reach }: { reach: AudienceReach }) {
  const said = explainEmptyAudience(reach);
  if (!said) return null;
  return (
    <Alert color="yellow" variant="light" mt="xs" data-testid="empty-audience">
      <Text size="sm" fw={500}>
        {said.reason}
      </Text>
      <Text size="sm">{said.action}</Text>
    </Alert>
  );
}
