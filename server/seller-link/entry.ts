// What other features may use of seller-link/ (decision 049): they import this file, never its others.
// The seller's link (decision 067) and the e-mails that carry it (decision 076).
export { enquiryForSellerToken, issueSellerLink } from './seller-link.ts';
export {
  acceptanceReceiptEmail,
  formatAud,
  formatDay,
  offerAnsweredEmail,
  offerEmail,
  sellerLinkEmail,
  sellerPageBlock,
} from './seller-emails.ts';
