import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import type { EnquiryDetail } from '#shared/enquiries/schemas.ts';
import { errorMessage } from '../widgets/errors.ts';
import { useTRPC } from '../../trpc.ts';

/** Every mutation answers with the whole enquiry: the page takes it as is, the lists refresh. */
export function useEnquiryUpdate() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return {
    onSuccess: async (updated: EnquiryDetail) => {
      queryClient.setQueryData(trpc.admin.enquiries.get.queryKey({ id: updated.id }), updated);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.admin.enquiries.list.queryKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.admin.enquiries.awaitingReply.queryKey() }),
      ]);
    },
    onError: (error: unknown) => {
      notifications.show({ color: 'red', title: 'Not saved', message: errorMessage(error) });
    },
  };
}
