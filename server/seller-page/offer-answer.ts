import { sql } from 'kysely';
import { OWNERSHIP_DECLARATION_VERSION, SELLER_MESSAGES } from '#shared/enquiries/seller.ts';
import { takesOffers } from '#shared/enquiries/status.ts';
import type { DbTransaction } from '../db/database.ts';
import { notifyEnquiryChanged } from '../db/enquiry-changed.ts';
import { enqueueEmail } from '../email/send-job.ts';
import type { MailServices } from '../appointments/entry.ts';
import { advanceBySeller } from '../enquiries/entry.ts';
import { certificateFilename, issueAcceptanceCertificate } from './certificate.ts';
import { acceptanceReceiptEmail, offerAnsweredEmail } from '../seller-link/entry.ts';
import { issueSellerLink } from '../seller-link/entry.ts';
import { latestOffer, sellerName, sellerOf, today, watchName } from './sellers.ts';

// The seller's answer to an offer on their page (decisions 059 and 072).

export type OfferAnswer =
  { kind: 'accepted'; typedName: string } | { kind: 'declined'; reason: string | null };

export type OfferAnswerResult =
  | { status: 'ok' }
  | { status: 'not_found' | 'answered' | 'superseded' | 'closed' | 'expired'; message: string };

const refusal = (status: Exclude<OfferAnswerResult['status'], 'ok'>, message: string) => ({
  status,
  message,
});

/**
 * The seller's answer to an offer: refused when the offer is not this enquiry's, was answered,
 * is no longer the latest, the enquiry is closed or purchased, or its last day has passed in the
 * business's timezone. Otherwise the answer is stored with the evidence (typed name, declaration
 * version, IP, user agent, time), the enquiry moves through the transition table with the seller as
 * the actor, and the assignee (or the business's inbox) is e-mailed in the same transaction.
 */
export async function answerOffer(
  trx: DbTransaction,
  // The move may end a visit, whose cancellation reaches the seller (decision 062): MailServices.
  services: MailServices,
  input: { enquiryId: string; offerId: string; answer: OfferAnswer },
  // linkId names the private link used (decision 072): a digest of the token, never the token.
  origin: { ip: string | null; userAgent: string | null; linkId?: string | null },
): Promise<OfferAnswerResult> {
  const enquiry = await trx
    .selectFrom('enquiries')
    .select('id')
    .where('id', '=', input.enquiryId)
    .forUpdate()
    .executeTakeFirst();
  const seller = enquiry ? await sellerOf(trx, input.enquiryId) : undefined;
  if (!seller) return refusal('not_found', SELLER_MESSAGES.linkInvalid);
  const offer = await trx
    .selectFrom('enquiry_offers')
    .select(['id', 'amount_cents', sql<string | null>`to_char(valid_until, 'YYYY-MM-DD')`.as('valid_until')])
    .where('id', '=', input.offerId)
    .where('enquiry_id', '=', input.enquiryId)
    .executeTakeFirst();
  if (!offer) return refusal('not_found', SELLER_MESSAGES.offerNotFound);
  const answered = await trx
    .selectFrom('offer_responses')
    .select('id')
    .where('offer_id', '=', offer.id)
    .executeTakeFirst();
  if (answered) return refusal('answered', SELLER_MESSAGES.offerAnswered);
  const latest = await latestOffer(trx, input.enquiryId);
  if (latest?.id !== offer.id) return refusal('superseded', SELLER_MESSAGES.offerSuperseded);
  if (!takesOffers(seller.status)) return refusal('closed', SELLER_MESSAGES.enquiryClosed);
  if (offer.valid_until !== null && offer.valid_until < (await today(trx)))
    return refusal('expired', SELLER_MESSAGES.offerExpired);

  const { answer } = input;
  const response = await trx
    .insertInto('offer_responses')
    .values({
      offer_id: offer.id,
      enquiry_id: input.enquiryId,
      response: answer.kind,
      typed_name: answer.kind === 'accepted' ? answer.typedName : null,
      reason: answer.kind === 'declined' ? answer.reason : null,
      terms_version: answer.kind === 'accepted' ? OWNERSHIP_DECLARATION_VERSION : null,
      ip: origin.ip,
      user_agent: origin.userAgent?.slice(0, 1000) ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Offer made → Accepted / Declined where the table allows it; a revised offer answered after an
  // earlier acceptance leaves the status as it is (decision 026).
  await advanceBySeller(
    trx,
    input.enquiryId,
    seller.status,
    answer.kind,
    seller.email,
    answer.kind === 'declined' ? answer.reason : null,
    services,
  );
  // Told by e-mail below, and at once on the assignee's open pages once this commits (decision 063).
  await notifyEnquiryChanged(
    trx,
    input.enquiryId,
    answer.kind === 'accepted' ? 'offer_accepted' : 'offer_declined',
  );
  const assignee = seller.assignee_id
    ? await trx.selectFrom('users').select('email').where('id', '=', seller.assignee_id).executeTakeFirst()
    : undefined;
  await enqueueEmail(
    services,
    offerAnsweredEmail(services.config, {
      to: assignee?.email ?? services.config.site.email,
      enquiryId: input.enquiryId,
      sellerName: sellerName(seller),
      watch: watchName(seller),
      amountCents: Number(offer.amount_cents),
      response: answer.kind,
      typedName: answer.kind === 'accepted' ? answer.typedName : null,
      reason: answer.kind === 'declined' ? answer.reason : null,
    }),
    `offer-answered-${offer.id}`,
    { trx },
    { aboutEnquiryIds: [input.enquiryId] },
  );
  if (answer.kind === 'accepted')
    await sendAcceptanceReceipt(trx, services, {
      enquiryId: input.enquiryId,
      offerId: offer.id,
      responseId: response.id,
      linkId: origin.linkId ?? null,
      seller,
      typedName: answer.typedName,
    });
  return { status: 'ok' };
}

/**
 * The certificate of acceptance and the seller's receipt carrying it (decision 072), both in the
 * acceptance's transaction: one receipt per acceptance, under a key of its certificate.
 */
async function sendAcceptanceReceipt(
  trx: DbTransaction,
  services: MailServices,
  input: {
    enquiryId: string;
    offerId: string;
    responseId: string;
    linkId: string | null;
    seller: NonNullable<Awaited<ReturnType<typeof sellerOf>>>;
    typedName: string;
  },
): Promise<void> {
  const certificate = await issueAcceptanceCertificate(trx, services.config, input);
  const link = await issueSellerLink(trx, services.config, input.enquiryId);
  const { offer, declaration } = certificate.content;
  await enqueueEmail(
    services,
    acceptanceReceiptEmail(services.config, {
      to: input.seller.email,
      fullName: sellerName(input.seller),
      enquiryId: input.enquiryId,
      watch: watchName(input.seller),
      amountCents: offer.amountCents,
      validUntil: offer.validUntil,
      conditions: offer.conditions,
      typedName: input.typedName,
      declaration: { text: declaration.text, version: declaration.version },
      certificate: {
        id: certificate.id,
        filename: certificateFilename(certificate.content.enquiryReference, certificate.id),
        pdfBase64: Buffer.from(certificate.pdf).toString('base64'),
        sha256: certificate.sha256,
      },
      verifyUrl: certificate.content.verifyUrl,
      url: link.url,
    }),
    `acceptance-receipt-${certificate.id}`,
    { trx },
    { aboutEnquiryIds: [input.enquiryId] },
  );
}
