import { z } from 'zod';
import { tooManyRequestsMessage } from '../preferences/schemas.ts';

/**
 * Certificates of acceptance (decision 072): the public verification page's path and its one
 * input, a SHA-256 the browser computed from the file (the file never leaves the browser).
 */

/** The seller's download: /api/seller-certificates/<token>/<certificate id>. */
export const SELLER_CERTIFICATE_PATH = '/api/seller-certificates';

/** The staff download: /api/admin/enquiries/<enquiry id>/certificates/<certificate id>. */
export function adminCertificatePath(enquiryId: string, certificateId: string): string {
  return `/api/admin/enquiries/${enquiryId}/certificates/${certificateId}`;
}

export const CERTIFICATE_MESSAGES = {
  hashInvalid: 'Paste the 64-character SHA-256 of the file (letters a to f and digits).',
  noMatch: 'No record matches: this file is not a certificate we issued, or it has been changed.',
  tooManyRequests: tooManyRequestsMessage,
} as const;

export const verifyCertificateInputSchema = z.object({
  sha256: z
    .string({ error: CERTIFICATE_MESSAGES.hashInvalid })
    .trim()
    .toLowerCase()
    .regex(/^[0-9a-f]{64}$/, CERTIFICATE_MESSAGES.hashInvalid),
});

export type CertificateVerification =
  { match: true; certificateId: string; acceptedAt: string } | { match: false };
