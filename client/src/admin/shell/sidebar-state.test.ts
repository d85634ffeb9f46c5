import { describe, expect, it } from 'vitest';
import { readSidebarOpen } from './sidebar-state.ts';

describe('sidebar cookie', () => {
  it('reads the stored state and defaults to open', () => {
    expect(readSidebarOpen('sidebar_state=false')).toBe(false);
    expect(readSidebarOpen('a=1; sidebar_state=true; b=2')).toBe(true);
    expect(readSidebarOpen('other_sidebar_state=false')).toBe(true);
    expect(readSidebarOpen('sidebar_state=maybe')).toBe(true);
    expect(readSidebarOpen('')).toBe(true);
  });
});
