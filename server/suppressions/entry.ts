// What other features may use of suppressions/ (decision 049): they import this file, never its others.
export { listProviderSuppression } from './suppressions.ts';
