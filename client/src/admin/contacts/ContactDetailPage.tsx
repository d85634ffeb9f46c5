import { enquiryReference } from '#shared/leads/schema.ts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Image,
  Loader,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import {
  CONTACT_MESSAGES,
  type ContactDetail,
  type ContactEnquiry,
  type ContactUpdateInput,
} from '#shared/contacts/schemas.ts';
import { CONSENT_BASIS_LABELS, type ConsentEvidence, consentSourceLabel } from '#shared/contacts/consent.ts';
import { ACTION_LABELS, METHOD_LABELS, type UnsubscribeLogAction } from '#shared/unsubscribes/schemas.ts';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { errorCode, errorMessage } from '../widgets/errors.ts';
import { formatDate, formatDateTime } from '../widgets/format.ts';
import { AnchorLink, ButtonLink } from '../widgets/links.tsx';
import { useCan } from '../auth/session.ts';
import { useTRPC } from '../../trpc.ts';
import { ConsentEvidenceModal } from './ConsentEvidenceModal.tsx';
import { ContactLifecycleActions } from './ContactLifecycle.tsx';
import { SUPPRESSION_REASON_LABELS, suppressionReasons } from '#shared/suppressions/schemas.ts';
import { readOneOf } from '#shared/url-search.ts';

/** /admin/contacts/$id */
export function ContactDetailPage({ id }: { id: string }) {
  const trpc = useTRPC();
  const contact = useQuery(trpc.admin.contacts.get.queryOptions({ id }, { retry: false }));
  useDocumentTitle(`${contact.data?.email ?? 'Contact'} | ${ADMIN_TITLE}`);

  if (contact.isPending)
    return (
      <Center py="xl">
        <Loader aria-label="Loading contact" />
      </Center>
    );
  if (contact.isError) {
    const notFound = errorCode(contact.error) === 'NOT_FOUND' || errorCode(contact.error) === 'BAD_REQUEST';
    return (
      <Stack align="center" py="xl">
        {notFound ? (
          <Title order={1} size="h2">
            {CONTACT_MESSAGES.notFound}
          </Title>
        ) : (
          <Alert color="red">{errorMessage(contact.error)}</Alert>
        )}
        <ButtonLink to="/admin/contacts" variant="default">
          Back to Contacts
        </ButtonLink>
      </Stack>
    );
  }
  // Keyed by the stored values, so the switches restart from them after a save or a refetch.
  const stored = `${contact.data.emailMarketingConsent}-${contact.data.smsMarketingConsent}`;
  return <ContactView key={`${contact.data.id}-${stored}`} contact={contact.data} />;
}

/** A ticked sell-form box the address has not confirmed (decision 016): not consent yet. */
function pendingDescription(requestedAt: string | null): string {
  const since = requestedAt ? ` on ${formatDateTime(requestedAt)}` : '';
  return `Pending confirmation: asked for on the sell form${since}; waits until the address opens the link e-mailed to it. No campaign is sent meanwhile.`;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

function ContactView({ contact }: { contact: ContactDetail }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [emailOn, setEmailOn] = useState(contact.emailMarketingConsent);
  const [smsOn, setSmsOn] = useState(contact.smsMarketingConsent);
  const emailChanged = emailOn !== contact.emailMarketingConsent;
  const smsChanged = smsOn !== contact.smsMarketingConsent;
  const emailLocked = contact.emailUnsubscribedAt !== null;
  const smsLocked = contact.smsUnsubscribedAt !== null;

  // A Viewer reads the consent state; changing it needs contacts.write (decision 027).
  const canWrite = useCan()('contacts.write');
  const update = useMutation(
    trpc.admin.contacts.update.mutationOptions({
      onSuccess: async (updated) => {
        notifications.show({
          color: 'green',
          title: CONTACT_MESSAGES.updated,
          message: CONTACT_MESSAGES.updatedDescription,
        });
        queryClient.setQueryData(trpc.admin.contacts.get.queryKey({ id: updated.id }), updated);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.admin.contacts.list.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.admin.contacts.stats.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.admin.dashboard.stats.queryKey() }),
        ]);
      },
      onError: (error) => {
        notifications.show({
          color: 'red',
          title: CONTACT_MESSAGES.updateFailed,
          message: errorMessage(error),
        });
      },
    }),
  );

  const [askingEvidence, setAskingEvidence] = useState(false);
  const switchedOn = [
    emailChanged && emailOn ? 'e-mail marketing' : null,
    smsChanged && smsOn ? 'SMS marketing' : null,
  ].filter((channel): channel is string => channel !== null);

  const save = (consentEvidence?: ConsentEvidence) => {
    // Switching a channel on is never silent: it needs the consent evidence first.
    if (switchedOn.length > 0 && !consentEvidence) {
      setAskingEvidence(true);
      return;
    }
    const input: ContactUpdateInput = { id: contact.id };
    if (emailChanged) input.emailMarketingConsent = emailOn;
    if (smsChanged) input.smsMarketingConsent = smsOn;
    if (consentEvidence) input.consentEvidence = consentEvidence;
    update.mutate(input, { onSettled: () => setAskingEvidence(false) });
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <AnchorLink to="/admin/contacts" size="sm">
            ← Back to Contacts
          </AnchorLink>
          <Group gap="sm">
            <Title order={1} size="h2" style={{ wordBreak: 'break-all' }}>
              {contact.email}
            </Title>
            {emailLocked && (
              <Badge color="red" variant="light">
                Unsubscribed
              </Badge>
            )}
            {contact.suppressedAt && (
              <Badge color="orange" variant="light">
                Suppressed
              </Badge>
            )}
          </Group>
        </Stack>
        <ContactLifecycleActions contact={contact} />
      </Group>

      {emailLocked && contact.unsubscribeReason && (
        <Card withBorder radius="md" bg="red.0" style={{ borderColor: 'var(--mantine-color-red-4)' }}>
          <Title order={2} size="h4" c="red.8">
            Unsubscribe Reason
          </Title>
          <Text mt="xs">{contact.unsubscribeReason}</Text>
          <Text size="sm" c="dimmed" mt="xs">
            Unsubscribed on {formatDateTime(contact.emailUnsubscribedAt)}
          </Text>
        </Card>
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder radius="md">
          <Title order={2} size="h4" mb="sm">
            Contact Information
          </Title>
          <Stack gap="xs">
            <Field label="Email">{contact.email}</Field>
            {contact.fullName && <Field label="Name">{contact.fullName}</Field>}
            {contact.phone && <Field label="Phone">{contact.phone}</Field>}
            <Field label="Created">{formatDateTime(contact.createdAt)}</Field>
            <Field label="Last Updated">{formatDateTime(contact.updatedAt)}</Field>
          </Stack>
        </Card>

        <Card withBorder radius="md">
          <Title order={2} size="h4" mb="sm">
            Marketing Preferences
          </Title>
          <Stack>
            <Switch
              label="Email Marketing"
              description={
                emailLocked
                  ? `Unsubscribed on ${formatDateTime(contact.emailUnsubscribedAt)}. Only the contact can resubscribe, through the link in an e-mail.`
                  : contact.emailConsentPending
                    ? pendingDescription(contact.consentRequestedAt)
                    : 'Receives marketing e-mails'
              }
              checked={emailOn}
              disabled={!canWrite || emailLocked || update.isPending}
              onChange={(event) => setEmailOn(event.currentTarget.checked)}
            />
            <Switch
              label="SMS Marketing"
              description={
                smsLocked
                  ? `Unsubscribed from SMS on ${formatDateTime(contact.smsUnsubscribedAt)}.`
                  : contact.smsConsentPending
                    ? pendingDescription(contact.consentRequestedAt)
                    : 'Receives marketing SMS'
              }
              checked={smsOn}
              disabled={!canWrite || (smsLocked && !contact.smsMarketingConsent) || update.isPending}
              onChange={(event) => setSmsOn(event.currentTarget.checked)}
            />
            {canWrite && (emailChanged || smsChanged) && (
              <Group>
                <Button onClick={() => save()} loading={update.isPending}>
                  Save Changes
                </Button>
              </Group>
            )}
          </Stack>
        </Card>

        <Card withBorder radius="md">
          <Title order={2} size="h4" mb="sm">
            Consent Evidence
          </Title>
          <Stack gap="xs">
            <Field label="Consent given">
              {contact.consentAt ? formatDateTime(contact.consentAt) : 'Never'}
            </Field>
            <Field label="Source">{consentSourceLabel(contact.consentSource)}</Field>
            <Field label="IP address">{contact.consentIp ?? '—'}</Field>
            {contact.consentUserAgent && <Field label="Browser">{contact.consentUserAgent}</Field>}
            {(contact.emailConsentPending || contact.smsConsentPending) && contact.consentRequestedAt && (
              <Field label="Awaiting confirmation since">{formatDateTime(contact.consentRequestedAt)}</Field>
            )}
            {contact.consentRecords.length > 0 && (
              <Stack gap={6} mt="xs" aria-label="Consent records" role="list">
                {contact.consentRecords.map((record) => (
                  <Card key={record.id} withBorder radius="sm" padding="xs" role="listitem">
                    <Text size="sm" fw={500}>
                      {CONSENT_BASIS_LABELS[record.basis]} ·{' '}
                      {record.channels
                        .map((channel) => (channel === 'email' ? 'E-mail' : 'SMS'))
                        .join(' and ')}
                    </Text>
                    <Text size="sm">{record.note}</Text>
                    <Text size="xs" c="dimmed">
                      Agreed on {formatDate(`${record.obtainedOn}T00:00:00`)} · recorded by{' '}
                      {record.recordedBy} on {formatDateTime(record.createdAt)}
                    </Text>
                  </Card>
                ))}
              </Stack>
            )}
          </Stack>
        </Card>

        <Card withBorder radius="md">
          <Title order={2} size="h4" mb="sm">
            Deliverability
          </Title>
          {contact.suppressedAt ? (
            <Stack gap="xs">
              <Text size="sm">
                E-mails to this address are suppressed: no campaign will be sent to it, whatever its consent.
              </Text>
              <Field label="Suppressed">{formatDateTime(contact.suppressedAt)}</Field>
              <Field label="Reason">
                {contact.suppressionReason === 'complaint'
                  ? 'Spam complaint'
                  : contact.suppressionReason
                    ? (SUPPRESSION_REASON_LABELS[
                        readOneOf(contact.suppressionReason, suppressionReasons) ?? 'manual'
                      ] ?? contact.suppressionReason)
                    : '—'}
              </Field>
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              Not suppressed: no hard bounce or spam complaint recorded.
            </Text>
          )}
        </Card>
      </SimpleGrid>

      <ConsentEvidenceModal
        opened={askingEvidence}
        channels={switchedOn.join(' and ')}
        saving={update.isPending}
        onCancel={() => setAskingEvidence(false)}
        onConfirm={(evidence) => save(evidence)}
      />

      <Card withBorder radius="md">
        <Title order={2} size="h4" mb="sm">
          Enquiries
        </Title>
        {contact.enquiries.length === 0 ? (
          <Text size="sm" c="dimmed">
            No enquiries from this contact.
          </Text>
        ) : (
          <Stack>
            {contact.enquiries.map((enquiry) => (
              <EnquiryItem key={enquiry.id} enquiry={enquiry} contact={contact} />
            ))}
          </Stack>
        )}
      </Card>

      <Card withBorder radius="md">
        <Title order={2} size="h4" mb="sm">
          Campaigns Sent
        </Title>
        {contact.sends.length === 0 ? (
          <Text size="sm" c="dimmed">
            No campaign e-mails have been sent to this contact.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={600}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Campaign</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Sent</Table.Th>
                  <Table.Th>Opened</Table.Th>
                  <Table.Th>Clicked</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {contact.sends.map((send) => (
                  <Table.Tr key={send.id}>
                    <Table.Td>
                      <AnchorLink to="/admin/campaigns/$id" params={{ id: send.campaignId }}>
                        {send.campaignName}
                      </AnchorLink>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={sendStatusColor(send.status)} miw="max-content">
                        {send.status.replaceAll('_', ' ')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{formatDateTime(send.sentAt)}</Table.Td>
                    <Table.Td>{formatDateTime(send.openedAt)}</Table.Td>
                    <Table.Td>{formatDateTime(send.clickedAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>

      {contact.unsubscribeEvents.length > 0 && (
        <Card withBorder radius="md">
          <Title order={2} size="h4" mb="sm">
            Unsubscribe History
          </Title>
          <Stack gap={6}>
            {contact.unsubscribeEvents.map((event) => (
              <Text size="sm" key={event.id}>
                {formatDateTime(event.createdAt)}:{' '}
                {ACTION_LABELS[event.action as UnsubscribeLogAction] ?? event.action} (
                {METHOD_LABELS[event.method as 'manual' | 'one_click'] ?? event.method})
              </Text>
            ))}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

function sendStatusColor(status: string): string {
  if (status === 'delivered' || status === 'sent') return 'green';
  if (status === 'bounced' || status === 'complained' || status === 'failed') return 'red';
  if (status === 'cancelled' || status === 'skipped') return 'gray';
  return 'blue';
}

function EnquiryItem({ enquiry, contact }: { enquiry: ContactEnquiry; contact: ContactDetail }) {
  // An enquiry may carry another name or phone than the contact's (anyone can type an address):
  // shown so staff see who actually wrote in.
  const differs =
    (enquiry.contactName !== null && enquiry.contactName !== contact.fullName) ||
    (enquiry.contactPhone !== null && enquiry.contactPhone !== contact.phone);
  const submittedAs = differs ? [enquiry.contactName, enquiry.contactPhone].filter(Boolean).join(', ') : null;
  const watch = [enquiry.watchBrand, enquiry.watchModel].filter(Boolean).join(' ');
  const extras = [enquiry.hasBox ? 'Box' : 'No box', enquiry.hasPapers ? 'Papers' : 'No papers'].join(', ');
  const utm = [enquiry.utmSource, enquiry.utmMedium, enquiry.utmCampaign].filter(Boolean).join(' / ');
  return (
    <Card withBorder radius="sm" padding="sm">
      <Group justify="space-between" align="flex-start">
        <Text fw={600}>{watch}</Text>
        <Text size="sm" c="dimmed">
          Ref {enquiryReference(enquiry.id)} · {formatDate(enquiry.createdAt)}
        </Text>
      </Group>
      {submittedAs && (
        <Text size="sm" c="dimmed" mt={4}>
          Submitted as {submittedAs}
        </Text>
      )}
      <SimpleGrid cols={{ base: 2, sm: 4 }} mt="xs">
        <Field label="Condition">{enquiry.watchCondition}</Field>
        <Field label="Year">{enquiry.watchYear ?? '—'}</Field>
        <Field label="Box / papers">{extras}</Field>
        <Field label="Source">{utm ? `${enquiry.source} (${utm})` : enquiry.source}</Field>
      </SimpleGrid>
      {(enquiry.emailConsentRequested || enquiry.smsConsentRequested) && (
        <Text size="sm" c="dimmed" mt={4}>
          Ticked marketing:{' '}
          {[enquiry.emailConsentRequested && 'e-mail', enquiry.smsConsentRequested && 'SMS']
            .filter(Boolean)
            .join(' and ')}
        </Text>
      )}
      {enquiry.additionalDetails && (
        <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
          {enquiry.additionalDetails}
        </Text>
      )}
      {enquiry.photoIds.length > 0 && (
        <Group gap="xs" mt="sm">
          {enquiry.photoIds.map((photoId, index) => (
            <Anchor
              key={photoId}
              href={`/api/uploads/${photoId}`}
              target="_blank"
              rel="noopener"
              aria-label={`Photo ${index + 1} of ${watch}, full size`}
            >
              <Image
                src={`/api/uploads/${photoId}`}
                alt={`Photo ${index + 1} of ${watch}`}
                w={96}
                h={96}
                fit="cover"
                radius="sm"
                loading="lazy"
              />
            </Anchor>
          ))}
        </Group>
      )}
    </Card>
  );
}
