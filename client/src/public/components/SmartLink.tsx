import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { currentPath } from '#shared/content/redirects.ts';

/** Internal paths navigate in the app; other URLs open in a new tab without passing the window. */
export function SmartLink({
  href,
  className,
  children,
  onClick,
}: {
  href: string;
  className?: string;
  children: ReactNode;
  onClick?: () => void;
}) {
  if (href.startsWith('/')) {
    return (
      <Link to={currentPath(href)} className={className} onClick={onClick}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer" onClick={onClick}>
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
