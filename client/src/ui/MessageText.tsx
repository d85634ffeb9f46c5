import type { CSSProperties } from 'react';
import { textParagraphs } from '#shared/enquiries/reply-body.ts';

/**
 * A message's text as its paragraphs (decision 093): one <p> per blank-line block, a single line
 * break kept inside it by the class's `white-space: pre-wrap`. The seller's page shows the
 * conversation with it, and the desk's composer previews a reply with it, so both read alike.
 */
export function MessageText({
  text,
  paragraphClass,
  paragraphStyle,
}: {
  text: string;
  paragraphClass?: string;
  paragraphStyle?: CSSProperties;
}) {
  return (
    <>
      {textParagraphs(text).map((paragraph, i) => (
        <p key={i} className={paragraphClass} style={paragraphStyle}>
          {paragraph}
        </p>
      ))}
    </>
  );
}
