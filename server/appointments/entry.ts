// What other features may use of appointments/ (decision 049): they import this file, never its others.
// Closing an enquiry ends its visit or kit (decision 062).
export { endNextStepsWith, endsNextSteps, type MailServices } from './appointments.ts';
