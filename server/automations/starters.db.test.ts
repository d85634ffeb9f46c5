import { describe, expect, it } from 'vitest';
import { flowDefinitionSchema, placedSteps } from '#shared/automations/flows.ts';
import { blockDocumentSchema } from '#shared/templates/blocks.ts';
import { templateTagIssues } from '#shared/templates/kinds.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { checkRenderedEmail } from '#test/support/email-checks.ts';
import { testConfig } from '#test/support/services.ts';
import { renderTestEmail } from '../campaigns/test-email.ts';
import { ensureStarterFlows, STARTER_FLOWS, STARTER_TEMPLATES } from './starters.ts';

// The starter flows (decision 064): in every install, off, valid, created once.

describe('starter flows', () => {
  const t = useTestDatabase();
  const config = testConfig();

  it('are created once, switched off, each valid under the flow schema', async () => {
    // A flow of the business's own already has one starter's name.
    await t.db.insertInto('automation_flows').values({ name: 'Offer reminder' }).execute();

    const [first, second] = await Promise.all([
      ensureStarterFlows(t.db, { appUrl: config.appUrl }),
      ensureStarterFlows(t.db, { appUrl: config.appUrl }),
    ]);
    expect([...first, ...second].sort()).toEqual(STARTER_FLOWS.map((s) => s.key).sort());
    expect(await ensureStarterFlows(t.db, { appUrl: config.appUrl })).toEqual([]);

    const flows = await t.db
      .selectFrom('automation_flows')
      .innerJoin('automation_flow_versions', 'automation_flow_versions.flow_id', 'automation_flows.id')
      .select(['name', 'state', 'starter_key', 'description', 'definition'])
      .where('starter_key', 'is not', null)
      .orderBy('name')
      .execute();
    expect(flows.map((f) => [f.name, f.state, f.starter_key])).toEqual([
      ['Offer reminder (starter)', 'off', 'offer-reminder'],
      ['Selling another watch?', 'off', 'selling-another'],
      ['Still want to hear from us?', 'off', 're-permission'],
      ['Thank you and review request', 'off', 'thank-you-review'],
      ['Welcome series', 'off', 'welcome-series'],
    ]);
    const templates = await t.db
      .selectFrom('email_templates')
      .select(['id', 'starter_key', 'template_type'])
      .where('starter_key', 'is not', null)
      .execute();
    expect(templates.map((row) => row.starter_key).sort()).toEqual(
      STARTER_TEMPLATES.map((s) => s.key).sort(),
    );
    const kindOf = new Map(templates.map((row) => [row.id, row.template_type]));
    for (const flow of flows) {
      const definition = flowDefinitionSchema.parse(flow.definition);
      expect(definition.name).toBe(flow.name);
      expect(definition.description).toBe(flow.description);
      // Every send names a starter template of the kind it sends.
      for (const { step } of placedSteps(definition.steps))
        if (step.type === 'send') expect(kindOf.get(step.templateId)).toBe(step.template);
    }
  });

  it('does not bring back a starter the business deleted', async () => {
    await t.db.deleteFrom('automation_flows').where('starter_key', '=', 'welcome-series').execute();
    expect(await ensureStarterFlows(t.db, { appUrl: config.appUrl })).toEqual([]);
    const left = await t.db
      .selectFrom('automation_flows')
      .select('starter_key')
      .where('starter_key', '=', 'welcome-series')
      .execute();
    expect(left).toEqual([]);
  });

  it('has templates that render and pass the e-mail checks, with only tags their path fills', async () => {
    const templates = await t.db
      .selectFrom('email_templates')
      .selectAll()
      .where('starter_key', 'is not', null)
      .orderBy('starter_key')
      .execute();
    expect(templates).toHaveLength(STARTER_TEMPLATES.length);
    for (const template of templates) {
      if (template.template_type === 'marketing')
        expect(blockDocumentSchema.safeParse(template.blocks).success).toBe(true);
      expect(
        templateTagIssues(template.template_type, {
          ...template,
          htmlContent: template.html_content,
          textContent: null,
        }),
      ).toEqual([]);
      const { html, text } = renderTestEmail(config, {
        to: 'starter@example.com',
        subject: template.subject,
        preheader: template.preheader,
        html: template.html_content,
        samples: template.variable_defaults,
        renderAs: template.template_type,
      });
      expect({ key: template.starter_key, findings: await checkRenderedEmail({ html, text }) }).toEqual({
        key: template.starter_key,
        findings: [],
      });
    }
  });
});
