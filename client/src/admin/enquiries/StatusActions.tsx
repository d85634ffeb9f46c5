import { Button, Group, Modal, NumberInput, Text, Textarea } from '@mantine/core';
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
import { formatAud } from '../widgets/format.ts';
import { useEnquiryUpdate } from './enquiry-update.ts';
import { purchaseInput, purchasePriceError } from './purchase-form.ts';

/**
 * Only the moves the shared transition table allows from here; Lost asks for its reason, and
 * Purchased, which is final, for confirmation and the price paid (decision 026).
 */
export function StatusActions({ enquiry }: { enquiry: EnquiryDetail }) {
  const trpc = useTRPC();
  const [asking, setAsking] = useState<EnquiryStatus | null>(null);
  const [reason, setReason] = useState('');
  const [buying, setBuying] = useState(false);
  const [price, setPrice] = useState<number | string>('');
  const [priceError, setPriceError] = useState<string | null>(null);
  const update = useEnquiryUpdate();
  const setStatus = useMutation(
    trpc.admin.enquiries.setStatus.mutationOptions({
      ...update,
      onSuccess: async (updated) => {
        setAsking(null);
        setReason('');
        setBuying(false);
        setPrice('');
        await update.onSuccess(updated);
      },
    }),
  );
  const confirmPurchase = () => {
    const error = purchasePriceError(enquiry.id, price);
    setPriceError(error);
    if (!error) setStatus.mutate(purchaseInput(enquiry.id, price));
  };
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
          onClick={() => {
            if (to === 'purchased') {
              // The accepted offer is the likely price; the admin confirms or corrects it.
              setPrice(latestOffer ? latestOffer.amountCents / 100 : '');
              setPriceError(null);
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
      <Modal opened={buying} onClose={() => setBuying(false)} title="Mark as Purchased">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            confirmPurchase();
          }}
        >
          <Text size="sm" mb="sm">
            Purchased is final: the enquiry cannot be moved again.
            {latestOffer ? ` The latest offer was ${formatAud(latestOffer.amountCents)} AUD.` : ''}
          </Text>
          <NumberInput
            label="Final price (AUD)"
            required
            prefix="$"
            thousandSeparator=","
            decimalScale={2}
            min={0}
            value={price}
            onChange={(value) => {
              setPrice(value);
              setPriceError(null);
            }}
            error={priceError}
          />
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={() => setBuying(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={setStatus.isPending}>
              Confirm purchase
            </Button>
          </Group>
        </form>
      </Modal>
    </Group>
  );
}
