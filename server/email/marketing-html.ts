import sanitizeHtml from 'sanitize-html';

/*
 * Campaign and template HTML is written by admins but ends up in thousands of inboxes and in the
 * admin's own browser (previews), so it is sanitised on every save. The allow-list keeps what
 * e-mail clients render (tables, inline styles, <style> blocks, images, links) and `{{merge_tags}}`
 * anywhere, and drops everything that runs code or submits data.
 *
 * The campaign rules report `<script>` as a blocking error before this runs: sanitising is the
 * safety net, not the way an admin learns that their HTML had a script.
 */

const allowedTags = [
  'html',
  'head',
  'body',
  'meta',
  'title',
  'style',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
  'caption',
  'colgroup',
  'col',
  'div',
  'span',
  'p',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'a',
  'img',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'del',
  'ins',
  'mark',
  'small',
  'big',
  'sub',
  'sup',
  'abbr',
  'blockquote',
  'pre',
  'code',
  'font',
  'center',
  'section',
  'header',
  'footer',
  'article',
  'main',
  'figure',
  'figcaption',
  'address',
  'wbr',
];

// Presentational attributes e-mail layouts still rely on (Outlook ignores much of CSS).
const layoutAttributes = [
  'style',
  'class',
  'id',
  'align',
  'valign',
  'width',
  'height',
  'bgcolor',
  'border',
  'cellpadding',
  'cellspacing',
  'role',
  'dir',
  'lang',
  'title',
  'colspan',
  'rowspan',
  'color',
  'face',
  'size',
];

const allowedImageData = /^data:image\/(?:png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]+$/i;

// CSS that can run code or fetch from somewhere other than http(s): old IE expression(),
// behaviours and bindings, scripted URLs, and @import (pulls in a stylesheet nobody reviewed).
const dangerousCss = /expression\s*\(|javascript\s*:|vbscript\s*:|behavior\s*:|-moz-binding|@import|<|\\/i;
const cssUrl = /url\s*\(\s*(['"]?)\s*([^'")\s]*)/gi;

function unsafeCss(css: string): boolean {
  if (dangerousCss.test(css)) return true;
  for (const match of css.matchAll(cssUrl)) {
    const target = match[2] ?? '';
    if (
      !/^(?:https?:|data:image\/(?:png|jpe?g|gif|webp);)/i.test(target) &&
      !/^\{\{\s*\w+\s*\}\}$/.test(target)
    )
      return true;
  }
  return false;
}

/** Keeps the safe declarations of a `style` attribute, dropping each unsafe one. */
function cleanStyleAttribute(style: string): string {
  return style
    .split(';')
    .map((declaration) => declaration.trim())
    .filter((declaration) => declaration !== '' && !unsafeCss(declaration))
    .join('; ');
}

/** A `<style>` block is dropped rule by rule: a rule with anything unsafe goes entirely. */
function cleanStyleBlock(css: string): string {
  // Comments could hide a payload from the rule split below (`/* } */`); e-mail CSS does not need them.
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
  return withoutComments
    .split('}')
    .filter((rule) => !unsafeCss(rule))
    .join('}');
}

const safeHttpEquiv = new Set(['content-type', 'x-ua-compatible']);

const options: sanitizeHtml.IOptions = {
  allowedTags,
  // <style> is "vulnerable" because its text is copied raw; cleanStyleBlock handles that text.
  allowVulnerableTags: true,
  allowedAttributes: {
    '*': layoutAttributes,
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    meta: ['charset', 'name', 'content', 'http-equiv'],
    td: ['background'],
    table: ['background'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'background', 'cite'],
  allowProtocolRelative: false,
  transformTags: {
    '*': (tagName, attribs) => {
      const style = attribs.style;
      if (style === undefined) return { tagName, attribs };
      const cleaned = cleanStyleAttribute(style);
      const { style: _dropped, ...rest } = attribs;
      return { tagName, attribs: cleaned === '' ? rest : { ...rest, style: cleaned } };
    },
    img: (tagName, attribs) => {
      const src = attribs.src ?? '';
      // Only raster images as data URLs: an SVG or HTML data URL is a document of its own.
      if (/^\s*data:/i.test(src) && !allowedImageData.test(src)) {
        const { src: _dropped, ...rest } = attribs;
        return { tagName, attribs: rest };
      }
      return { tagName, attribs };
    },
    meta: (tagName, attribs) => {
      const equiv = attribs['http-equiv'];
      // Only harmless http-equiv values: "refresh" (or "set-cookie") would act on the reader.
      if (equiv === undefined || safeHttpEquiv.has(equiv.toLowerCase())) return { tagName, attribs };
      const { 'http-equiv': _equiv, content: _content, ...rest } = attribs;
      return { tagName, attribs: rest };
    },
    a: (tagName, attribs) => {
      // A link opening a new tab never gets a handle back to the window that opened it.
      if (attribs.target === undefined) return { tagName, attribs };
      return { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } };
    },
  },
};

const doctypePattern = /^\s*(<!doctype html[^<>]*>)/i;

/** Sanitises campaign or template HTML for storage and sending; idempotent. */
export function sanitizeMarketingHtml(html: string): string {
  const doctype = doctypePattern.exec(html)?.[1];
  const body = doctype ? html.replace(doctypePattern, '').trimStart() : html;
  const clean = sanitizeHtml(body, options).replace(
    /(<style\b[^>]*>)([\s\S]*?)(<\/style>)/gi,
    (_block, open: string, css: string, close: string) => `${open}${cleanStyleBlock(css)}${close}`,
  );
  // sanitize-html drops the doctype, but e-mail clients use it to pick standards mode.
  return doctype ? `${doctype}\n${clean}` : clean;
}
