import { Alert, Badge, Center, Group, Loader, SimpleGrid, Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { CONTACT_MESSAGES, type ContactDetail } from '#shared/contacts/schemas.ts';
import { useCan } from '../auth/session.ts';
import { ContactFlowsCard } from '../automations/ContactFlowsCard.tsx';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { errorCode, errorMessage } from '../widgets/errors.ts';
import { AnchorLink, ButtonLink } from '../widgets/links.tsx';
import { useTRPC } from '../../trpc.ts';
import { ContactEnquiriesCard } from './ContactEnquiries.tsx';
import {
  ConsentEvidenceCard,
  ContactInformationCard,
  DeliverabilityCard,
  UnsubscribeReasonCard,
} from './ContactFacts.tsx';
import { CampaignsSentCard, UnsubscribeHistoryCard } from './ContactHistory.tsx';
import { ContactLifecycleActions } from './ContactLifecycle.tsx';
import { MarketingPreferencesCard } from './MarketingPreferencesCard.tsx';

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

/** The contact's page: who they are, their consent and its evidence, what they sent and were sent. */
function ContactView({ contact }: { contact: ContactDetail }) {
  const can = useCan();
  const emailLocked = contact.emailUnsubscribedAt !== null;
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

      <UnsubscribeReasonCard contact={contact} />

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ContactInformationCard contact={contact} />
        <MarketingPreferencesCard contact={contact} />
        <ConsentEvidenceCard contact={contact} />
        <DeliverabilityCard contact={contact} />
      </SimpleGrid>

      <ContactEnquiriesCard contact={contact} />

      <CampaignsSentCard contact={contact} />

      {can('automations.read') && <ContactFlowsCard contactId={contact.id} />}

      <UnsubscribeHistoryCard contact={contact} />
    </Stack>
  );
}
