// What other features may use of domain-health/ (decision 049): they import this file, never its others.
export { domainHealthView, runDomainHealthCheck } from './health.ts';
