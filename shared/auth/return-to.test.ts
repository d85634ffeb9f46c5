import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to.ts';

describe('safeReturnTo', () => {
  it('keeps admin paths with their query', () => {
    expect(safeReturnTo('/admin/campaigns?status=paused')).toBe('/admin/campaigns?status=paused');
    expect(safeReturnTo('/admin')).toBe('/admin');
    expect(safeReturnTo('/admin/contacts/3f1c')).toBe('/admin/contacts/3f1c');
  });

  it('normalises dot segments before checking the area', () => {
    expect(safeReturnTo('/admin/../sell')).toBeNull();
    expect(safeReturnTo('/admin/./settings')).toBe('/admin/settings');
  });

  it('refuses other sites, other areas and the pages outside the guard', () => {
    for (const value of [
      'https://evil.example/admin',
      '//evil.example/admin',
      '/\\evil.example/admin',
      'javascript:alert(1)',
      '/administrator',
      '/sell',
      '/',
      '/admin/login?returnTo=/admin',
      '/admin/unauthorized',
      'admin/settings',
      '/admin/\nsettings',
      '',
      undefined,
      42,
    ]) {
      expect(safeReturnTo(value), String(value)).toBeNull();
    }
  });
});
