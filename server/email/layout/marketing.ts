import { fillLayoutShell, LAYOUT_SLOTS } from '#shared/templates/layout-shell.ts';
import { emailDocument, type LayoutSite } from './layout.ts';

/*
 * Campaigns and enquiry replies are HTML an admin wrote, sanitised on save (marketing-html.ts).
 * In the layout (decision 051) that HTML is the body: a whole document of its own gives up its
 * wrapper (unwrapDocument, shared/templates/layout-shell.ts), keeping its <style> rules in the
 * layout's head and its <body> content in the column.
 */

/** The layout with its slots, as the admin's previews fill it (decision 051). */
export function layoutShell(
  site: LayoutSite,
  options: { css?: string; preheader?: string | null } = {},
): string {
  return emailDocument({
    site,
    title: LAYOUT_SLOTS.title,
    preheader: options.preheader,
    body: LAYOUT_SLOTS.body,
    footer: LAYOUT_SLOTS.footer,
    extraCss: options.css ? `\n${options.css}` : undefined,
  });
}

/**
 * The layout around a marketing body, rendered once: each call only joins strings, so a campaign
 * of thousands pays for one render of the layout, not one per recipient. `title` and `body` are
 * per message (a subject may hold a merge tag); the title is escaped here, the body is HTML.
 */
export function marketingLayout(
  site: LayoutSite,
  options: { css?: string; preheader?: string | null } = {},
): (message: { title: string; body: string; footer: string }) => string {
  return fillLayoutShell(layoutShell(site, options));
}
