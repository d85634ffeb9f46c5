import { useQueryClient } from '@tanstack/react-query';
import type { EnquiryDetail } from '#shared/enquiries/schemas.ts';
import { useTRPC } from '../../trpc.ts';
import { notifyError } from '../widgets/notify.ts';

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
      notifyError(error, { title: 'Not saved' });
    },
  };
}
