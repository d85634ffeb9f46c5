// What other features and the routers use of seller-link/ (decision 049): this file, never its others.
// The seller's link (decision 067) and the e-mails that carry it (decision 076).
export {
  enquiryForSellerToken,
  issueSellerLink,
  revokeSellerLink,
  sellerLinkForAdmin,
  sellerLinkId,
  sellerLinkStatus,
} from './seller-link.ts';
export {
  acceptanceReceiptEmail,
  formatAud,
  formatDay,
  offerAnsweredEmail,
  offerEmail,
  sellerLinkEmail,
  sellerPageBlock,
  sellerPageParts,
} from './seller-emails.ts';
