// What other folders may use of metrics/ (decision 049): the app registers the endpoint.
export { registerMetrics } from './metrics.ts';
