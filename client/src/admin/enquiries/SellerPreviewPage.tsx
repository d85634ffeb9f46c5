import { Alert, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { ENQUIRY_MESSAGES } from '#shared/enquiries/schemas.ts';
import { SellerPagePreview } from '../../public/seller/SellerPage.tsx';
import '../../public/styles/tokens.css';
import { ADMIN_TITLE } from '../shell/AdminShell.tsx';
import { errorCode, errorMessage } from '../widgets/errors.ts';
import { AnchorLink } from '../widgets/links.tsx';
import { useTRPC } from '../../trpc.ts';

/**
 * /admin/enquiries/$id/seller-preview: the seller's page as the seller sees it, for any member who
 * reads enquiries (decision 067). Its data comes with the member's session, never the seller's
 * token, and every action on it is disabled; the server has no path from here that acts as the seller.
 */
export function SellerPreviewPage({ id }: { id: string }) {
  useDocumentTitle(`Seller's page preview | ${ADMIN_TITLE}`);
  const trpc = useTRPC();
  const preview = useQuery(trpc.admin.enquiries.sellerPreview.queryOptions({ id }, { retry: false }));
  const back = (
    <AnchorLink to="/admin/enquiries/$id" params={{ id }} size="sm">
      ← Back to the enquiry
    </AnchorLink>
  );
  if (preview.isPending)
    return (
      <Center py="xl">
        <Loader aria-label="Loading the seller's page" />
      </Center>
    );
  if (preview.isError) {
    const notFound = errorCode(preview.error) === 'NOT_FOUND' || errorCode(preview.error) === 'BAD_REQUEST';
    return (
      <Stack align="flex-start" py="xl">
        {back}
        {notFound ? (
          <Title order={1} size="h2">
            {ENQUIRY_MESSAGES.notFound}
          </Title>
        ) : (
          <Alert color="red">{errorMessage(preview.error)}</Alert>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      {back}
      <Alert
        color="yellow"
        variant="light"
        title="Preview — actions are disabled"
        data-testid="seller-preview-banner"
      >
        <Text size="sm">
          This is the seller&apos;s page as they see it. Answering the offer, booking a visit, asking for a
          kit and sending a message work only from the seller&apos;s own link.
        </Text>
      </Alert>
      <SellerPagePreview page={preview.data.page} nextStep={preview.data.nextStep} />
    </Stack>
  );
}
