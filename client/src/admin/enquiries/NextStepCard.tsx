import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDisplayTime } from '../widgets/display-time.tsx';
import { PersonName } from '../widgets/PersonName.tsx';
import { useTRPC } from '../../trpc.ts';
import { VISIT_STATE_LABELS, VisitOutcomeButtons } from './VisitOutcome.tsx';
import { notifyError, notifySuccess } from '../widgets/notify.ts';

/**
 * The seller's visit or insured shipping kit (decision 062): every version of the visit, newest
 * first, which a member who may work the enquiry marks attended or not once it has begun, and the
 * kit's address, which they mark as posted.
 */
export function NextStepCard({ enquiryId, canWork }: { enquiryId: string; canWork: boolean }) {
  const { formatDateTime } = useDisplayTime();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const panel = useQuery(trpc.admin.appointments.forEnquiry.queryOptions({ id: enquiryId }));
  const dispatch = useMutation(
    trpc.admin.appointments.markKitDispatched.mutationOptions({
      onSuccess: async () => {
        notifySuccess('Shipping kit marked as posted');
        await queryClient.invalidateQueries({ queryKey: trpc.admin.appointments.pathKey() });
        await queryClient.invalidateQueries({
          queryKey: trpc.admin.enquiries.get.queryKey({ id: enquiryId }),
        });
      },
      onError: (error) => notifyError(error),
    }),
  );
  const data = panel.data;
  if (!data || (data.appointments.length === 0 && !data.kit)) return null;
  return (
    <Card withBorder data-testid="next-step">
      <Title order={2} size="h4" mb="sm">
        Visit or shipping kit
      </Title>
      <Stack gap="sm">
        {data.appointments.map((a) => (
          <Stack key={a.id} gap={4}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <div>
                <Text fw={600}>
                  {formatDateTime(a.startsAt)} · {a.city}
                </Text>
                <Text size="xs" c="dimmed">
                  Booked {formatDateTime(a.createdAt)}
                  {a.reminderSentAt ? ` · reminder sent ${formatDateTime(a.reminderSentAt)}` : ''}
                  {a.outcomeAt ? ` · marked ${formatDateTime(a.outcomeAt)}` : ''}
                  {a.outcomeAt && a.outcomeBy && (
                    <>
                      {' by '}
                      <PersonName
                        email={a.outcomeBy}
                        names={a.outcomeByName ? { [a.outcomeBy]: a.outcomeByName } : {}}
                      />
                    </>
                  )}
                </Text>
              </div>
              <Badge color={VISIT_STATE_LABELS[a.state].color} variant="light">
                {VISIT_STATE_LABELS[a.state].label}
              </Badge>
            </Group>
            {canWork && a.markable && (
              <VisitOutcomeButtons appointmentId={a.id} label={`${formatDateTime(a.startsAt)}, ${a.city}`} />
            )}
          </Stack>
        ))}
        {data.kit && (
          <Stack gap={4}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text fw={600}>Insured shipping kit</Text>
              <Badge color={data.kit.dispatchedAt ? 'green' : 'yellow'} variant="light">
                {data.kit.dispatchedAt ? 'Posted' : 'To post'}
              </Badge>
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {data.kit.addressLines.join('\n')}
            </Text>
            {data.kit.phone && <Text size="sm">Phone: {data.kit.phone}</Text>}
            <Text size="xs" c="dimmed">
              Requested {formatDateTime(data.kit.createdAt)}
              {data.kit.dispatchedAt ? ` · posted ${formatDateTime(data.kit.dispatchedAt)}` : ''}
            </Text>
            {canWork && !data.kit.dispatchedAt && (
              <Group>
                <Button
                  variant="default"
                  loading={dispatch.isPending}
                  onClick={() => data.kit && dispatch.mutate({ id: data.kit.id })}
                >
                  Mark as posted
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
