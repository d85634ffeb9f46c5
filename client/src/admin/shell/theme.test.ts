import { describe, expect, it } from 'vitest';
import { ADMIN_SCROLLBAR_HIDE_MS, adminTheme } from './AdminProviders.tsx';

describe('admin theme', () => {
  it("uses the site's gold as the primary colour", () => {
    expect(adminTheme.primaryColor).toBe('gold');
    expect(adminTheme.colors?.gold?.[7]).toBe('#8c6516');
  });

  it('hides scroll bars 600 ms after scrolling stops (public spec, admin constants)', () => {
    expect(ADMIN_SCROLLBAR_HIDE_MS).toBe(600);
    expect(adminTheme.components?.ScrollArea?.defaultProps).toMatchObject({ scrollHideDelay: 600 });
  });
});
