import type { DbExecutor } from '../db/database.ts';

// The audit log (decision 025): who did what, when, from where, to which record. The summary names
// the fields an action set, never secrets, and long text (HTML bodies) only by its length.

export interface AuditActor {
  id: string | null;
  email: string | null;
  ip: string | null;
}

export interface AuditEntry {
  action: string;
  entityType?: string | null;
  entityId?: string | null;
  summary?: Record<string, unknown>;
}

const SECRET_KEY = /password|token|secret|code|recovery|otp|totp/i;
const LONG_TEXT = 200;

/** The fields of an input as the audit log may keep them: no secrets, no long bodies. */
export function auditSummary(input: unknown, depth = 0): unknown {
  if (typeof input === 'string') return input.length > LONG_TEXT ? `[${input.length} characters]` : input;
  if (input === null || typeof input !== 'object') return input;
  if (depth >= 2) return Array.isArray(input) ? `[${input.length} items]` : '[object]';
  if (Array.isArray(input)) {
    const items: unknown[] = input;
    return items.length > 20 ? `[${items.length} items]` : items.map((item) => auditSummary(item, depth + 1));
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    out[key] = SECRET_KEY.test(key) ? '[hidden]' : auditSummary(value, depth + 1);
  }
  return out;
}

export async function recordAudit(db: DbExecutor, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: actor.id,
      actor_email: actor.email,
      ip: actor.ip,
      action: entry.action,
      entity_type: entry.entityType ?? null,
      entity_id: entry.entityId ?? null,
      summary: JSON.stringify(entry.summary ?? {}),
    })
    .execute();
}
