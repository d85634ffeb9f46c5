import { TRPCError } from '@trpc/server';
import { enquiryIdInputSchema, ENQUIRY_MESSAGES } from '#shared/enquiries/schemas.ts';
import {
  completeDeadlineInputSchema,
  DEADLINE_MESSAGES,
  suspiciousMatterInputSchema,
} from '#shared/register/deadlines.ts';
import {
  enquirySerialInputSchema,
  type EnquiryRegisterView,
  purchaseIdInputSchema,
  REGISTER_MESSAGES,
  registerPeriodSchema,
  registerSettingsInputSchema,
} from '#shared/register/schemas.ts';
import {
  holdNoticeInputSchema,
  liftNoticeInputSchema,
  releaseInputSchema,
  stolenCheckInputSchema,
} from '#shared/register/release.ts';
import { inTransaction } from '../../db/database.ts';
import { RegisterKeyError, registerKeyFrom } from '../../register/crypto.ts';
import {
  addSuspiciousMatter,
  completeDeadline,
  complianceList,
  entryCompliance,
} from '../../register/deadlines.ts';
import {
  enquirySerial,
  heldStock,
  purchaseForEnquiry,
  registerList,
  revealIdentityNumber,
  seenBefore,
  setEnquirySerial,
} from '../../register/register.ts';
import { registerSettingsView, saveRegisterSettings } from '../../register/settings.ts';
import {
  liftHoldNotice,
  recordHoldNotice,
  recordStolenCheck,
  releaseEntry,
  type StepResult,
} from '../../register/release.ts';
import { requirePermission, router } from '../trpc.ts';

/** A release step's refusal as its status (decision 071): what is missing is a 412, not a 500. */
function settle(result: StepResult): void {
  if (result.status === 'ok') return;
  const code = {
    not_found: 'NOT_FOUND',
    conflict: 'CONFLICT',
    refused: 'PRECONDITION_FAILED',
    invalid: 'BAD_REQUEST',
  } as const;
  throw new TRPCError({ code: code[result.status], message: result.message });
}

// admin.register.*: the dealer's register (decision 058). Reading it is the enquiry desk's
// (enquiries.read); the full identity number is the Owner's alone (register.identity), and every
// full view is a mutation, so the audit middleware writes its row in the same transaction.

export const adminRegisterRouter = router({
  settings: requirePermission('enquiries.read').query(({ ctx }) => registerSettingsView(ctx.db)),

  saveSettings: requirePermission('settings.write')
    .input(registerSettingsInputSchema)
    .mutation(async ({ ctx, input }) => {
      await saveRegisterSettings(ctx.db, input);
      return registerSettingsView(ctx.db);
    }),

  /** The enquiry page's register panel: its serial, its purchase record (masked), seen before. */
  forEnquiry: requirePermission('enquiries.read')
    .input(enquiryIdInputSchema)
    .query(async ({ ctx, input }): Promise<EnquiryRegisterView> => {
      const enquiry = await enquirySerial(ctx.db, input.id);
      if (!enquiry) throw new TRPCError({ code: 'NOT_FOUND', message: ENQUIRY_MESSAGES.notFound });
      return {
        serialNumber: enquiry.serial_number,
        purchase: await purchaseForEnquiry(ctx.db, input.id, registerKeyFrom(ctx.config).id),
        seenBefore: await seenBefore(ctx.db, input.id),
      };
    }),

  setSerial: requirePermission('enquiries.write')
    .input(enquirySerialInputSchema)
    .mutation(async ({ ctx, input }) => {
      const enquiry = await enquirySerial(ctx.db, input.id);
      if (!enquiry) throw new TRPCError({ code: 'NOT_FOUND', message: ENQUIRY_MESSAGES.notFound });
      // After the purchase the register entry holds the serial, as recorded with the seller.
      if (enquiry.status === 'purchased')
        throw new TRPCError({ code: 'CONFLICT', message: REGISTER_MESSAGES.serialOnRecord });
      await inTransaction(ctx.db, (trx) => setEnquirySerial(trx, input));
      return { serialNumber: input.serialNumber, seenBefore: await seenBefore(ctx.db, input.id) };
    }),

  /** The full identity number: audited as a mutation (decision 058). */
  revealIdentity: requirePermission('register.identity')
    .input(purchaseIdInputSchema)
    .mutation(async ({ ctx, input }) => {
      let idNumber: string | null;
      try {
        idNumber = await revealIdentityNumber(ctx.db, registerKeyFrom(ctx.config), input.id);
      } catch (error) {
        // Sealed under an earlier key (a rotation not yet re-encrypted, decision 058): the reader
        // is told which number and what to do, not a 500.
        if (!(error instanceof RegisterKeyError)) throw error;
        throw new TRPCError({ code: 'CONFLICT', message: REGISTER_MESSAGES.undecryptable, cause: error });
      }
      if (idNumber === null) throw new TRPCError({ code: 'NOT_FOUND', message: REGISTER_MESSAGES.notFound });
      return { idNumber };
    }),

  held: requirePermission('enquiries.read').query(({ ctx }) =>
    heldStock(ctx.db, registerKeyFrom(ctx.config).id),
  ),

  // Leaving the hold (decision 071): recording purchases' permission, each step audited.
  recordCheck: requirePermission('enquiries.write')
    .input(stolenCheckInputSchema)
    .mutation(async ({ ctx, input }) => {
      settle(await inTransaction(ctx.db, (trx) => recordStolenCheck(trx, input, ctx.user)));
      return { recorded: true };
    }),

  // The notes are free text about a police matter; the officer, station and reference are not
  // the seller's and stay readable in the audit log.
  recordNotice: requirePermission('enquiries.write', { personalInput: ['notes'] })
    .input(holdNoticeInputSchema)
    .mutation(async ({ ctx, input }) => {
      const result = await inTransaction(ctx.db, (trx) => recordHoldNotice(trx, input, ctx.user));
      settle(result);
      return { noticeId: result.noticeId };
    }),

  liftNotice: requirePermission('enquiries.write')
    .input(liftNoticeInputSchema)
    .mutation(async ({ ctx, input }) => {
      const result = await inTransaction(ctx.db, (trx) => liftHoldNotice(trx, input, ctx.user));
      settle(result);
      // The entry's id names the audit row's record (the input names only the notice).
      return { id: result.purchaseId ?? null, lifted: true };
    }),

  release: requirePermission('enquiries.write', { personalInput: ['reason'] })
    .input(releaseInputSchema)
    .mutation(async ({ ctx, input }) => {
      settle(await inTransaction(ctx.db, (trx) => releaseEntry(trx, input, ctx.user)));
      return { released: true };
    }),

  /** The register for a period, identity numbers masked; the export has them in full. */
  list: requirePermission('enquiries.read')
    .input(registerPeriodSchema)
    .query(({ ctx, input }) => registerList(ctx.db, input, registerKeyFrom(ctx.config).id)),

  /** Open deadlines, those done lately and linked cash (decision 070): the Compliance list and Today. */
  compliance: requirePermission('enquiries.read').query(({ ctx }) => complianceList(ctx.db)),

  /** One entry's deadlines and linked cash, shown on its enquiry. */
  entryCompliance: requirePermission('enquiries.read')
    .input(enquiryIdInputSchema)
    .query(({ ctx, input }) => entryCompliance(ctx.db, input.id)),

  /** Marks a deadline done, with its reference; the audit row says who and when (decision 070). */
  completeDeadline: requirePermission('enquiries.write')
    .input(completeDeadlineInputSchema)
    .mutation(async ({ ctx, input }) => {
      const result = await inTransaction(ctx.db, (trx) => completeDeadline(trx, input, ctx.user));
      if (result === 'not_found')
        throw new TRPCError({ code: 'NOT_FOUND', message: DEADLINE_MESSAGES.notFound });
      if (result === 'already_done')
        throw new TRPCError({ code: 'CONFLICT', message: DEADLINE_MESSAGES.alreadyDone });
      return { done: true };
    }),

  /**
   * A staff-only suspicious-matter note: starts the SMR's 3 business days. The note is about the
   * seller and must never reach them (tipping off), so the audit row does not keep it.
   */
  noteSuspiciousMatter: requirePermission('enquiries.write', { personalInput: ['note'] })
    .input(suspiciousMatterInputSchema)
    .mutation(async ({ ctx, input }) => {
      const result = await inTransaction(ctx.db, (trx) => addSuspiciousMatter(trx, input, ctx.user));
      if (result.status === 'not_found')
        throw new TRPCError({ code: 'NOT_FOUND', message: REGISTER_MESSAGES.notFound });
      return { id: result.id, dueOn: result.dueOn };
    }),
});
