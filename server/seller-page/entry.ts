// What other features and the routers use of seller-page/ (decision 049): this file, never its others.
// The seller's private page, their answer to an offer and its certificate (decisions 059, 072 and 076).
export { type Allowance, consumeNewLinkAllowance, consumeSellerPageAllowance } from './allowances.ts';
export { answerOffer, type OfferAnswer } from './offer-answer.ts';
export { fileSellerPageMessage, sellerPageView } from './seller-page.ts';
export { queueOfferEmail, requestSellerLinks, runSellerLinkRequestJob } from './seller-mail.ts';
export { consumeVerifyAllowance, verifyCertificateHash } from './certificate.ts';
export { certificateRoutes } from './certificate-routes.ts';
export { sellerPhotoRoutes } from './seller-photo-route.ts';
