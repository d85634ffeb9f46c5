import { describe, expect, it } from 'vitest';
import { currentPath } from './redirects.ts';

describe('permanent redirects', () => {
  it('sends the spec article links to /sell-form to /sell, keeping the query', () => {
    expect(currentPath('/sell-form')).toBe('/sell');
    expect(currentPath('/sell-form/')).toBe('/sell');
    expect(currentPath('/sell-form?utm_source=blog')).toBe('/sell?utm_source=blog');
    expect(currentPath('/sell-rolex-watch')).toBe('/sell-rolex-watch');
  });
});
