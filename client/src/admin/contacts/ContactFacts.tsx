import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ContactDetail } from '#shared/contacts/schemas.ts';
import { CONSENT_BASIS_LABELS, consentSourceLabel } from '#shared/contacts/consent.ts';
import { SUPPRESSION_REASON_LABELS, suppressionReasons } from '#shared/suppressions/schemas.ts';
import { readOneOf } from '#shared/url-search.ts';
import { useDisplayTime } from '../widgets/display-time.tsx';

// The contact's record, read-only: who they are, the evidence of their consent, deliverability.

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

export function UnsubscribeReasonCard({ contact }: { contact: ContactDetail }) {
  const { formatDateTime } = useDisplayTime();
  if (contact.emailUnsubscribedAt === null || !contact.unsubscribeReason) return null;
  return (
    <Card withBorder radius="md" bg="red.0" style={{ borderColor: 'var(--mantine-color-red-4)' }}>
      <Title order={2} size="h4" c="red.8">
        Unsubscribe Reason
      </Title>
      <Text mt="xs">{contact.unsubscribeReason}</Text>
      <Text size="sm" c="dimmed" mt="xs">
        Unsubscribed on {formatDateTime(contact.emailUnsubscribedAt)}
      </Text>
    </Card>
  );
}

export function ContactInformationCard({ contact }: { contact: ContactDetail }) {
  const { formatDateTime } = useDisplayTime();
  return (
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
  );
}

export function ConsentEvidenceCard({ contact }: { contact: ContactDetail }) {
  const { formatDate, formatDateTime } = useDisplayTime();
  return (
    <Card withBorder radius="md">
      <Title order={2} size="h4" mb="sm">
        Consent Evidence
      </Title>
      <Stack gap="xs">
        <Field label="Consent given">{contact.consentAt ? formatDateTime(contact.consentAt) : 'Never'}</Field>
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
                  {record.channels.map((channel) => (channel === 'email' ? 'E-mail' : 'SMS')).join(' and ')}
                </Text>
                <Text size="sm">{record.note}</Text>
                <Text size="xs" c="dimmed">
                  Agreed on {formatDate(`${record.obtainedOn}T00:00:00`)} · recorded by {record.recordedBy} on{' '}
                  {formatDateTime(record.createdAt)}
                </Text>
              </Card>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

export function DeliverabilityCard({ contact }: { contact: ContactDetail }) {
  const { formatDateTime } = useDisplayTime();
  return (
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
  );
}
