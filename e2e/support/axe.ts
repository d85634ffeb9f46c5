import { readFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

// One way the specs run axe (decision 056). @axe-core/playwright brings axe-core 4.13; the rules
// are the repository's axe-core 4.14.1, the version Lighthouse runs too. Legacy mode evaluates it
// in the page itself, so the page's Content-Security-Policy stays as it is and no blank page is
// opened per run; frames are not entered: the only ones are e-mail previews, the sender's HTML in
// a script-less sandbox, where axe's in-frame run never answers.
const AXE_SOURCE = readFileSync(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url), 'utf8');

/**
 * Serious and critical violations on the page (or inside `include`, a CSS selector), by rule id,
 * with the selectors of the nodes; `{}` when there are none. `tags` limits the rules (all by default).
 */
export async function seriousViolations(
  page: Page,
  options: { include?: string; tags?: string[] } = {},
): Promise<Record<string, string[]>> {
  let builder = new AxeBuilder({ page, axeSource: AXE_SOURCE }).options({ iframes: false }).setLegacyMode();
  if (options.include) builder = builder.include(options.include);
  if (options.tags) builder = builder.withTags(options.tags);
  const result = await builder.analyze();
  const found: Record<string, string[]> = {};
  for (const violation of result.violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    found[violation.id] = violation.nodes.map((node) => node.target.join(' '));
  }
  return found;
}
