// What other features may use of preferences/ (decision 049): they import this file, never its others.
export { maskEmail } from './mask.ts';
export { applyPreferenceAction } from './preferences.ts';
