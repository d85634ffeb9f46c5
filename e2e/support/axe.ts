import { readFileSync } from 'node:fs';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from '@playwright/test';

// One way the specs run axe (decision 056): the repository's axe-core 4.14.1, the version
// Lighthouse runs too, evaluated in the page itself, so the page's Content-Security-Policy stays
// as it is and no blank page is opened per run; frames are not entered: the only ones are e-mail
// previews, the sender's HTML in a script-less sandbox, where axe's in-frame run never answers.
// Decision 090: axe is put into a document once and reused by every later run on it, where
// @axe-core/playwright's legacy mode sent its half-megabyte source twice a run and waited on each
// frame; a walk that moves through the router's history keeps one document for every page.
const AXE_SOURCE = readFileSync(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url), 'utf8');
const AXE_VERSION = (
  JSON.parse(readFileSync(new URL('../../node_modules/axe-core/package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

interface AxeInPage {
  version: string;
  configure(spec: { allowedOrigins: string[]; branding: { application: string } }): void;
  run(context: Document | { include: string[] }, options: RunOptions): Promise<AxeResults>;
}

/** axe in this document, put there and configured once (a page load starts a new document). */
async function axeReady(page: Page): Promise<void> {
  const present = await page.evaluate(
    (version) => (window as unknown as { axe?: AxeInPage }).axe?.version === version,
    AXE_VERSION,
  );
  if (present) return;
  await page.evaluate(AXE_SOURCE);
  await page.evaluate(() =>
    (window as unknown as { axe: AxeInPage }).axe.configure({
      allowedOrigins: ['<same_origin>'],
      branding: { application: 'playwright' },
    }),
  );
}

/**
 * Serious and critical violations on the page (or inside `include`, a CSS selector), by rule id,
 * with the selectors of the nodes; `{}` when there are none. `tags` limits the rules (all by default).
 */
export async function seriousViolations(
  page: Page,
  options: { include?: string; tags?: string[] } = {},
): Promise<Record<string, string[]>> {
  await axeReady(page);
  // A dialog or toast still fading in has its text at part opacity, which axe measures as low
  // contrast: the state is checked as the reader sees it once its transitions have finished.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
  const violations = await page.evaluate(
    async ({ include, tags }) => {
      const axe = (window as unknown as { axe: AxeInPage }).axe;
      const runOptions: RunOptions = { iframes: false };
      if (tags) runOptions.runOnly = { type: 'tag', values: tags };
      const result = await axe.run(include ? { include: [include] } : document, runOptions);
      return result.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? null,
        nodes: violation.nodes.map((node) => node.target.join(' ')),
      }));
    },
    { include: options.include ?? null, tags: options.tags ?? null },
  );
  const found: Record<string, string[]> = {};
  for (const violation of violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    found[violation.id] = violation.nodes;
  }
  return found;
}
