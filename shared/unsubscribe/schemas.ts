import { z } from 'zod';
import { listAnchorSchema, listPageSchema, searchTermSchema } from '../admin/lists.ts';
import {
  type ActionFilter,
  actionFilters,
  type MethodFilter,
  methodFilters,
} from '../admin/search-params.ts';

export {
  type ActionFilter,
  actionFilters,
  type MethodFilter,
  methodFilters,
  type UnsubscribeSearchParams,
} from '../admin/search-params.ts';

/** Unsubscribe Activity (docs/spec/admin.md §2, §7, §8). */

export const UNSUBSCRIBE_PAGE_SIZE = 20;

export const unsubscribeActions = [
  'email_unsubscribe',
  'sms_unsubscribe',
  'email_resubscribe',
  'sms_resubscribe',
] as const;
export type UnsubscribeLogAction = (typeof unsubscribeActions)[number];
export const unsubscribeMethods = ['one_click', 'manual'] as const;
export type UnsubscribeLogMethod = (typeof unsubscribeMethods)[number];

export const ACTION_FILTER_LABELS: Record<ActionFilter, string> = {
  all: 'All Actions',
  email_unsubscribe: 'Email Unsubscribe',
  sms_unsubscribe: 'SMS Unsubscribe',
};
export const METHOD_FILTER_LABELS: Record<MethodFilter, string> = {
  all: 'All Methods',
  one_click: 'One-Click',
  manual: 'Manual',
};
export const ACTION_LABELS: Record<UnsubscribeLogAction, string> = {
  email_unsubscribe: 'Email Unsubscribe',
  sms_unsubscribe: 'SMS Unsubscribe',
  email_resubscribe: 'Email Resubscribe',
  sms_resubscribe: 'SMS Resubscribe',
};
export const METHOD_LABELS: Record<UnsubscribeLogMethod, string> = {
  one_click: 'One-Click',
  manual: 'Manual',
};

export const UNSUBSCRIBE_MESSAGES = {
  noActivity: 'No unsubscribe activity found',
  tryAdjusting: 'Try adjusting your search or filters',
  nothingToExport: 'No unsubscribe logs to export',
  exportFailed: 'Failed to export logs',
  exportSuccessTitle: 'Export successful',
} as const;

export function unsubscribeLogsExportedMessage(count: number): string {
  return `Exported ${count} unsubscribe log${count === 1 ? '' : 's'} successfully`;
}

/**
 * The log actions a filter selects. Resubscribes (a contact opting back in through the signed link)
 * are history of the same consent, shown only on request and next to the channel they reverse.
 */
export function actionsForFilter(action: ActionFilter, includeResubscribes: boolean): UnsubscribeLogAction[] {
  const base: UnsubscribeLogAction[] = action === 'all' ? ['email_unsubscribe', 'sms_unsubscribe'] : [action];
  if (!includeResubscribes) return base;
  return base.flatMap((a) => [a, a === 'email_unsubscribe' ? 'email_resubscribe' : 'sms_resubscribe']);
}

export function methodsForFilter(method: MethodFilter): UnsubscribeLogMethod[] {
  return method === 'all' ? [...unsubscribeMethods] : [method];
}

const logFilters = {
  search: searchTermSchema,
  action: z.enum(actionFilters).default('all'),
  method: z.enum(methodFilters).default('all'),
  includeResubscribes: z.boolean().default(false),
};

export const unsubscribeListInputSchema = z.object({
  ...logFilters,
  page: listPageSchema,
  anchor: listAnchorSchema.optional(),
});
export type UnsubscribeLogFilters = Pick<
  z.output<typeof unsubscribeListInputSchema>,
  'search' | 'action' | 'method' | 'includeResubscribes'
>;

const flag = z
  .enum(['1', 'true', '0', 'false'])
  .transform((v) => v === '1' || v === 'true')
  .default(false);

/** Query string of the CSV export: the list's filters. */
export const unsubscribeExportQuerySchema = z.object({ ...logFilters, includeResubscribes: flag });

export interface UnsubscribeLogEntry {
  id: string;
  email: string;
  action: UnsubscribeLogAction;
  method: UnsubscribeLogMethod;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: string;
}

export interface UnsubscribeStats {
  /** Every unsubscribe (e-mail and SMS); resubscribes are not counted. */
  total: number;
  email: number;
  sms: number;
  oneClick: number;
  manual: number;
  /** Since local midnight in the settings timezone. */
  today: number;
  /** The last 7 days (168 hours). */
  thisWeek: number;
  resubscribes: number;
  timezone: string;
}
