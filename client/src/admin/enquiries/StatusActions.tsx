import { Button, Group, Modal, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { EnquiryDetail } from '#shared/enquiries/schemas.ts';
import {
  allowedTransitions,
  ENQUIRY_STATUS_LABELS,
  type EnquiryStatus,
  isClosed,
  REASON_REQUIRED,
} from '#shared/enquiries/status.ts';
import { useTRPC } from '../../trpc.ts';
import { useEnquiryUpdate } from './enquiry-update.ts';

/** Only the moves the shared transition table allows from here; Lost asks for its reason. */
export function StatusActions({ enquiry }: { enquiry: EnquiryDetail }) {
  const trpc = useTRPC();
  const [asking, setAsking] = useState<EnquiryStatus | null>(null);
  const [reason, setReason] = useState('');
  const update = useEnquiryUpdate();
  const setStatus = useMutation(
    trpc.admin.enquiries.setStatus.mutationOptions({
      ...update,
      onSuccess: async (updated) => {
        setAsking(null);
        setReason('');
        await update.onSuccess(updated);
      },
    }),
  );
  const moves = allowedTransitions(enquiry.status);
  if (moves.length === 0) return null;
  return (
    <Group gap="xs">
      <Text size="sm" c="dimmed">
        Move to:
      </Text>
      {moves.map((to) => (
        <Button
          key={to}
          size="xs"
          // Closing moves are quieter than the ones that take the enquiry forward.
          variant={isClosed(to) ? 'default' : 'light'}
          loading={setStatus.isPending && setStatus.variables.to === to}
          onClick={() => (REASON_REQUIRED.has(to) ? setAsking(to) : setStatus.mutate({ id: enquiry.id, to }))}
        >
          {ENQUIRY_STATUS_LABELS[to]}
        </Button>
      ))}
      <Modal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={asking ? `Mark as ${ENQUIRY_STATUS_LABELS[asking]}` : ''}
      >
        <Textarea
          label="Reason"
          required
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          autosize
          minRows={2}
        />
        <Group justify="flex-end" mt="md">
          <Button
            disabled={!reason.trim()}
            loading={setStatus.isPending}
            onClick={() => asking && setStatus.mutate({ id: enquiry.id, to: asking, reason })}
          >
            Save
          </Button>
        </Group>
      </Modal>
    </Group>
  );
}
