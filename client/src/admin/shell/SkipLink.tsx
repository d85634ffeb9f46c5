import type { MouseEvent } from 'react';
import './skip-link.css';

/** The admin's main column, where the skip link lands. */
export const MAIN_CONTENT_ID = 'admin-main';

/**
 * The first tab stop of every admin page (decision 091): past the sidebar toggle, the account link
 * and a dozen navigation entries straight to the page. Hidden until focused. Focus is moved by
 * script rather than by following the fragment, which the router would take as a navigation.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView({ block: 'start' });
  };
  return (
    <a className="admin-skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skip}>
      Skip to main content
    </a>
  );
}
