import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { CERTIFICATE_VERIFY_PATH } from '#shared/content/routes.ts';
import type { CertificateVerification } from '#shared/enquiries/certificates.ts';
import { OWNERSHIP_DECLARATION, OWNERSHIP_DECLARATION_VERSION } from '#shared/enquiries/seller.ts';
import { enquiryReference } from '#shared/enquiries/reference.ts';
import type { AppConfig } from '../config/app-config.ts';
import type { DbExecutor } from '../db/database.ts';
import { consumeRateLimit, type RateLimitRule } from '../security/rate-limit.ts';
import { certificatePdf, type CertificateContent, contentDigest } from './certificate-pdf.ts';
import { appendEvidence, chainOfferEmailEvents, evidenceRows, sha256Hex, verifyChain } from './evidence.ts';

// Proof of every online acceptance (decision 072): in the acceptance's transaction the offer
// e-mail's stored delivery events and the acceptance join the enquiry's evidence chain, and the
// certificate is made once from that record, its bytes and their SHA-256 kept in the database so
// every server hands out the same file and the verification page can look a hash up.

export const CERTIFICATE_LIMITS = {
  /** The public verification page, per network: a person checks a few files, a script many. */
  verifyPerIp: { limit: 30, windowSeconds: 15 * 60 },
} as const satisfies Record<string, RateLimitRule>;

export interface IssuedCertificate {
  id: string;
  pdf: Uint8Array;
  sha256: string;
  content: CertificateContent;
}

/**
 * Chains what the acceptance rests on and issues its certificate. Called by `answerOffer` right
 * after the acceptance row is written, in its transaction: the certificate exists exactly when
 * the acceptance does.
 */
export async function issueAcceptanceCertificate(
  trx: DbExecutor,
  config: Pick<AppConfig, 'appUrl' | 'site'>,
  input: { enquiryId: string; offerId: string; responseId: string; linkId: string | null },
): Promise<IssuedCertificate> {
  const offer = await trx
    .selectFrom('enquiry_offers')
    .select([
      'id',
      'amount_cents',
      'conditions',
      'provider_message_id',
      'email_sent_at',
      sql<string | null>`to_char(valid_until, 'YYYY-MM-DD')`.as('valid_until'),
    ])
    .where('id', '=', input.offerId)
    .executeTakeFirstOrThrow();
  const response = await trx
    .selectFrom('offer_responses')
    .select(['id', 'typed_name', 'responded_at', 'ip', 'user_agent', 'terms_version'])
    .where('id', '=', input.responseId)
    .executeTakeFirstOrThrow();
  const declarationSha256 = sha256Hex(OWNERSHIP_DECLARATION);
  const acceptance = {
    responseId: response.id,
    typedName: response.typed_name ?? '',
    acceptedAt: response.responded_at.toISOString(),
    ip: response.ip,
    userAgent: response.user_agent,
    linkId: input.linkId,
  };

  await chainOfferEmailEvents(trx, input.enquiryId, offer.id);
  await appendEvidence(trx, {
    enquiryId: input.enquiryId,
    kind: 'offer_accepted',
    offerId: offer.id,
    content: {
      offerId: offer.id,
      amountCents: Number(offer.amount_cents),
      declarationVersion: response.terms_version ?? OWNERSHIP_DECLARATION_VERSION,
      declarationSha256,
      ...acceptance,
    },
  });
  const rows = await evidenceRows(trx, input.enquiryId);
  const chain = verifyChain(rows);
  if (!chain.ok)
    throw new Error(`The evidence chain of enquiry ${input.enquiryId} is broken at ${chain.brokenAt}`);

  const events = await trx
    .selectFrom('evidence_events')
    .select(['content'])
    .where('enquiry_id', '=', input.enquiryId)
    .where('offer_id', '=', offer.id)
    .where('kind', '=', 'offer_email_event')
    .orderBy('seq')
    .execute();
  const id = randomUUID();
  const content: CertificateContent = {
    certificateId: id,
    business: config.site.name,
    verifyUrl: `${config.appUrl}${CERTIFICATE_VERIFY_PATH}`,
    enquiryId: input.enquiryId,
    enquiryReference: enquiryReference(input.enquiryId),
    offer: {
      id: offer.id,
      amountCents: Number(offer.amount_cents),
      currency: 'AUD',
      validUntil: offer.valid_until,
      conditions: offer.conditions,
      sentAt: offer.email_sent_at?.toISOString() ?? null,
    },
    declaration: {
      text: OWNERSHIP_DECLARATION,
      version: response.terms_version ?? OWNERSHIP_DECLARATION_VERSION,
      sha256: declarationSha256,
    },
    acceptance,
    offerEmail: {
      providerMessageId: offer.provider_message_id,
      events: events.map((row) => {
        const event = JSON.parse(row.content) as {
          type: string;
          occurredAt: string;
          providerEventId: string;
        };
        return { type: event.type, occurredAt: event.occurredAt, providerEventId: event.providerEventId };
      }),
    },
    chain: { head: chain.head, length: rows.length },
  };
  const pdf = await certificatePdf(content);
  const sha256 = sha256Hex(pdf);
  await trx
    .insertInto('acceptance_certificates')
    .values({
      id,
      enquiry_id: input.enquiryId,
      offer_response_id: response.id,
      pdf: Buffer.from(pdf),
      sha256,
      content_digest: contentDigest(content),
      chain_head: chain.head,
      accepted_at: response.responded_at,
    })
    .execute();
  return { id, pdf, sha256, content };
}

/** The offer sent, the chain's first link for that offer: in the offer's transaction. */
export async function chainOfferSent(
  trx: DbExecutor,
  offer: {
    enquiryId: string;
    offerId: string;
    amountCents: number;
    validUntil: string | null;
    conditions: string | null;
    to: string;
  },
): Promise<void> {
  await appendEvidence(trx, {
    enquiryId: offer.enquiryId,
    kind: 'offer_sent',
    offerId: offer.offerId,
    content: {
      offerId: offer.offerId,
      amountCents: offer.amountCents,
      currency: 'AUD',
      validUntil: offer.validUntil,
      conditions: offer.conditions,
      to: offer.to,
      emailKey: `enquiry-offer-${offer.offerId}`,
      at: new Date().toISOString(),
    },
  });
}

/** A certificate's bytes, when it belongs to that enquiry; null for anything else. */
export async function certificateFile(
  db: DbExecutor,
  enquiryId: string,
  certificateId: string,
): Promise<{ id: string; pdf: Buffer; sha256: string; reference: string } | null> {
  const row = await db
    .selectFrom('acceptance_certificates')
    .select(['id', 'pdf', 'sha256', 'enquiry_id'])
    .where('id', '=', certificateId)
    .where('enquiry_id', '=', enquiryId)
    .executeTakeFirst();
  return row
    ? { id: row.id, pdf: row.pdf, sha256: row.sha256, reference: enquiryReference(row.enquiry_id) }
    : null;
}

export function certificateFilename(reference: string, certificateId: string): string {
  return `acceptance-${reference}-${certificateId.slice(0, 8)}.pdf`;
}

export async function consumeVerifyAllowance(db: DbExecutor, ip: string | null, now = new Date()) {
  return consumeRateLimit(
    db,
    `certificate-verify:ip:${ip ?? 'unknown'}`,
    CERTIFICATE_LIMITS.verifyPerIp,
    now,
  );
}

/** Whether a file's SHA-256 is that of a certificate we issued; nothing else is told. */
export async function verifyCertificateHash(
  db: DbExecutor,
  sha256: string,
): Promise<CertificateVerification> {
  const row = await db
    .selectFrom('acceptance_certificates')
    .select(['id', 'accepted_at'])
    .where('sha256', '=', sha256)
    .executeTakeFirst();
  if (!row) return { match: false };
  return { match: true, certificateId: row.id, acceptedAt: row.accepted_at.toISOString() };
}
