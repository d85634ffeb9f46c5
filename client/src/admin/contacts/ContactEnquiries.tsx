import { Anchor, Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ContactDetail, ContactEnquiry } from '#shared/contacts/schemas.ts';
import { enquiryReference } from '#shared/enquiries/reference.ts';
import { StatusBadge } from '../enquiries/StatusBadge.tsx';
import { useDisplayTime } from '../widgets/display-time.tsx';
import { AnchorLink } from '../widgets/links.tsx';
import { Field } from './ContactFacts.tsx';

/** The enquiries this contact sent on the sell form, each with its watch and photos. */
export function ContactEnquiriesCard({ contact }: { contact: ContactDetail }) {
  return (
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
  );
}

function EnquiryItem({ enquiry, contact }: { enquiry: ContactEnquiry; contact: ContactDetail }) {
  const { formatDate } = useDisplayTime();
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
        <Group gap="xs">
          {/* The card links to the enquiry on the desk, which links back here. */}
          <AnchorLink to="/admin/enquiries/$id" params={{ id: enquiry.id }} fw={600}>
            {watch}
          </AnchorLink>
          <StatusBadge status={enquiry.status} />
        </Group>
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
