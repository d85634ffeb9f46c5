import { Anchor, Card, Group, Image, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { ENQUIRY_MESSAGES, type EnquiryDetail } from '#shared/enquiries/schemas.ts';
import { useDisplayTime } from '../widgets/display-time.tsx';
import { AnchorLink } from '../widgets/links.tsx';
import { mailtoHref, telHref } from './contact-links.ts';
import { PhotoLightbox } from './PhotoLightbox.tsx';
import { StatusBadge } from './StatusBadge.tsx';

// What the seller sent on the sell form, read-only: seller, watch, photos, other enquiries.

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

/** The seller's phone as a tel: link where it holds digits, so a click dials it. */
function PhoneLink({ phone }: { phone: string | null }) {
  const href = phone ? telHref(phone) : null;
  if (!phone) return '—';
  if (!href) return phone;
  return (
    <Anchor href={href} inherit>
      {phone}
    </Anchor>
  );
}

export function SellerCard({ enquiry }: { enquiry: EnquiryDetail }) {
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        Seller
      </Title>
      <SimpleGrid cols={2}>
        <Field label="Name">{enquiry.sellerName ?? '—'}</Field>
        <Field label="E-mail">
          <Anchor href={mailtoHref(enquiry.sellerEmail)} inherit>
            {enquiry.sellerEmail}
          </Anchor>
        </Field>
        <Field label="Phone">
          <PhoneLink phone={enquiry.sellerPhone} />
        </Field>
        <Field label="Contact">
          <AnchorLink to="/admin/contacts/$id" params={{ id: enquiry.contactId }}>
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
  );
}

export function WatchCard({ enquiry }: { enquiry: EnquiryDetail }) {
  return (
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
          {[enquiry.utmSource, enquiry.utmMedium, enquiry.utmCampaign, enquiry.utmContent, enquiry.utmTerm]
            .filter(Boolean)
            .join(' / ') || '—'}
        </Field>
        <Field label="Referred by">
          <Text span inherit style={{ overflowWrap: 'anywhere' }}>
            {enquiry.referrer ?? '—'}
          </Text>
        </Field>
      </SimpleGrid>
      <Field label="Additional details">
        {enquiry.redactedAt ? ENQUIRY_MESSAGES.redacted : (enquiry.additionalDetails ?? '—')}
      </Field>
    </Card>
  );
}

export function PhotosCard({ enquiry }: { enquiry: EnquiryDetail }) {
  const [photo, setPhoto] = useState<number | null>(null);
  return (
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
          {/* In the order uploaded (the server sorts by upload time); each downloadable full size. */}
          {enquiry.photoIds.map((photoId, i) => (
            <Stack key={photoId} gap={4} align="center">
              <UnstyledButton onClick={() => setPhoto(i)} aria-label={`View photo ${i + 1}`}>
                <Image
                  src={`/api/uploads/${photoId}/thumbnail`}
                  alt=""
                  w={120}
                  h={120}
                  radius="sm"
                  fit="cover"
                />
              </UnstyledButton>
              <Anchor
                href={`/api/uploads/${photoId}/download`}
                download
                size="xs"
                aria-label={`Download photo ${i + 1}`}
              >
                Download
              </Anchor>
            </Stack>
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
  );
}

export function OtherEnquiriesCard({ enquiry }: { enquiry: EnquiryDetail }) {
  const { formatDate } = useDisplayTime();
  if (enquiry.otherEnquiries.length === 0) return null;
  return (
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
  );
}
