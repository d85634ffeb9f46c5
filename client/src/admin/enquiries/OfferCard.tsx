import { Button, Card, Group, Modal, NumberInput, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { adminCertificatePath } from '#shared/enquiries/certificates.ts';
import { type EnquiryDetail, type EnquiryOffer } from '#shared/enquiries/schemas.ts';
import { takesOffers } from '#shared/enquiries/status.ts';
import { formatAud } from '#shared/money/aud.ts';
import { localDate } from '#shared/time/zones.ts';
import { useDisplayTime } from '../widgets/display-time.tsx';
import { PersonName } from '../widgets/PersonName.tsx';
import { useTRPC } from '../../trpc.ts';
import { useEnquiryUpdate } from './enquiry-update.ts';
import {
  emptyOffer,
  offerDollars,
  offerInput,
  type OfferFormValues,
  repeatsOffer,
  validateOffer,
} from './offer-form.ts';
import { notifySuccess } from '../widgets/notify.ts';
import { runtimeTimeZone } from '#shared/time/format.ts';
import { DayInput } from '../widgets/DayInput.tsx';

/** The latest offer, and for a member who may work the enquiry, the form to record a new one. */
export function OfferCard({ enquiry, canWork }: { enquiry: EnquiryDetail; canWork: boolean }) {
  const { formatDate, formatDateTime } = useDisplayTime();
  const latestOffer = enquiry.offers[0];
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Offer
      </Title>
      {latestOffer ? (
        <Stack gap={4} mb="md" data-testid="latest-offer">
          <Text fw={600} size="lg">
            {formatAud(latestOffer.amountCents)} AUD
          </Text>
          <Text size="sm">
            {latestOffer.validUntil ? `Valid until ${formatDate(latestOffer.validUntil)}` : 'No expiry date'}
          </Text>
          {latestOffer.conditions && <Text size="sm">{latestOffer.conditions}</Text>}
          <Text size="xs" c="dimmed">
            {enquiry.offers.length > 1 ? `Offer ${enquiry.offers.length}, ` : ''}
            by <PersonName email={latestOffer.createdByEmail} names={enquiry.people} /> on{' '}
            {formatDateTime(latestOffer.createdAt)}
          </Text>
          {latestOffer.response && (
            // The seller's answer on their page, with the evidence kept (decision 059).
            <Text size="sm" fw={600} data-testid="offer-response">
              {latestOffer.response.kind === 'accepted'
                ? `Accepted by "${latestOffer.response.typedName ?? ''}" on ${formatDateTime(latestOffer.response.at)}, from ${latestOffer.response.ip ?? 'an unknown address'} (declaration ${latestOffer.response.termsVersion ?? '?'})`
                : `Declined on ${formatDateTime(latestOffer.response.at)}${latestOffer.response.reason ? `: ${latestOffer.response.reason}` : ''}`}
            </Text>
          )}
          {latestOffer.response?.certificate && (
            // The stored certificate of acceptance, the same bytes the seller received (decision 072).
            <Group gap="xs" wrap="wrap">
              <Button
                component="a"
                href={adminCertificatePath(enquiry.id, latestOffer.response.certificate.id)}
                download
                variant="light"
                size="xs"
              >
                Download certificate of acceptance
              </Button>
              <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
                Reference {latestOffer.response.certificate.id} · SHA-256{' '}
                {latestOffer.response.certificate.sha256}
              </Text>
            </Group>
          )}
        </Stack>
      ) : (
        <Text c="dimmed" size="sm" mb="md">
          No offer yet.
        </Text>
      )}
      {canWork && takesOffers(enquiry.status) && (
        <OfferForm enquiryId={enquiry.id} latestOffer={latestOffer} />
      )}
    </Card>
  );
}

function OfferForm({ enquiryId, latestOffer }: { enquiryId: string; latestOffer: EnquiryOffer | undefined }) {
  const { formatDateTime } = useDisplayTime();
  // The same offer again would e-mail the seller an identical message: asked first (decision 095).
  const [repeat, setRepeat] = useState<ReturnType<typeof offerInput> | null>(null);
  const trpc = useTRPC();
  const update = useEnquiryUpdate();
  // "Today" is the business's day (settings timezone), as the server reads it (decision 026).
  const settings = useQuery(trpc.admin.settings.get.queryOptions(undefined, { staleTime: 60_000 }));
  const today = localDate(new Date(), settings.data?.values.timezone ?? runtimeTimeZone());
  const form = useForm<OfferFormValues>({
    initialValues: emptyOffer,
    validate: validateOffer(enquiryId, today),
  });
  const record = useMutation(
    trpc.admin.enquiries.recordOffer.mutationOptions({
      ...update,
      onSuccess: async (updated) => {
        setRepeat(null);
        form.reset();
        notifySuccess('The offer is on the timeline.', { title: 'Offer recorded' });
        await update.onSuccess(updated);
      },
    }),
  );
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        const input = offerInput(enquiryId, values);
        if (repeatsOffer(input, latestOffer)) setRepeat(input);
        else record.mutate(input);
      })}
    >
      <Modal opened={repeat !== null} onClose={() => setRepeat(null)} title="Send the same offer again?">
        <Text size="sm">
          {latestOffer
            ? `This is the offer recorded on ${formatDateTime(latestOffer.createdAt)}: the same amount, expiry and conditions. Recording it again e-mails the seller the same offer a second time.`
            : ''}
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setRepeat(null)}>
            Cancel
          </Button>
          <Button loading={record.isPending} onClick={() => repeat && record.mutate(repeat)}>
            Record it again
          </Button>
        </Group>
      </Modal>
      <Stack gap="xs">
        <Group grow>
          <NumberInput
            label="Amount (AUD)"
            prefix="$"
            thousandSeparator=","
            decimalScale={2}
            min={0}
            {...form.getInputProps('amount')}
          />
          <DayInput label="Valid until" min={today} {...form.getInputProps('validUntil')} />
        </Group>
        <Textarea label="Conditions" autosize minRows={2} {...form.getInputProps('conditions')} />
        <Group justify="flex-end">
          <Button type="submit" disabled={!(offerDollars(form.values.amount) > 0)} loading={record.isPending}>
            Record offer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
