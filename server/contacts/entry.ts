// What other features may use of contacts/ (decision 049): they import this file, never its others.
export { contactSearchTerm } from './list.ts';
