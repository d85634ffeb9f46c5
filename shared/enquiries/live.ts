/**
 * What the admin's live enquiry feed (`admin.enquiries.live`, decision 063) pushes: which enquiry
 * changed and how, never the seller's name or words (the page reads those through its own
 * queries). `resync` follows a gap in the server's LISTEN: anything shown may be stale.
 */
export type EnquiryLiveEvent =
  | { kind: 'offer_accepted' | 'offer_declined' | 'incoming_message'; enquiryId: string }
  | { kind: 'resync'; enquiryId: null };
