import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDisplayTime } from '../widgets/display-time.tsx';
import { ButtonLink } from '../widgets/links.tsx';
import { useTRPC } from '../../trpc.ts';
import { notifyError, notifySuccess } from '../widgets/notify.ts';

/**
 * The seller's private link (decisions 059 and 067). Whoever holds the link acts as the seller, so
 * the page loads only its state (expiry, last revocation); a member who may work the enquiry
 * reveals or copies it, each time audited, or revokes it. Every reader may open the read-only
 * preview of the seller's page.
 */
export function SellerLinkCard({ enquiryId, canWork }: { enquiryId: string; canWork: boolean }) {
  const { formatDateTime } = useDisplayTime();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const queryKey = trpc.admin.enquiries.sellerLink.queryKey({ id: enquiryId });
  const link = useQuery(
    // Always fresh on mount: the page remounts the card when an e-mail may have issued the link.
    trpc.admin.enquiries.sellerLink.queryOptions({ id: enquiryId }, { staleTime: 0 }),
  );
  const [revealed, setRevealed] = useState<string | null>(null);
  const clipboard = useClipboard({ timeout: 2000 });
  const reveal = useMutation(
    trpc.admin.enquiries.revealSellerLink.mutationOptions({
      onSuccess: (data, input) => {
        setRevealed(data.link.url);
        if (input.use === 'copy') clipboard.copy(data.link.url);
      },
      onError: (error) => notifyError(error),
    }),
  );
  const revoke = useMutation(
    trpc.admin.enquiries.revokeSellerLink.mutationOptions({
      onSuccess: (data) => {
        setConfirming(false);
        setRevealed(null);
        queryClient.setQueryData(queryKey, data);
        notifySuccess('The old link no longer works. The new one goes out with your next e-mail.', {
          title: 'Seller link revoked',
        });
      },
      onError: (error) => notifyError(error),
    }),
  );
  const current = link.data?.link ?? null;
  // Revoking is asked twice: the seller's open page stops working at once.
  const [confirming, setConfirming] = useState(false);
  const copying = reveal.isPending && reveal.variables.use === 'copy';
  return (
    <Card withBorder data-testid="seller-link">
      <Title order={2} size="h4" mb="sm">
        Seller&apos;s page
      </Title>
      <Stack gap="xs">
        {current ? (
          <>
            {revealed && <TextInput label="Private link" value={revealed} readOnly aria-readonly />}
            <Text size="xs" c={current.expired ? 'red' : 'dimmed'}>
              {current.expired ? 'Link expired on ' : 'Link works until '}
              {formatDateTime(current.expiresAt)}
              {current.revokedAt ? ` · last revoked ${formatDateTime(current.revokedAt)}` : ''}
            </Text>
            {!canWork && (
              <Text size="sm" c="dimmed" data-testid="seller-link-read-only">
                Whoever has this link can act as the seller, so only members who work enquiries can reveal or
                copy it.
              </Text>
            )}
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {link.isPending ? 'Loading…' : 'No link yet: the seller gets one with the first e-mail.'}
          </Text>
        )}
        <Group>
          <ButtonLink to="/admin/enquiries/$id/seller-preview" params={{ id: enquiryId }} variant="default">
            Preview seller&apos;s page
          </ButtonLink>
          {current && canWork && !revealed && (
            <Button
              variant="default"
              loading={reveal.isPending && !copying}
              onClick={() => reveal.mutate({ id: enquiryId, use: 'view' })}
            >
              Reveal link
            </Button>
          )}
          {current && canWork && (
            <Button
              variant="default"
              loading={copying}
              onClick={() => reveal.mutate({ id: enquiryId, use: 'copy' })}
            >
              {clipboard.copied ? 'Copied' : 'Copy link'}
            </Button>
          )}
          {current && canWork && !confirming && (
            <Button variant="default" color="red" aria-haspopup="dialog" onClick={() => setConfirming(true)}>
              Revoke seller link
            </Button>
          )}
          {current && canWork && confirming && (
            <>
              <Button color="red" loading={revoke.isPending} onClick={() => revoke.mutate({ id: enquiryId })}>
                Revoke: the current link stops working
              </Button>
              <Button variant="subtle" onClick={() => setConfirming(false)}>
                Keep it
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
