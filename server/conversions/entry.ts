// What other features may use of conversions/ (decision 049): they import this file, never its others.
export { enqueueConversion, runCapiJob } from './conversions.ts';
