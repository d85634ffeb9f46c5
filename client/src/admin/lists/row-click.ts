import type { MouseEvent } from 'react';

// A list row that opens its record when clicked anywhere (decision 026). The row's first cell
// holds a real link (keyboard focus, middle-click and cmd-click open a new tab as a link does);
// the row itself is only a larger click target, never a second interactive element, so nothing
// interactive is nested and a screen reader meets the link once.

/** Elements that act on their own: a click on them is theirs, not the row's. */
const INTERACTIVE = 'a, button, input, select, textarea, label, [role="button"], [role="checkbox"]';

export interface RowClickFacts {
  /** 0 is the main button; others (middle, right) are left to the browser. */
  button: number;
  defaultPrevented: boolean;
  /** Cmd, Ctrl or Shift held: a new tab or window, as on a link. */
  modifier: boolean;
  /** The click landed on a link, button or form field inside the row. */
  insideInteractive: boolean;
  /** Text was being selected (a drag to copy an e-mail address), not a click to open. */
  selecting: boolean;
}

export type RowClickAction = 'open' | 'open-new-tab' | null;

/** What a click on a row does; pure so the rule is tested without a browser. */
export function rowClickAction(facts: RowClickFacts): RowClickAction {
  if (facts.defaultPrevented || facts.button !== 0) return null;
  if (facts.insideInteractive || facts.selecting) return null;
  return facts.modifier ? 'open-new-tab' : 'open';
}

/**
 * The row's onClick: opens `href` in a new tab with a modifier, otherwise calls `open` (the
 * router's navigation).
 */
export function rowClickHandler(href: string, open: () => void) {
  return (event: MouseEvent<HTMLElement>) => {
    const target = event.target instanceof Element ? event.target : null;
    const action = rowClickAction({
      button: event.button,
      defaultPrevented: event.defaultPrevented,
      modifier: event.metaKey || event.ctrlKey || event.shiftKey,
      insideInteractive: target?.closest(INTERACTIVE) != null,
      selecting: (window.getSelection()?.toString() ?? '') !== '',
    });
    if (action === 'open') open();
    else if (action === 'open-new-tab') window.open(href, '_blank', 'noopener');
  };
}
