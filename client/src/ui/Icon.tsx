import sprite from './icons.svg?no-inline';

/**
 * Symbols of icons.svg. The icons are one cached SVG file rather than path data in the JavaScript
 * of every page (1.2 kB of gzip on a landing page, bench/README.md public-pages); icons.test.ts
 * checks every name used in the code or the content exists there.
 */
export type IconName =
  | 'arrow-right'
  | 'award'
  | 'banknote'
  | 'book-open'
  | 'calendar'
  | 'check'
  | 'chevron-down'
  | 'clipboard'
  | 'clock'
  | 'close'
  | 'cog'
  | 'dot'
  | 'external'
  | 'eye'
  | 'file-text'
  | 'gauge'
  | 'gem'
  | 'handshake'
  | 'hash'
  | 'home'
  | 'instagram'
  | 'lock'
  | 'mail'
  | 'map-pin'
  | 'menu'
  | 'phone'
  | 'search'
  | 'shield-check'
  | 'star'
  | 'tag'
  | 'trending-up'
  | 'users'
  | 'watch';

/**
 * A 24×24 stroke icon in the current text colour. `name` is a symbol of icons.svg; content names
 * its icons with the same keys (shared/content).
 */
export function Icon({
  name,
  size = 20,
  className,
}: {
  name: IconName | (string & {});
  size?: number;
  className?: string;
}) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
