import { describe, expect, it } from 'vitest';
import { definedOnly, readDay, readOneOf, readPage, readText, readTrue, readUuid } from './url-search.ts';
import { parseAuditSearch, parseTemplateListSearch } from './admin/search-params.ts';

describe('URL search-param readers', () => {
  it('read text, numbers-as-text and refuse over-long values', () => {
    expect(readText('abc', 5)).toBe('abc');
    expect(readText(12345, 5)).toBe('12345');
    expect(readText('abcdef', 5)).toBeUndefined();
    expect(readText({}, 5)).toBeUndefined();
  });

  it('accept only listed options', () => {
    expect(readOneOf('paused', ['all', 'paused'] as const)).toBe('paused');
    expect(readOneOf('PAUSED', ['all', 'paused'] as const)).toBeUndefined();
    expect(readOneOf(1, ['all'] as const)).toBeUndefined();
  });

  it('read pages as positive integers within the cap', () => {
    expect(readPage(3, 10)).toBe(3);
    expect(readPage('4', 10)).toBe(4);
    for (const bad of [0, -1, 1.5, 11, '', 'x', null, undefined]) expect(readPage(bad, 10)).toBeUndefined();
  });

  it('read uuids and true flags, dropping anything else', () => {
    expect(readUuid('0a1b2c3d-0000-4000-8000-00000000abcd')).toBe('0a1b2c3d-0000-4000-8000-00000000abcd');
    expect(readUuid('not-a-uuid')).toBeUndefined();
    expect(readTrue(true)).toBe(true);
    expect(readTrue('1')).toBe(true);
    expect(readTrue(false)).toBeUndefined();
    expect(definedOnly({ a: 1, b: undefined })).toEqual({ a: 1 });
  });

  it('read calendar days as YYYY-MM-DD only', () => {
    expect(readDay('2026-02-01')).toBe('2026-02-01');
    for (const bad of ['2026-2-1', '01/02/2026', 20260201, '', undefined])
      expect(readDay(bad)).toBeUndefined();
  });
});

describe('list URLs that kept their filters out of the URL before', () => {
  it('the audit log reads its filters and page, dropping what the list would refuse', () => {
    expect(
      parseAuditSearch({
        member: 'sam@',
        action: 'campaigns',
        from: '2026-01-01',
        to: '2026-01-31',
        page: 2,
      }),
    ).toEqual({ member: 'sam@', action: 'campaigns', from: '2026-01-01', to: '2026-01-31', page: 2 });
    expect(parseAuditSearch({ member: 'x'.repeat(255), from: 'yesterday', page: 10_001 })).toEqual({
      member: undefined,
      action: undefined,
      from: undefined,
      to: undefined,
      page: undefined,
    });
  });

  it('the templates keep the library and the search', () => {
    expect(parseTemplateListSearch({ kind: 'reply', search: 'offer' })).toEqual({
      kind: 'reply',
      search: 'offer',
    });
    expect(parseTemplateListSearch({ kind: 'marketing', search: 'x'.repeat(201) })).toEqual({
      kind: undefined,
      search: undefined,
    });
  });
});
