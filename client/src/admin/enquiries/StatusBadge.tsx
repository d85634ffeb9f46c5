import { Badge } from '@mantine/core';
import { ENQUIRY_STATUS_LABELS, type EnquiryStatus } from '#shared/enquiries/status.ts';

const STATUS_COLORS: Record<EnquiryStatus, string> = {
  new: 'blue',
  contacted: 'cyan',
  offer_made: 'violet',
  accepted: 'teal',
  purchased: 'green',
  declined: 'gray',
  lost: 'orange',
  spam: 'red',
};

export function StatusBadge({ status }: { status: EnquiryStatus }) {
  return (
    <Badge variant="light" color={STATUS_COLORS[status]}>
      {ENQUIRY_STATUS_LABELS[status]}
    </Badge>
  );
}
