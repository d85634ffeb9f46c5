import { Button, Group } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  APPOINTMENT_OUTCOME_LABELS,
  type AppointmentOutcome,
  type AppointmentState,
} from '#shared/appointments/schemas.ts';
import { useTRPC } from '../../trpc.ts';
import { notifyError, notifySuccess } from '../widgets/notify.ts';

export const VISIT_STATE_LABELS: Record<AppointmentState, { label: string; color: string }> = {
  booked: { label: 'Booked', color: 'green' },
  rescheduled: { label: 'Moved', color: 'gray' },
  cancelled: { label: 'Cancelled', color: 'red' },
  lapsed: { label: 'Not marked', color: 'yellow' },
  attended: { label: APPOINTMENT_OUTCOME_LABELS.attended, color: 'teal' },
  no_show: { label: APPOINTMENT_OUTCOME_LABELS.no_show, color: 'orange' },
};

/**
 * "Attended" and "Did not attend" for a visit that has begun (decision 062), on "Today" and on the
 * enquiry's panel; `label` names the visit so each pair of buttons reads apart from the others.
 */
export function VisitOutcomeButtons({ appointmentId, label }: { appointmentId: string; label: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const mark = useMutation(
    trpc.admin.appointments.markOutcome.mutationOptions({
      onSuccess: async (_data, input) => {
        notifySuccess(`Visit marked as ${APPOINTMENT_OUTCOME_LABELS[input.outcome].toLowerCase()}`);
        await queryClient.invalidateQueries({ queryKey: trpc.admin.appointments.pathKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.admin.enquiries.get.pathKey() });
      },
      onError: (error) => notifyError(error),
    }),
  );
  const button = (outcome: AppointmentOutcome) => (
    <Button
      size="xs"
      variant="default"
      disabled={mark.isPending}
      loading={mark.isPending && mark.variables.outcome === outcome}
      aria-label={`${APPOINTMENT_OUTCOME_LABELS[outcome]}: ${label}`}
      onClick={() => mark.mutate({ id: appointmentId, outcome })}
    >
      {APPOINTMENT_OUTCOME_LABELS[outcome]}
    </Button>
  );
  return (
    <Group gap="xs" role="group" aria-label={`What happened at the visit: ${label}`}>
      {button('attended')}
      {button('no_show')}
    </Group>
  );
}
