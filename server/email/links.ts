import { Parser } from 'htmlparser2';

export interface EmailLink {
  href: string;
  /** The link's visible text (whitespace collapsed), or its image's alt text; empty when neither. */
  text: string;
}

/**
 * The links of an e-mail's HTML in document order, as a reader would see them: an HTML parser
 * rather than a pattern, because templates carry attributes in any order and quoting, comments and
 * conditional blocks that a regular expression misreads.
 */
export function extractLinks(html: string): EmailLink[] {
  const links: EmailLink[] = [];
  let open: { href: string; text: string[] } | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'a') {
          const href = attributes.href?.trim();
          open = href ? { href, text: [] } : null;
        } else if (name === 'img' && open && attributes.alt) {
          open.text.push(attributes.alt);
        }
      },
      ontext(text) {
        open?.text.push(text);
      },
      onclosetag(name) {
        if (name !== 'a' || !open) return;
        links.push({ href: open.href, text: open.text.join(' ').replace(/\s+/g, ' ').trim() });
        open = null;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return links;
}
