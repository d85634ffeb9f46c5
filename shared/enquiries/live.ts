/**
 * What the admin's live enquiry feed (`admin.enquiries.live`, decision 063) pushes: which enquiry
 * changed and how, never the seller's name or words (the page reads those through its own
 * queries). `resync` follows a gap in the server's LISTEN: anything shown may be stale.
 */
export type EnquiryLiveEvent =
  | { kind: 'offer_accepted' | 'offer_declined' | 'incoming_message'; enquiryId: string }
  | { kind: 'resync'; enquiryId: null };

/** What the assignee is told of a change, with the watch ("Rolex Datejust"), in the admin's notice. */
export function liveNoticeText(kind: Exclude<EnquiryLiveEvent['kind'], 'resync'>, watch: string): string {
  switch (kind) {
    case 'offer_accepted':
      return `The seller accepted the offer on ${watch}`;
    case 'offer_declined':
      return `The seller declined the offer on ${watch}`;
    case 'incoming_message':
      return `New message from the seller on ${watch}`;
  }
}
