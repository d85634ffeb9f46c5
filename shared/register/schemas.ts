import { z } from 'zod';
import type { HoldNoticeView, ReleaseStatus } from './release.ts';
import { AU_STATES, IDENTITY_DOCUMENTS, type AuState, type IdentityDocument } from './states.ts';

/** One zod schema per `admin.register.*` input and the purchase record (decision 058). */

export const PAYMENT_METHODS = ['cash', 'bank_transfer', 'cheque', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  bank_transfer: 'Bank transfer',
  cheque: 'Cheque',
  other: 'Other',
};

export const ID_CHECK_METHODS = ['in_person', 'uploaded'] as const;
export type IdCheckMethod = (typeof ID_CHECK_METHODS)[number];
export const ID_CHECK_METHOD_LABELS: Record<IdCheckMethod, string> = {
  in_person: 'Seen in person',
  uploaded: 'Uploaded copy',
};

export const DECLARATION_METHODS = ['online_acceptance', 'signed_in_person'] as const;
export type DeclarationMethod = (typeof DECLARATION_METHODS)[number];
export const DECLARATION_METHOD_LABELS: Record<DeclarationMethod, string> = {
  online_acceptance: 'Accepted online',
  signed_in_person: 'Signed in person',
};

/** AUSTRAC's threshold for dealers in precious goods: cash of AUD 10,000 or more (decision 058). */
export const AML_CASH_THRESHOLD_CENTS = 10_000_00;
/** A million dollars is beyond any watch this business buys (the offer cap, decision 026). */
export const MAX_PURCHASE_CENTS = 1_000_000_00;
export const REGISTER_RETENTION_DEFAULT_YEARS = 7;
export const REGISTER_RETENTION_MIN_YEARS = 1;
export const REGISTER_RETENTION_MAX_YEARS = 30;

/** Beside a masked number sealed under an earlier key, until `register-rekey` moves it (decision 058). */
export const UNREADABLE_IDENTITY_HINT =
  'Encrypted with an earlier register key: re-encrypt the register to read it';

export const REGISTER_MESSAGES = {
  priceRequired: 'Enter the final price paid.',
  priceTooLarge: 'A purchase price cannot be more than $1,000,000.',
  paymentMethod: 'Choose how the seller was paid.',
  sellerName: 'Enter the seller’s full name.',
  sellerAddress: 'Enter the seller’s address.',
  idDocument: 'Choose the identity document the seller showed.',
  idNumber: 'Enter the identity document’s number.',
  idExpiry: 'Enter the identity document’s expiry date.',
  idExpired: 'The identity document has expired: ask the seller for a current one.',
  idNotAccepted: (stateName: string) => `That identity document is not accepted in ${stateName}.`,
  idCheckedBy: 'Choose who checked the identity document.',
  idUpload: 'Attach the uploaded copy of the identity document.',
  idCopyType: 'The identity copy must be a photo (JPEG, PNG, WebP or HEIC) or a PDF.',
  idCopyTooLarge: 'The identity copy must be 10 MB or smaller.',
  unknownMember: 'That person is not a team member who may record purchases.',
  serial: 'Enter the watch’s serial number.',
  reference: 'Enter the watch’s reference number.',
  identifyingMarks: 'Describe the watch’s identifying marks (or write “none”).',
  declaration: 'The seller must declare that they own the watch.',
  acceptanceId: 'Give the reference of the online acceptance.',
  receivedBy: 'Choose who took the goods.',
  stolenRegister: 'Name the stolen register checked and its reference.',
  cashNeedsAml: 'Cash payments of $10,000 or more need the AML/CTF setting switched on by the Owner',
  cddRequired: 'Cash of $10,000 or more needs the customer due diligence: date of birth and occupation.',
  cddDateOfBirth: 'Enter the seller’s date of birth.',
  notFound: 'Purchase record not found',
  undecryptable:
    'This identity number was encrypted with an earlier register key and cannot be decrypted with the current one. Ask the person who runs the server to re-encrypt the register ("npm run admin -- register-rekey", README: Rotating the register key).',
  idCopyUndecryptable:
    'This identity copy was encrypted with an earlier register key and cannot be decrypted with the current one. Ask the person who runs the server to re-encrypt the register ("npm run admin -- register-rekey", README: Rotating the register key).',
  serialOnRecord: 'This watch is purchased: its serial is the one on the purchase record.',
  retentionRange: `Keep register entries between ${REGISTER_RETENTION_MIN_YEARS} and ${REGISTER_RETENTION_MAX_YEARS} years`,
  period: 'Choose a period: from a day to a later or the same day.',
  storageLocation: 'Victoria: say where the watch is stored (the register records it).',
  erasureKeeps: (years: number) =>
    `The dealer’s register keeps this seller’s purchase for ${years} years as the law requires`,
} as const;

const day = z.iso.date();
const text = (max: number, message: string) => z.string(message).trim().min(1, message).max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * The purchase record (the dealer's register entry) a move to Purchased carries (decision 058).
 * What needs the business's state, day or settings (document accepted, expiry, cash and AML) the
 * server checks after this schema; the form runs `purchaseRecordInputSchemaFor` with them too.
 */
export const purchaseRecordInputSchema = z
  .object({
    priceCents: z
      .number(REGISTER_MESSAGES.priceRequired)
      .int(REGISTER_MESSAGES.priceRequired)
      .positive(REGISTER_MESSAGES.priceRequired)
      .max(MAX_PURCHASE_CENTS, REGISTER_MESSAGES.priceTooLarge),
    paymentMethod: z.enum(PAYMENT_METHODS, REGISTER_MESSAGES.paymentMethod),
    sellerName: text(200, REGISTER_MESSAGES.sellerName),
    sellerAddress: text(500, REGISTER_MESSAGES.sellerAddress),
    idDocument: z.enum(IDENTITY_DOCUMENTS, REGISTER_MESSAGES.idDocument),
    idNumber: text(40, REGISTER_MESSAGES.idNumber),
    idExpiry: day.or(z.literal('')).refine((v) => v !== '', REGISTER_MESSAGES.idExpiry),
    idCheckedBy: z.uuid(REGISTER_MESSAGES.idCheckedBy),
    idCheckMethod: z.enum(ID_CHECK_METHODS, REGISTER_MESSAGES.idCheckedBy),
    /** The private upload of the document (uploads, never publicly served) when checked that way. */
    idUploadId: z.uuid(REGISTER_MESSAGES.idUpload).nullish(),
    serialNumber: text(100, REGISTER_MESSAGES.serial),
    referenceNumber: text(100, REGISTER_MESSAGES.reference),
    identifyingMarks: text(1000, REGISTER_MESSAGES.identifyingMarks),
    declarationAccepted: z.literal(true, REGISTER_MESSAGES.declaration),
    declarationMethod: z.enum(DECLARATION_METHODS, REGISTER_MESSAGES.declaration),
    /** The online acceptance's id (offer acceptance, another feature) when accepted online. */
    declarationAcceptanceId: optionalText(100),
    receivedBy: z.uuid(REGISTER_MESSAGES.receivedBy),
    stolenRegisterChecked: z.boolean().default(false),
    stolenRegisterName: optionalText(200),
    stolenRegisterReference: optionalText(200),
    /** Customer due diligence (AUSTRAC), asked only for cash of AUD 10,000 or more. */
    cddDateOfBirth: day.nullish().transform((v) => v ?? null),
    cddOccupation: optionalText(200),
    /** Where the goods are kept: asked for Victorian purchases (decision 070). */
    storageLocation: optionalText(500),
  })
  .superRefine((input, ctx) => {
    if (input.idCheckMethod === 'uploaded' && !input.idUploadId)
      ctx.addIssue({ code: 'custom', message: REGISTER_MESSAGES.idUpload, path: ['idUploadId'] });
    if (input.declarationMethod === 'online_acceptance' && !input.declarationAcceptanceId)
      ctx.addIssue({
        code: 'custom',
        message: REGISTER_MESSAGES.acceptanceId,
        path: ['declarationAcceptanceId'],
      });
    if (input.stolenRegisterChecked && (!input.stolenRegisterName || !input.stolenRegisterReference))
      ctx.addIssue({
        code: 'custom',
        message: REGISTER_MESSAGES.stolenRegister,
        path: ['stolenRegisterName'],
      });
  });
export type PurchaseRecordInput = z.input<typeof purchaseRecordInputSchema>;
export type PurchaseRecordValues = z.output<typeof purchaseRecordInputSchema>;

/** What the record is checked against besides its own fields. */
export interface PurchaseRules {
  state: AuState;
  stateName: string;
  acceptedDocuments: readonly IdentityDocument[];
  /** The business's day (settings timezone). */
  today: string;
  amlCddEnabled: boolean;
}

/** The refusals that need the state, the day and the AML setting (server and form alike). */
export function purchaseRuleIssues(
  input: PurchaseRecordValues,
  rules: PurchaseRules,
): Array<{ path: keyof PurchaseRecordValues; message: string }> {
  const issues: Array<{ path: keyof PurchaseRecordValues; message: string }> = [];
  if (!rules.acceptedDocuments.includes(input.idDocument))
    issues.push({ path: 'idDocument', message: REGISTER_MESSAGES.idNotAccepted(rules.stateName) });
  if (input.idExpiry < rules.today) issues.push({ path: 'idExpiry', message: REGISTER_MESSAGES.idExpired });
  // Victoria's register records where the goods are stored (decision 070).
  if (rules.state === 'VIC' && !input.storageLocation)
    issues.push({ path: 'storageLocation', message: REGISTER_MESSAGES.storageLocation });
  if (input.paymentMethod === 'cash' && input.priceCents >= AML_CASH_THRESHOLD_CENTS) {
    if (!rules.amlCddEnabled) issues.push({ path: 'paymentMethod', message: REGISTER_MESSAGES.cashNeedsAml });
    else if (!input.cddDateOfBirth || !input.cddOccupation)
      issues.push({
        path: input.cddDateOfBirth ? 'cddOccupation' : 'cddDateOfBirth',
        message: REGISTER_MESSAGES.cddRequired,
      });
  }
  return issues;
}

/** Whether the form shows the customer due diligence fields. */
export function needsCdd(input: { paymentMethod?: string | undefined; priceCents?: number | undefined }) {
  return input.paymentMethod === 'cash' && (input.priceCents ?? 0) >= AML_CASH_THRESHOLD_CENTS;
}

/** Serial numbers compared without case, spaces, dashes, dots or slashes (decision 058). */
export function normaliseSerial(serial: string): string {
  return serial.toUpperCase().replace(/[\s\-./_]/g, '');
}

/** "•••• 1234": the last four characters, which the list and the enquiry show. */
export function maskIdentityNumber(last4: string): string {
  return `•••• ${last4}`;
}

export const registerSettingsInputSchema = z.object({
  state: z.enum(AU_STATES, 'Choose the state the business is licensed in'),
  amlCddEnabled: z.boolean(),
  retentionYears: z
    .number(REGISTER_MESSAGES.retentionRange)
    .int(REGISTER_MESSAGES.retentionRange)
    .min(REGISTER_RETENTION_MIN_YEARS, REGISTER_MESSAGES.retentionRange)
    .max(REGISTER_RETENTION_MAX_YEARS, REGISTER_MESSAGES.retentionRange),
});
export type RegisterSettings = z.output<typeof registerSettingsInputSchema>;

export const purchaseIdInputSchema = z.object({ id: z.uuid(REGISTER_MESSAGES.notFound) });

export const enquirySerialInputSchema = z.object({
  id: z.uuid('Enquiry not found'),
  serialNumber: optionalText(100),
});

/** A period of the register, calendar days in the settings timezone, both included. */
export const registerPeriodSchema = z
  .object({ from: day, to: day })
  .refine((p) => p.from <= p.to, { message: REGISTER_MESSAGES.period, path: ['to'] });
export type RegisterPeriod = z.output<typeof registerPeriodSchema>;

/** The largest uploaded identity copy kept (decision 058). */
export const MAX_IDENTITY_COPY_BYTES = 10 * 1024 * 1024;
/** Where the purchase form uploads an identity copy: the file as the body, `?name=` its name. */
export const IDENTITY_COPY_UPLOAD_PATH = '/api/admin/identity-copies';
/** Where a register entry's identity copy is viewed (register.identity, audited). */
export const identityCopyPath = (purchaseId: string) => `/api/admin/register/${purchaseId}/identity-copy`;

export interface PurchaseRecordView {
  id: string;
  enquiryId: string | null;
  priceCents: number;
  paymentMethod: PaymentMethod;
  sellerName: string;
  sellerAddress: string;
  idDocument: IdentityDocument;
  /** Masked: "•••• 1234". The full number only through the audited reveal. */
  idNumberMasked: string;
  /**
   * False when the number was sealed under another key than the current one (REGISTER_KEY or
   * APP_SECRET changed and `register-rekey` has not moved it yet, decision 058).
   */
  idNumberReadable: boolean;
  idExpiry: string;
  idCheckedByEmail: string | null;
  /** The member who checked it by name (decision 095); null for a member without one. */
  idCheckedByName: string | null;
  idCheckMethod: IdCheckMethod;
  /** An uploaded copy of the identity document is kept (viewable with register.identity). */
  hasIdentityCopy: boolean;
  serialNumber: string;
  referenceNumber: string;
  identifyingMarks: string;
  declarationMethod: DeclarationMethod;
  declarationAcceptanceId: string | null;
  receivedByEmail: string | null;
  /** The employee who took the goods by name (decision 095); null for a member without one. */
  receivedByName: string | null;
  heldUntil: string | null;
  /** Beside the hold date when it runs past the state's listed public holidays (decision 058). */
  heldUntilNote: string | null;
  releasedAt: string | null;
  releasedByEmail: string | null;
  releaseReason: string | null;
  stolenRegisterChecked: boolean;
  stolenRegisterName: string | null;
  stolenRegisterReference: string | null;
  /** Who recorded the stolen-goods check and when (decision 071); null when none is recorded. */
  stolenCheckedAt: string | null;
  stolenCheckedByEmail: string | null;
  /** Police hold notices on this watch, open and lifted (decision 071). */
  notices: HoldNoticeView[];
  /**
   * Names by address of the members the release lines name (decision 102): who recorded the
   * stolen-goods check, each notice and its lifting, and the release.
   */
  people: Record<string, string>;
  releaseStatus: ReleaseStatus;
  /** The last day the entry is kept (decision 071), and that date as the entry says it. */
  retainUntil: string;
  keptUntil: string;
  cddDateOfBirth: string | null;
  cddOccupation: string | null;
  /** Where the goods are stored (Victoria, decision 070). */
  storageLocation: string | null;
  watch: string;
  createdAt: string;
}

export interface SeenBefore {
  enquiryId: string;
  reference: string;
  serialNumber: string;
  /** On the other enquiry's own field, or on its purchase record. */
  where: 'enquiry' | 'purchase';
}

export interface EnquiryRegisterView {
  serialNumber: string | null;
  purchase: PurchaseRecordView | null;
  seenBefore: SeenBefore[];
}

export interface RegisterSettingsView extends RegisterSettings {
  stateName: string;
  acceptedDocuments: IdentityDocument[];
  holdPeriod: { days: number; kind: 'calendar' | 'working' } | null;
  source: string;
  confirm: string | null;
  /** Team members who may check identity and take goods (Owner, Buyer). */
  members: Array<{ id: string; email: string; name: string | null }>;
  today: string;
}
