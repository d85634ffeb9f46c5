import { TRPCError } from '@trpc/server';
import { CONSENT_MESSAGES } from '#shared/contacts/consent.ts';
import {
  CONTACT_LIFECYCLE_MESSAGES,
  CONTACT_MESSAGES,
  CONTACTS_PAGE_SIZE,
  contactCreateInputSchema,
  contactDetailsInputSchema,
  contactEraseInputSchema,
  contactGetInputSchema,
  contactsListInputSchema,
  contactUpdateInputSchema,
} from '#shared/contacts/schemas.ts';
import {
  createContact,
  getContact,
  updateContactConsent,
  updateContactDetails,
} from '../../contacts/contacts.ts';
import { contactsStats, listContacts } from '../../contacts/list.ts';
import { eraseContact } from '../../contacts/erase.ts';
import { REGISTER_MESSAGES } from '#shared/register/schemas.ts';
import { inTransaction } from '../../db/database.ts';
import { uploadStorageFor } from '../../uploads/storage.ts';
import { requirePermission, router } from '../trpc.ts';

export const adminContactsRouter = router({
  list: requirePermission('contacts.read')
    .input(contactsListInputSchema)
    .query(({ ctx, input }) => listContacts(ctx.db, { ...input, pageSize: CONTACTS_PAGE_SIZE })),

  stats: requirePermission('contacts.read').query(({ ctx }) => contactsStats(ctx.db)),

  get: requirePermission('contacts.read')
    .input(contactGetInputSchema)
    .query(async ({ ctx, input }) => {
      const contact = await getContact(ctx.db, input.id);
      if (!contact) throw new TRPCError({ code: 'NOT_FOUND', message: CONTACT_MESSAGES.notFound });
      return contact;
    }),

  // A consent note is typed about the person (decision 036).
  update: requirePermission('contacts.write', { personalInput: ['consentEvidence.note'] })
    .input(contactUpdateInputSchema)
    .mutation(async ({ ctx, input }) => {
      const { id, ...changes } = input;
      const result = await inTransaction(ctx.db, (trx) =>
        updateContactConsent(trx, id, changes, { email: ctx.user.email }),
      );
      if (result.status === 'not_found')
        throw new TRPCError({ code: 'NOT_FOUND', message: CONTACT_MESSAGES.notFound });
      if (result.status === 'email_locked')
        throw new TRPCError({ code: 'CONFLICT', message: CONTACT_MESSAGES.emailLocked });
      if (result.status === 'sms_locked')
        throw new TRPCError({ code: 'CONFLICT', message: CONTACT_MESSAGES.smsLocked });
      if (result.status === 'email_suppressed')
        throw new TRPCError({ code: 'CONFLICT', message: CONSENT_MESSAGES.emailSuppressed });
      if (result.status === 'evidence_required')
        throw new TRPCError({ code: 'BAD_REQUEST', message: CONSENT_MESSAGES.evidenceRequired });
      const contact = await getContact(ctx.db, id);
      if (!contact) throw new TRPCError({ code: 'NOT_FOUND', message: CONTACT_MESSAGES.notFound });
      return contact;
    }),

  create: requirePermission('contacts.write', {
    personalInput: ['email', 'fullName', 'phone', 'consentEvidence.note'],
  })
    .input(contactCreateInputSchema)
    .mutation(async ({ ctx, input }) => {
      const result = await inTransaction(ctx.db, (trx) =>
        createContact(trx, input, { email: ctx.user.email }),
      );
      if (result.status === 'exists')
        throw new TRPCError({ code: 'CONFLICT', message: CONTACT_LIFECYCLE_MESSAGES.exists });
      return { id: result.id };
    }),

  updateDetails: requirePermission('contacts.write', { personalInput: ['fullName', 'phone'] })
    .input(contactDetailsInputSchema)
    .mutation(async ({ ctx, input }) => {
      if (!(await updateContactDetails(ctx.db, input)))
        throw new TRPCError({ code: 'NOT_FOUND', message: CONTACT_MESSAGES.notFound });
      const contact = await getContact(ctx.db, input.id);
      if (!contact) throw new TRPCError({ code: 'NOT_FOUND', message: CONTACT_MESSAGES.notFound });
      return contact;
    }),

  /** Privacy Act erasure (decision 036); the audit row keeps the contact's id, not who it was. */
  erase: requirePermission('contacts.write', { personalInput: ['confirmation'] })
    .input(contactEraseInputSchema)
    .mutation(async ({ ctx, input }) => {
      const result = await eraseContact(ctx, uploadStorageFor(ctx), {
        id: input.id,
        confirmation: input.confirmation,
        actorEmail: ctx.user.email,
      });
      if (result.status === 'not_found')
        throw new TRPCError({ code: 'NOT_FOUND', message: CONTACT_MESSAGES.notFound });
      if (result.status === 'confirmation_mismatch')
        throw new TRPCError({
          code: 'BAD_REQUEST',
          message: CONTACT_LIFECYCLE_MESSAGES.confirmationMismatch,
        });
      return {
        photosDeleted: result.photos,
        // Said in the result so the admin knows what the law keeps (decision 058).
        registerKept:
          result.registerEntries > 0 ? REGISTER_MESSAGES.erasureKeeps(result.retentionYears) : null,
      };
    }),
});
