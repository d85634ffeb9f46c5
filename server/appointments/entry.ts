// What other features may use of appointments/ (decision 049): they import this file, never its others.
// Closing an enquiry ends its visit or kit (decision 062).
export { endNextStepsWith, endsNextSteps } from './appointments.ts';
export type { MailServices } from './visits.ts';
// What the routers and the worker call (decision 062).
export { runAppointmentReminders } from './appointments.ts';
export { appointmentSettingsView, freeSlots, saveAppointmentSettings } from './appointment-settings.ts';
export {
  bookAppointment,
  cancelAppointment,
  consumeNextStepAllowance,
  requestShippingKit,
  rescheduleAppointment,
} from './booking.ts';
export { enquiryNextStep, sellerNextStep } from './next-step-views.ts';
export { markAppointmentOutcome, markKitDispatched, todayList } from './today.ts';
export type { NextStepResult } from './visits.ts';
