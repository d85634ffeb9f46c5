import { escapeHtml } from './variables.ts';

/*
 * The e-mail layout (decision 051) rendered once with slots, then filled by joining strings: the
 * campaign engine fills it per recipient (server/email/layout/marketing.ts), and the admin's
 * previews fill the same shell, fetched from the server, so a preview shows the message in the
 * layout it is sent in. Pure string work, no renderer: it runs on both sides.
 */

/** Where the shell takes the title (escaped text), the body and the footer (HTML). */
export const LAYOUT_SLOTS = {
  title: 'layout-title-slot',
  body: '<!--layout-body-slot-->',
  footer: '<!--layout-footer-slot-->',
} as const;

const styleBlock = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;
const bodyContent = /<body\b[^>]*>([\s\S]*?)(?:<\/body\s*>|$)/i;
const wrapper = /<!doctype[^>]*>|<\/?html\b[^>]*>|<head\b[^>]*>[\s\S]*?<\/head\s*>|<\/?body\b[^>]*>/gi;

/** An admin's HTML as a body for the layout: its own document wrapper gone, its styles kept. */
export function unwrapDocument(html: string): { body: string; css: string } {
  const css = [...html.matchAll(styleBlock)].map((match) => match[1] ?? '').join('\n');
  const inner = bodyContent.exec(html)?.[1] ?? html;
  return { body: inner.replace(styleBlock, '').replace(wrapper, '').trim(), css };
}

/**
 * The filler of a shell: split once, then each call joins the message's title (escaped here),
 * body and footer into it. `css` (a campaign's own rules) goes at the end of the head.
 */
export function fillLayoutShell(
  shell: string,
): (message: { title: string; body: string; footer: string; css?: string }) => string {
  const [beforeTitle = '', afterTitle = ''] = shell.split(LAYOUT_SLOTS.title);
  const [beforeBody = '', rest = ''] = afterTitle.split(LAYOUT_SLOTS.body);
  const [beforeFooter = '', end = ''] = rest.split(LAYOUT_SLOTS.footer);
  return ({ title, body, footer, css }) => {
    const head = css ? beforeBody.replace('</style>', `\n${css}</style>`) : beforeBody;
    return `${beforeTitle}${escapeHtml(title)}${head}${body}${beforeFooter}${footer}${end}`;
  };
}
