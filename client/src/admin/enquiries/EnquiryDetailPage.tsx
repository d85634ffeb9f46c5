import {
  Alert,
  Anchor,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Timeline,
  Title,
  UnstyledButton,
  Image,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import {
  businessToday,
  ENQUIRY_MESSAGES,
  type EnquiryDetail,
  enquiryOfferInputSchemaOn,
  type TimelineEntry,
} from '#shared/enquiries/schemas.ts';
import {
  allowedTransitions,
  ENQUIRY_STATUS_LABELS,
  type EnquiryStatus,
  REASON_REQUIRED,
} from '#shared/enquiries/status.ts';
import { useCan } from '../auth/session.ts';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { errorCode, errorMessage } from '../widgets/errors.ts';
import { formatAud, formatDate, formatDateTime } from '../widgets/format.ts';
import { AnchorLink, ButtonLink } from '../widgets/links.tsx';
import { useTRPC } from '../../trpc.ts';
import { PhotoLightbox } from './PhotoLightbox.tsx';
import { ReplyComposer } from './ReplyComposer.tsx';
import { useEnquiryUpdate } from './enquiry-update.ts';
import { StatusBadge } from './StatusBadge.tsx';

/** /admin/enquiries/$id */
export function EnquiryDetailPage({ id }: { id: string }) {
  const trpc = useTRPC();
  const enquiry = useQuery(trpc.admin.enquiries.get.queryOptions({ id }, { retry: false }));
  useDocumentTitle(`Enquiry ${enquiry.data?.reference ?? ''} | ${ADMIN_TITLE}`);

  if (enquiry.isPending)
    return (
      <Center py="xl">
        <Loader aria-label="Loading enquiry" />
      </Center>
    );
  if (enquiry.isError) {
    const notFound = errorCode(enquiry.error) === 'NOT_FOUND' || errorCode(enquiry.error) === 'BAD_REQUEST';
    return (
      <Stack align="center" py="xl">
        {notFound ? (
          <Title order={1} size="h2">
            {ENQUIRY_MESSAGES.notFound}
          </Title>
        ) : (
          <Alert color="red">{errorMessage(enquiry.error)}</Alert>
        )}
        <ButtonLink to="/admin/enquiries" variant="default">
          Back to Enquiries
        </ButtonLink>
      </Stack>
    );
  }
  return <EnquiryView enquiry={enquiry.data} />;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {children}
      </Text>
    </div>
  );
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function EnquiryView({ enquiry }: { enquiry: EnquiryDetail }) {
  const [photo, setPhoto] = useState<number | null>(null);
  const watch = [enquiry.watchBrand, enquiry.watchModel].filter(Boolean).join(' ');
  const latestOffer = enquiry.offers[0];
  // A member who may only read enquiries sees no actions (the server refuses them anyway).
  const canWork = useCan()('enquiries.write');
  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <div>
          <Anchor component={AnchorLink} to="/admin/enquiries" size="sm">
            ← Enquiries
          </Anchor>
          <Title order={1}>
            {watch} · {enquiry.reference}
          </Title>
          <Text c="dimmed" size="sm">
            From {enquiry.sellerName ?? enquiry.sellerEmail}, received {formatDateTime(enquiry.createdAt)}
          </Text>
        </div>
        <StatusBadge status={enquiry.status} />
      </Group>

      {canWork && <StatusActions enquiry={enquiry} />}

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            Seller
          </Title>
          <SimpleGrid cols={2}>
            <Field label="Name">{enquiry.sellerName ?? '—'}</Field>
            <Field label="E-mail">{enquiry.sellerEmail}</Field>
            <Field label="Phone">{enquiry.sellerPhone ?? '—'}</Field>
            <Field label="Contact">
              <AnchorLink to="/admin/contacts/$id" params={{ id: enquiry.leadId }}>
                Open contact
              </AnchorLink>
            </Field>
            <Field label="E-mail marketing">
              {enquiry.consent.emailMarketingConsent
                ? 'Yes'
                : enquiry.consent.emailConsentPending
                  ? 'Pending confirmation'
                  : 'No'}
              {enquiry.consent.emailUnsubscribedAt ? ' (unsubscribed)' : ''}
              {enquiry.consent.suppressedAt ? ' (suppressed)' : ''}
            </Field>
            <Field label="SMS marketing">
              {enquiry.consent.smsMarketingConsent
                ? 'Yes'
                : enquiry.consent.smsConsentPending
                  ? 'Pending confirmation'
                  : 'No'}
            </Field>
          </SimpleGrid>
        </Card>
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            Watch
          </Title>
          <SimpleGrid cols={2}>
            <Field label="Brand">{enquiry.watchBrand}</Field>
            <Field label="Model">{enquiry.watchModel ?? '—'}</Field>
            <Field label="Year">{enquiry.watchYear ?? '—'}</Field>
            <Field label="Condition">{enquiry.watchCondition}</Field>
            <Field label="Original box">{yesNo(enquiry.hasBox)}</Field>
            <Field label="Original papers">{yesNo(enquiry.hasPapers)}</Field>
            <Field label="Source">{enquiry.source}</Field>
            <Field label="UTM">
              {[
                enquiry.utmSource,
                enquiry.utmMedium,
                enquiry.utmCampaign,
                enquiry.utmContent,
                enquiry.utmTerm,
              ]
                .filter(Boolean)
                .join(' / ') || '—'}
            </Field>
          </SimpleGrid>
          <Field label="Additional details">
            {enquiry.redactedAt ? ENQUIRY_MESSAGES.redacted : (enquiry.additionalDetails ?? '—')}
          </Field>
        </Card>
      </SimpleGrid>

      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          Photos ({enquiry.photoIds.length})
        </Title>
        {enquiry.photoIds.length === 0 ? (
          <Text c="dimmed" size="sm">
            {enquiry.redactedAt ? ENQUIRY_MESSAGES.redacted : 'No photos were attached.'}
          </Text>
        ) : (
          <Group>
            {enquiry.photoIds.map((photoId, i) => (
              <UnstyledButton key={photoId} onClick={() => setPhoto(i)} aria-label={`View photo ${i + 1}`}>
                <Image
                  src={`/api/uploads/${photoId}/thumbnail`}
                  alt=""
                  w={120}
                  h={120}
                  radius="sm"
                  fit="cover"
                />
              </UnstyledButton>
            ))}
          </Group>
        )}
        <PhotoLightbox
          photoIds={enquiry.photoIds}
          index={photo}
          onIndexChange={setPhoto}
          onClose={() => setPhoto(null)}
        />
      </Card>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
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
                {latestOffer.validUntil
                  ? `Valid until ${formatDate(latestOffer.validUntil)}`
                  : 'No expiry date'}
              </Text>
              {latestOffer.conditions && <Text size="sm">{latestOffer.conditions}</Text>}
              <Text size="xs" c="dimmed">
                {enquiry.offers.length > 1 ? `Offer ${enquiry.offers.length}, ` : ''}
                by {latestOffer.createdByEmail ?? 'unknown'} on {formatDateTime(latestOffer.createdAt)}
              </Text>
            </Stack>
          ) : (
            <Text c="dimmed" size="sm" mb="md">
              No offer yet.
            </Text>
          )}
          {canWork && <OfferForm enquiry={enquiry} />}
        </Card>
        {canWork && (
          <Card withBorder>
            <Title order={2} size="h4" mb="sm">
              Assignment
            </Title>
            <AssignSelect enquiry={enquiry} />
            <Title order={2} size="h4" mt="lg" mb="sm">
              Internal note
            </Title>
            <NoteForm enquiryId={enquiry.id} />
          </Card>
        )}
      </SimpleGrid>

      {canWork && (
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            Reply to the seller
          </Title>
          <ReplyComposer enquiry={enquiry} />
        </Card>
      )}

      <Card withBorder>
        <Title order={2} size="h4" mb="sm">
          Timeline
        </Title>
        <EnquiryTimeline entries={enquiry.timeline} />
      </Card>

      {enquiry.otherEnquiries.length > 0 && (
        <Card withBorder>
          <Title order={2} size="h4" mb="sm">
            The seller's other enquiries
          </Title>
          <Stack gap={4}>
            {enquiry.otherEnquiries.map((other) => (
              <Group key={other.id} gap="sm">
                <AnchorLink to="/admin/enquiries/$id" params={{ id: other.id }}>
                  {[other.watchBrand, other.watchModel].filter(Boolean).join(' ')} · {other.reference}
                </AnchorLink>
                <StatusBadge status={other.status} />
                <Text size="xs" c="dimmed">
                  {formatDate(other.createdAt)}
                </Text>
              </Group>
            ))}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

/** Only the moves the shared transition table allows from here; Lost asks for its reason. */
function StatusActions({ enquiry }: { enquiry: EnquiryDetail }) {
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
          variant={to === 'spam' || to === 'lost' || to === 'declined' ? 'default' : 'light'}
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

function OfferForm({ enquiry }: { enquiry: EnquiryDetail }) {
  const trpc = useTRPC();
  const [amount, setAmount] = useState<number | string>('');
  const [validUntil, setValidUntil] = useState('');
  const [conditions, setConditions] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<string, string>>>({});
  const update = useEnquiryUpdate();
  // "Today" is the business's day (settings timezone), as the server reads it (decision 026).
  const settings = useQuery(trpc.admin.settings.get.queryOptions(undefined, { staleTime: 60_000 }));
  const today = businessToday(
    settings.data?.values.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
  );
  const record = useMutation(
    trpc.admin.enquiries.recordOffer.mutationOptions({
      ...update,
      onSuccess: async (updated) => {
        setAmount('');
        setValidUntil('');
        setConditions('');
        setFieldErrors({});
        notifications.show({
          color: 'green',
          title: 'Offer recorded',
          message: 'The offer is on the timeline.',
        });
        await update.onSuccess(updated);
      },
    }),
  );
  const dollars = typeof amount === 'number' ? amount : Number.parseFloat(amount);
  const closed = ['purchased', 'declined', 'lost', 'spam'].includes(enquiry.status);
  if (closed) return null;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const offer = {
          id: enquiry.id,
          amountCents: Math.round(dollars * 100),
          validUntil: validUntil || null,
          conditions: conditions.trim() || null,
        };
        // The server's own rules and messages (shared schema), before the round trip.
        const checked = enquiryOfferInputSchemaOn(today).safeParse(offer);
        if (!checked.success) {
          const errors: Partial<Record<string, string>> = {};
          for (const issue of checked.error.issues) errors[String(issue.path[0])] ??= issue.message;
          setFieldErrors(errors);
          return;
        }
        setFieldErrors({});
        record.mutate(offer);
      }}
    >
      <Stack gap="xs">
        <Group grow>
          <NumberInput
            label="Amount (AUD)"
            prefix="$"
            thousandSeparator=","
            decimalScale={2}
            min={0}
            value={amount}
            onChange={setAmount}
            error={fieldErrors.amountCents}
          />
          <TextInput
            label="Valid until"
            type="date"
            min={today}
            value={validUntil}
            onChange={(event) => setValidUntil(event.currentTarget.value)}
            error={fieldErrors.validUntil}
          />
        </Group>
        <Textarea
          label="Conditions"
          value={conditions}
          onChange={(event) => setConditions(event.currentTarget.value)}
          error={fieldErrors.conditions}
          autosize
          minRows={2}
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={!(dollars > 0)} loading={record.isPending}>
            Record offer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AssignSelect({ enquiry }: { enquiry: EnquiryDetail }) {
  const trpc = useTRPC();
  const options = useQuery(trpc.admin.enquiries.filterOptions.queryOptions(undefined, { staleTime: 60_000 }));
  const assign = useMutation(trpc.admin.enquiries.assign.mutationOptions(useEnquiryUpdate()));
  return (
    <Select
      label="Assigned to"
      placeholder="Nobody"
      clearable
      data={(options.data?.admins ?? []).map((a) => ({ value: a.id, label: a.email }))}
      value={enquiry.assigneeId}
      disabled={assign.isPending}
      onChange={(value) => assign.mutate({ id: enquiry.id, assigneeId: value })}
    />
  );
}

function NoteForm({ enquiryId }: { enquiryId: string }) {
  const trpc = useTRPC();
  const [body, setBody] = useState('');
  const update = useEnquiryUpdate();
  const add = useMutation(
    trpc.admin.enquiries.addNote.mutationOptions({
      ...update,
      onSuccess: async (updated) => {
        setBody('');
        await update.onSuccess(updated);
      },
    }),
  );
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        add.mutate({ id: enquiryId, body });
      }}
    >
      <Textarea
        label="Note (only admins see it)"
        value={body}
        onChange={(event) => setBody(event.currentTarget.value)}
        autosize
        minRows={2}
      />
      <Group justify="flex-end" mt="xs">
        <Button type="submit" variant="light" disabled={!body.trim()} loading={add.isPending}>
          Add note
        </Button>
      </Group>
    </form>
  );
}

const EMAIL_EVENT_LABELS: Record<string, string> = {
  'email.sent': 'Accepted by the provider',
  'email.delivered': 'Delivered',
  'email.delivery_delayed': 'Delivery delayed',
  'email.bounced': 'Bounced',
  'email.complained': 'Marked as spam by the recipient',
  'email.failed': 'Failed',
  'email.suppressed': 'Suppressed by the provider',
};

function describe(entry: TimelineEntry): { title: string; body: ReactNode } {
  const by = (actor: string | null) => (actor ? ` by ${actor}` : '');
  switch (entry.kind) {
    case 'submitted':
      return { title: 'Submitted on the sell form', body: null };
    case 'status':
      return {
        title: `${entry.from ? `${ENQUIRY_STATUS_LABELS[entry.from]} → ` : ''}${ENQUIRY_STATUS_LABELS[entry.to]}${by(entry.actor)}`,
        body: entry.reason ? `Reason: ${entry.reason}` : null,
      };
    case 'note':
      return { title: `Note${by(entry.actor)}`, body: entry.body };
    case 'assignment':
      return {
        title: entry.assigneeEmail
          ? `Assigned to ${entry.assigneeEmail}${by(entry.actor)}`
          : `Unassigned${by(entry.actor)}`,
        body: null,
      };
    case 'offer':
      return {
        title: `Offer of ${formatAud(entry.offer.amountCents)} AUD${by(entry.offer.createdByEmail)}`,
        body: [
          entry.offer.validUntil ? `Valid until ${formatDate(entry.offer.validUntil)}` : null,
          entry.offer.conditions,
        ]
          .filter(Boolean)
          .join(' · '),
      };
    case 'email':
      return { title: `E-mail sent to ${entry.to}${by(entry.actor)}`, body: entry.subject };
    case 'email_event':
      return { title: `E-mail: ${EMAIL_EVENT_LABELS[entry.type] ?? entry.type}`, body: entry.detail };
  }
}

function EnquiryTimeline({ entries }: { entries: TimelineEntry[] }) {
  return (
    <Timeline bulletSize={14} lineWidth={2} active={entries.length - 1} aria-label="Timeline">
      {entries.map((entry, i) => {
        const { title, body } = describe(entry);
        return (
          <Timeline.Item key={`${entry.kind}-${entry.at}-${i}`} title={title}>
            {body && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {body}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {formatDateTime(entry.at)}
            </Text>
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
