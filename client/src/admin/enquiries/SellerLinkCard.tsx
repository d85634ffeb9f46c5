import { Button, Card, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../widgets/errors.ts';
import { formatDateTime } from '../widgets/format.ts';
import { useTRPC } from '../../trpc.ts';

/**
 * The seller's private link (decision 059): the live address to copy, its expiry, and for a member
 * who may work the enquiry, revoking it (the old link stops working, a new one takes its place and
 * goes out with the next e-mail).
 */
export function SellerLinkCard({ enquiryId, canWork }: { enquiryId: string; canWork: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const queryKey = trpc.admin.enquiries.sellerLink.queryKey({ id: enquiryId });
  const link = useQuery(
    // Always fresh on mount: the page remounts the card when an e-mail may have issued the link.
    trpc.admin.enquiries.sellerLink.queryOptions({ id: enquiryId }, { staleTime: 0 }),
  );
  const revoke = useMutation(
    trpc.admin.enquiries.revokeSellerLink.mutationOptions({
      onSuccess: (data) => {
        setConfirming(false);
        queryClient.setQueryData(queryKey, data);
        notifications.show({
          color: 'green',
          title: 'Seller link revoked',
          message: 'The old link no longer works. The new one goes out with your next e-mail.',
        });
      },
      onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
    }),
  );
  const current = link.data?.link ?? null;
  // Revoking is asked twice: the seller's open page stops working at once.
  const [confirming, setConfirming] = useState(false);
  return (
    <Card withBorder data-testid="seller-link">
      <Title order={2} size="h4" mb="sm">
        Seller&apos;s page
      </Title>
      {current ? (
        <Stack gap="xs">
          <TextInput label="Private link" value={current.url} readOnly aria-readonly />
          <Text size="xs" c={current.expired ? 'red' : 'dimmed'}>
            {current.expired ? 'Expired on ' : 'Works until '}
            {formatDateTime(current.expiresAt)}
            {current.revokedAt ? ` · last revoked ${formatDateTime(current.revokedAt)}` : ''}
          </Text>
          <Group>
            <CopyButton value={current.url}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? 'Copied' : 'Copy link'}
                </Button>
              )}
            </CopyButton>
            {canWork && !confirming && (
              <Button variant="default" color="red" onClick={() => setConfirming(true)}>
                Revoke seller link
              </Button>
            )}
            {canWork && confirming && (
              <>
                <Button
                  color="red"
                  loading={revoke.isPending}
                  onClick={() => revoke.mutate({ id: enquiryId })}
                >
                  Revoke: the current link stops working
                </Button>
                <Button variant="subtle" onClick={() => setConfirming(false)}>
                  Keep it
                </Button>
              </>
            )}
          </Group>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {link.isPending ? 'Loading…' : 'No link yet: the seller gets one with the first e-mail.'}
        </Text>
      )}
    </Card>
  );
}
