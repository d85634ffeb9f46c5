import type { ReactNode, Ref } from 'react';

interface NoticeProps {
  tone: 'success' | 'error';
  children: ReactNode;
  /** Set to move focus here after an action, so keyboard and screen-reader users land on the result. */
  ref?: Ref<HTMLDivElement>;
}

/**
 * A status line: errors are alerts (announced at once), successes polite status messages.
 * Focusable without being a tab stop, so code can move focus to it.
 */
export function Notice({ tone, children, ref }: NoticeProps) {
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className={`prefs-notice prefs-notice--${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      {children}
    </div>
  );
}
