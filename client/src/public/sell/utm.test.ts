import { describe, expect, it } from 'vitest';
import { captureReferrer, captureUtm, emptyUtm, parseUtm, REFERRER_STORAGE_KEY } from './utm.ts';
import { readReferrer, readUtm } from './utm-read.ts';

function memoryStore(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

describe('UTM capture', () => {
  it('reads the five utm parameters, trimmed, ignoring empty ones and everything else', () => {
    expect(
      parseUtm(
        '?utm_source=google&utm_medium=cpc&utm_campaign=%20rolex%20&utm_content=&utm_term=sell+rolex&x=1',
      ),
    ).toEqual({
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'rolex',
      utm_content: null,
      utm_term: 'sell rolex',
    });
    expect(parseUtm('?page=2')).toBeNull();
    expect(parseUtm('')).toBeNull();
  });

  it('keeps the landing attribution for the rest of the visit', () => {
    const store = memoryStore();
    captureUtm('?utm_source=facebook&utm_campaign=spring', store);
    captureUtm('', store);
    captureUtm('?ref=home', store);
    expect(readUtm(store)).toEqual({ ...emptyUtm(), utm_source: 'facebook', utm_campaign: 'spring' });
  });

  it('lets a newer ad click replace the earlier one', () => {
    const store = memoryStore();
    captureUtm('?utm_source=facebook&utm_campaign=spring', store);
    captureUtm('?utm_source=google', store);
    expect(readUtm(store)).toEqual({ ...emptyUtm(), utm_source: 'google' });
  });

  it('answers all nulls without storage or with damaged data', () => {
    expect(readUtm(null)).toEqual(emptyUtm());
    expect(readUtm(memoryStore({ 'sell:utm': '{not json' }))).toEqual(emptyUtm());
    expect(readUtm(memoryStore({ 'sell:utm': '{"utm_source":42,"utm_term":"ok"}' }))).toEqual({
      ...emptyUtm(),
      utm_term: 'ok',
    });
    expect(() => captureUtm('?utm_source=x', null)).not.toThrow();
  });
});

describe('referrer capture (decision 100)', () => {
  const OWN = 'https://watches.example';

  it('keeps an external referrer as origin and path, and our own pages never replace it', () => {
    const store = memoryStore();
    captureReferrer('https://www.google.com/search?q=sell+my+rolex', OWN, store);
    expect(store.data.get(REFERRER_STORAGE_KEY)).toBe('https://www.google.com/search');
    captureReferrer('https://watches.example/blog/rolex-prices', OWN, store);
    captureReferrer('', OWN, store);
    expect(readReferrer(store)).toBe('https://www.google.com/search');
    captureReferrer('https://forum.example/t/42?user=jane', OWN, store);
    expect(readReferrer(store)).toBe('https://forum.example/t/42');
  });

  it('reads null without storage, without a referrer, or from a tampered value', () => {
    expect(readReferrer(null)).toBeNull();
    expect(readReferrer(memoryStore())).toBeNull();
    expect(readReferrer(memoryStore({ [REFERRER_STORAGE_KEY]: 'javascript:alert(1)' }))).toBeNull();
  });
});
