import { expect, type Page } from './test.ts';

/**
 * Waits until the page stops scrolling sideways at `width`. Right after a resize the page can be
 * wider for a moment while components that measure the window draw again (a CI run read 430 px at
 * 390 once); a page that stays wider fails, saying by how much.
 */
export async function expectFitsWidth(page: Page, width: number): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
      message: `the page scrolls sideways at ${width} px`,
    })
    .toBeLessThanOrEqual(width);
}

/**
 * Every way the page is wider than its viewport, as readable lines; empty when it fits. Compared
 * with the root's clientWidth (the viewport without a classic scrollbar), which is never more than
 * innerWidth, so this also holds `scrollWidth <= innerWidth`. Names the outermost elements that
 * stick out (those whose parent does not), skipping fixed boxes and content clipped by a scroller.
 */
export async function overflowIn(page: Page, label: string): Promise<string[]> {
  const found = await page.evaluate(() => {
    const root = document.documentElement;
    const limit = root.clientWidth;
    const describe = (el: Element): string => {
      const parts: string[] = [];
      for (let node: Element | null = el; node && node !== document.body && parts.length < 4;) {
        let part = node.tagName.toLowerCase();
        if (node.id) part += `#${node.id}`;
        for (const name of Array.from(node.classList).slice(0, 3)) part += `.${name}`;
        const parent: Element | null = node.parentElement;
        if (!node.id && parent && parent.children.length > 1) {
          part += `:nth-child(${Array.from(parent.children).indexOf(node) + 1})`;
        }
        parts.unshift(part);
        node = node.parentElement;
      }
      return parts.join(' > ');
    };
    const clipped = (el: Element): boolean => {
      for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.position === 'fixed') return true;
        if (style.overflowX !== 'visible') return true;
      }
      return false;
    };
    const sticksOut = (el: Element) => el.getBoundingClientRect().right > limit + 0.5;
    const offenders: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (!sticksOut(el) || getComputedStyle(el).position === 'fixed' || clipped(el)) continue;
      if (el.parentElement && el.parentElement !== document.body && sticksOut(el.parentElement)) continue;
      offenders.push(`${describe(el)} (right edge ${Math.round(el.getBoundingClientRect().right)})`);
    }
    return { scrollWidth: root.scrollWidth, limit, innerWidth: window.innerWidth, offenders };
  });
  if (found.scrollWidth <= found.limit && found.scrollWidth <= found.innerWidth) return [];
  return [
    `${label}: scrollWidth ${found.scrollWidth} > ${found.limit} (${found.scrollWidth - found.limit} px); ` +
      `sticking out: ${found.offenders.slice(0, 5).join('; ') || 'none found'}`,
  ];
}
