import { Button, Group, Loader, Modal, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
import { useMe } from '../auth/session.ts';
import { errorMessage } from '../widgets/errors.ts';
import { useEnquiryUpdate } from './enquiry-update.ts';
import { acceptanceReference, purchaseInput } from './purchase-form.ts';
import { PurchaseRecordForm } from './PurchaseRecordForm.tsx';

/**
 * Only the moves the shared transition table allows from here; Lost asks for its reason, and
 * Purchased, which is final, for the purchase record: the dealer's register entry (decision 058).
 */
export function StatusActions({ enquiry }: { enquiry: EnquiryDetail }) {
  const trpc = useTRPC();
  const [asking, setAsking] = useState<EnquiryStatus | null>(null);
  const [reason, setReason] = useState('');
  const [buying, setBuying] = useState(false);
  const update = useEnquiryUpdate();
  const queryClient = useQueryClient();
  const me = useMe();
  const phone = useMediaQuery('(max-width: 48em)');
  const register = useQuery(trpc.admin.register.settings.queryOptions(undefined, { enabled: buying }));
  const setStatus = useMutation(
    trpc.admin.enquiries.setStatus.mutationOptions({
      ...update,
      onSuccess: async (updated) => {
        setAsking(null);
        setReason('');
        setBuying(false);
        await update.onSuccess(updated);
        // The purchase record and the register lists change with a move to Purchased.
        await queryClient.invalidateQueries({ queryKey: trpc.admin.register.pathKey() });
      },
    }),
  );
  const latestOffer = enquiry.offers[0];
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
          // A purchase asks for its record, a closing move for its reason: both in a dialog.
          aria-haspopup={to === 'purchased' || REASON_REQUIRED.has(to) ? 'dialog' : undefined}
          onClick={() => {
            if (to === 'purchased') {
              setStatus.reset();
              setBuying(true);
            } else if (REASON_REQUIRED.has(to)) setAsking(to);
            else setStatus.mutate({ id: enquiry.id, to });
          }}
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
      <Modal
        opened={buying}
        onClose={() => setBuying(false)}
        title="Record the purchase"
        size="lg"
        fullScreen={phone}
      >
        {register.data ? (
          <PurchaseRecordForm
            settings={register.data}
            latestOfferCents={latestOffer?.amountCents ?? null}
            acceptanceId={acceptanceReference(latestOffer)}
            memberId={register.data.members.find((m) => m.email === me.data?.email)?.id ?? ''}
            pending={setStatus.isPending}
            serverError={setStatus.isError ? errorMessage(setStatus.error) : null}
            onSubmit={(values) => setStatus.mutate(purchaseInput(enquiry.id, values))}
            onCancel={() => setBuying(false)}
          />
        ) : (
          <Loader size="sm" />
        )}
      </Modal>
    </Group>
  );
}
