// What other features may use of register/ (decision 049): they import this file, never its others.
export { registerEntriesOfContact } from './register.ts';
export { registerRetentionYears } from './settings.ts';
export { registerKeyFrom } from './crypto.ts';
export { sealIdentityCopiesAtStart } from './identity-copies.ts';
