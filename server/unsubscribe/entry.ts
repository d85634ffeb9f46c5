// What other features may use of unsubscribe/ (decision 049): they import this file, never its others.
export { ONE_CLICK_PATH, PREFERENCES_PATH, preferencesUrl } from './links.ts';
export { signToken, verifyToken } from './signed-token.ts';
