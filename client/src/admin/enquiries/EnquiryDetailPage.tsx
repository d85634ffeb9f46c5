import { Alert, Anchor, Card, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { ENQUIRY_MESSAGES, type EnquiryDetail } from '#shared/enquiries/schemas.ts';
import { useCan } from '../auth/session.ts';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { errorCode, errorMessage } from '../widgets/errors.ts';
import { formatAud } from '#shared/money/aud.ts';
import { useDisplayTime } from '../widgets/display-time.tsx';
import { AnchorLink, ButtonLink } from '../widgets/links.tsx';
import { useTRPC } from '../../trpc.ts';
import { AssignmentCard } from './AssignmentCard.tsx';
import { OtherEnquiriesCard, PhotosCard, SellerCard, WatchCard } from './EnquiryFacts.tsx';
import { EnquiryTimeline } from './EnquiryTimeline.tsx';
import { NextStepCard } from './NextStepCard.tsx';
import { OfferCard } from './OfferCard.tsx';
import { RegisterPanel } from './RegisterPanel.tsx';
import { ReplyComposer } from './ReplyComposer.tsx';
import { SellerLinkCard } from './SellerLinkCard.tsx';
import { StatusActions } from './StatusActions.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { UnreadBadge, useMarkReadOnOpen } from './UnreadBadge.tsx';

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

function EnquiryView({ enquiry }: { enquiry: EnquiryDetail }) {
  const { formatDateTime } = useDisplayTime();
  const watch = [enquiry.watchBrand, enquiry.watchModel].filter(Boolean).join(' ');
  // A member who may only read enquiries sees no actions (the server refuses them anyway).
  const canWork = useCan()('enquiries.write');
  useMarkReadOnOpen(enquiry.id, enquiry.unreadCount);
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
          {enquiry.purchasePriceCents !== null && (
            <Text fw={600} data-testid="purchase-price">
              Purchased for {formatAud(enquiry.purchasePriceCents)} AUD
            </Text>
          )}
        </div>
        <Group gap="xs">
          <UnreadBadge count={enquiry.unreadCount} />
          <StatusBadge status={enquiry.status} />
        </Group>
      </Group>

      {canWork && <StatusActions enquiry={enquiry} />}

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <SellerCard enquiry={enquiry} />
        <WatchCard enquiry={enquiry} />
      </SimpleGrid>

      <PhotosCard enquiry={enquiry} />

      <RegisterPanel enquiryId={enquiry.id} canWork={canWork} />
      {/* Remounted (and refetched) when a step that e-mails the seller lands on the timeline. */}
      <SellerLinkCard key={enquiry.timeline.length} enquiryId={enquiry.id} canWork={canWork} />

      <NextStepCard key={`next-${enquiry.timeline.length}`} enquiryId={enquiry.id} canWork={canWork} />

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <OfferCard enquiry={enquiry} canWork={canWork} />
        {canWork && <AssignmentCard enquiry={enquiry} />}
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
        <EnquiryTimeline
          entries={enquiry.timeline}
          enquiryId={enquiry.id}
          redacted={enquiry.redactedAt !== null}
          names={enquiry.people}
        />
      </Card>

      <OtherEnquiriesCard enquiry={enquiry} />
    </Stack>
  );
}
