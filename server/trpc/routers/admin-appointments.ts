import { TRPCError } from '@trpc/server';
import {
  appointmentOutcomeInputSchema,
  appointmentSettingsInputSchema,
  kitIdInputSchema,
} from '#shared/appointments/schemas.ts';
import { enquiryIdInputSchema, ENQUIRY_MESSAGES } from '#shared/enquiries/schemas.ts';
import { inTransaction } from '../../db/database.ts';
import {
  appointmentSettingsView,
  enquiryNextStep,
  markAppointmentOutcome,
  markKitDispatched,
  saveAppointmentSettings,
  todayList,
} from '../../appointments/entry.ts';
import { requirePermission, router } from '../trpc.ts';

// admin.appointments.*: visits and shipping kits after an accepted offer (decision 062). The Owner
// sets the slot rules (settings.write); the desk reads the enquiry's panel and "Today"
// (enquiries.read) and marks a kit posted or a begun visit attended or missed (enquiries.write,
// audited by the middleware).

export const adminAppointmentsRouter = router({
  settings: requirePermission('settings.read').query(({ ctx }) => appointmentSettingsView(ctx.db)),

  saveSettings: requirePermission('settings.write')
    .input(appointmentSettingsInputSchema)
    .mutation(async ({ ctx, input }) => {
      await inTransaction(ctx.db, (trx) => saveAppointmentSettings(trx, input));
      return appointmentSettingsView(ctx.db);
    }),

  forEnquiry: requirePermission('enquiries.read')
    .input(enquiryIdInputSchema)
    .query(async ({ ctx, input }) => {
      const exists = await ctx.db
        .selectFrom('enquiries')
        .select('id')
        .where('id', '=', input.id)
        .executeTakeFirst();
      if (!exists) throw new TRPCError({ code: 'NOT_FOUND', message: ENQUIRY_MESSAGES.notFound });
      return enquiryNextStep(ctx.db, input.id);
    }),

  today: requirePermission('enquiries.read').query(({ ctx }) => todayList(ctx.db)),

  markKitDispatched: requirePermission('enquiries.write')
    .input(kitIdInputSchema)
    .mutation(async ({ ctx, input }) => {
      const result = await inTransaction(ctx.db, (trx) => markKitDispatched(trx, ctx, input.id, ctx.user.id));
      if (result.status === 'not_found') throw new TRPCError({ code: 'NOT_FOUND', message: result.message });
      if (result.status !== 'ok') throw new TRPCError({ code: 'CONFLICT', message: result.message });
      return { ok: true };
    }),

  markOutcome: requirePermission('enquiries.write')
    .input(appointmentOutcomeInputSchema)
    .mutation(async ({ ctx, input }) => {
      const result = await markAppointmentOutcome(ctx.db, input, ctx.user.id);
      if (result.status === 'not_found') throw new TRPCError({ code: 'NOT_FOUND', message: result.message });
      // A visit still to begin: the request is early, not in conflict with another change.
      if (result.status === 'refused')
        throw new TRPCError({ code: 'PRECONDITION_FAILED', message: result.message });
      if (result.status !== 'ok') throw new TRPCError({ code: 'CONFLICT', message: result.message });
      return { ok: true };
    }),
});
