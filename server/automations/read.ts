import { type FlowDefinition, flowDefinitionSchema, placedSteps } from '#shared/automations/flows.ts';
import type { DbExecutor } from '../db/database.ts';

// Reading stored flows back (decision 066): definitions through their schema, template names for the steps that send. The admin screens and the insight share these.

/** A stored definition, read back through the schema (it was valid when saved). */
export function parseDefinition(value: unknown): FlowDefinition {
  return flowDefinitionSchema.parse(value);
}

/** Template ids → names for every template a definition (or several) sends. */
export async function templateNames(
  db: DbExecutor,
  definitions: FlowDefinition[],
): Promise<Record<string, string>> {
  const ids = [
    ...new Set(
      definitions.flatMap((d) =>
        placedSteps(d.steps).flatMap((p) => (p.step.type === 'send' ? [p.step.templateId] : [])),
      ),
    ),
  ];
  if (ids.length === 0) return {};
  const rows = await db
    .selectFrom('email_templates')
    .select(['id', 'template_name'])
    .where('id', 'in', ids)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.id, row.template_name]));
}

/** The segments a definition reads: its trigger's and its branches'. */
