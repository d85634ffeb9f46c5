import { escapeHtml } from '#shared/templates/variables.ts';
import { emailDocument, type LayoutSite } from './layout.ts';

/*
 * Campaigns and enquiry replies are HTML an admin wrote, sanitised on save (marketing-html.ts).
 * In the layout (decision 051) that HTML is the body: a whole document of its own gives up its
 * wrapper, keeping its <style> rules in the layout's head and its <body> content in the column.
 */

const styleBlock = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;
const bodyContent = /<body\b[^>]*>([\s\S]*?)(?:<\/body\s*>|$)/i;
const wrapper = /<!doctype[^>]*>|<\/?html\b[^>]*>|<head\b[^>]*>[\s\S]*?<\/head\s*>|<\/?body\b[^>]*>/gi;

/** The admin's HTML as a body for the layout: its own document wrapper gone, its styles kept. */
export function unwrapDocument(html: string): { body: string; css: string } {
  const css = [...html.matchAll(styleBlock)].map((match) => match[1] ?? '').join('\n');
  const inner = bodyContent.exec(html)?.[1] ?? html;
  return { body: inner.replace(styleBlock, '').replace(wrapper, '').trim(), css };
}

const TITLE = 'layout-title-slot';
const BODY = '<!--layout-body-slot-->';
const FOOTER = '<!--layout-footer-slot-->';

/**
 * The layout around a marketing body, rendered once: each call only joins strings, so a campaign
 * of thousands pays for one render of the layout, not one per recipient. `title` and `body` are
 * per message (a subject may hold a merge tag); the title is escaped here, the body is HTML.
 */
export function marketingLayout(
  site: LayoutSite,
  options: { css?: string; preheader?: string | null } = {},
): (message: { title: string; body: string; footer: string }) => string {
  const shell = emailDocument({
    site,
    title: TITLE,
    preheader: options.preheader,
    body: BODY,
    footer: FOOTER,
    extraCss: options.css ? `\n${options.css}` : undefined,
  });
  const [beforeTitle = '', afterTitle = ''] = shell.split(TITLE);
  const [beforeBody = '', rest = ''] = afterTitle.split(BODY);
  const [beforeFooter = '', end = ''] = rest.split(FOOTER);
  return ({ title, body, footer }) =>
    `${beforeTitle}${escapeHtml(title)}${beforeBody}${body}${beforeFooter}${footer}${end}`;
}
