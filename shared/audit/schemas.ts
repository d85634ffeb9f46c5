import { z } from 'zod';
import { AUDIT_MAX_PAGE } from '../admin/search-params.ts';
import type { Role } from '../auth/permissions.ts';

/** Admin → Audit log (decision 028): filter by member, action and date. */

export const AUDIT_PAGE_SIZE = 50;

// A calendar date: "2026-02-30" matches the pattern but PostgreSQL refuses it (a 500 before).
const day = z.iso.date({ error: 'Use a date as YYYY-MM-DD' }).optional();

export const auditFiltersSchema = z.object({
  /** Part of the member's e-mail address. */
  member: z.string().trim().max(254).optional(),
  /** Part of the action, e.g. "campaigns" or "signIn". */
  action: z.string().trim().max(100).optional(),
  /** First and last day included, in the business's timezone. */
  from: day,
  to: day,
});
export type AuditFilters = z.infer<typeof auditFiltersSchema>;

export const auditListInputSchema = auditFiltersSchema.extend({
  page: z.number().int().min(1).max(AUDIT_MAX_PAGE).default(1),
});

/**
 * The record a row names, read when the list is (decision 028): null when it is gone or has no
 * page. `label` is a name that is not a person's (a campaign's, template's or segment's, a team
 * member's address), null for a contact or an enquiry (decision 036).
 */
export interface AuditTarget {
  label: string | null;
  /** A campaign's audience as it stands. */
  recipients: number | null;
}

export interface AuditRow {
  id: string;
  createdAt: string;
  actorEmail: string | null;
  /** The actor's role now; null for a former member, the CLI or an unknown address. */
  actorRole: Role | null;
  ip: string | null;
  action: string;
  entityType: string | null;
  entityId: string | null;
  summary: string;
  target: AuditTarget | null;
  /** A flow's save: what the new version changed, one line each (shared/automations/changes.ts). */
  flowChanges?: string[];
}

export interface AuditListResult {
  rows: AuditRow[];
  /** Members' names by address, for the actors and members the rows name (decision 102). */
  names: Record<string, string>;
  total: number;
  page: number;
  pageSize: number;
}
