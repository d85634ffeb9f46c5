import { Badge } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTRPC } from '../../trpc.ts';

/** Messages from the seller no member has read yet (decision 060); nothing when there are none. */
export function UnreadBadge({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <Badge color="red" variant="filled" data-testid="unread-badge">
      {count} unread
    </Badge>
  );
}

/** Opening the enquiry reads its seller's messages: marked read, the badges refreshed. */
export function useMarkReadOnOpen(enquiryId: string, unreadCount: number) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { mutate } = useMutation(
    trpc.admin.enquiries.markRead.mutationOptions({
      onSuccess: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.admin.enquiries.get.queryKey({ id: enquiryId }) }),
          queryClient.invalidateQueries({ queryKey: trpc.admin.enquiries.list.queryKey() }),
        ]),
    }),
  );
  useEffect(() => {
    if (unreadCount > 0) mutate({ id: enquiryId });
  }, [enquiryId, unreadCount, mutate]);
}
