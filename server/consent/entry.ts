// What other features may use of consent/ (decision 049): they import this file, never its others.
export { confirmationUrl } from './confirmation.ts';
