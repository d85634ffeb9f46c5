import { describe, expect, it } from 'vitest';
import {
  MENU_CLOSE_DELAY_MS,
  MENU_OPEN_DELAY_MS,
  MENU_SKIP_DELAY_MS,
  opensImmediately,
} from './menu-timing.ts';

describe('desktop menu timing', () => {
  it('uses the spec delays', () => {
    expect([MENU_OPEN_DELAY_MS, MENU_SKIP_DELAY_MS, MENU_CLOSE_DELAY_MS]).toEqual([200, 300, 150]);
  });

  it('waits when nothing was open recently', () => {
    expect(opensImmediately(1000, null, false)).toBe(false);
    expect(opensImmediately(1000, 600, false)).toBe(false);
    expect(opensImmediately(1000, 700, false)).toBe(false);
  });

  it('opens at once within the skip delay after a menu closed, or while another is open', () => {
    expect(opensImmediately(1000, 701, false)).toBe(true);
    expect(opensImmediately(1000, 990, false)).toBe(true);
    expect(opensImmediately(1000, null, true)).toBe(true);
  });
});
