import { isNotFound } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildPageData } from '#shared/content/pages/build.ts';
import { defaultSiteConfig } from '#shared/site/config.ts';
import { loadPageData, plantPageSeed, setPageDataBuilder } from './page-data.ts';

const home = buildPageData('/', defaultSiteConfig);

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('loadPageData in the browser', () => {
  afterEach(() => {
    plantPageSeed(null);
    vi.unstubAllGlobals();
  });

  it('uses the embedded data for the first page without a request', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    plantPageSeed({ path: '/', status: 200, data: home, searchDependent: false });
    await expect(loadPageData('home', '/')).resolves.toBe(home);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('serves an embedded not-found page for any path', async () => {
    plantPageSeed({ path: '/__not-found__', status: 404, data: null, searchDependent: false });
    expect(isNotFound(await rejection(loadPageData('city', '/sell-watch-geelong')))).toBe(true);
  });

  it('fetches other pages and turns a 404 or a wrong kind into not-found', async () => {
    const fetch = vi
      .fn<(url: string) => Promise<Response>>()
      .mockResolvedValueOnce(new Response(JSON.stringify(home), { status: 200 }))
      .mockResolvedValueOnce(new Response('{}', { status: 404 }))
      .mockResolvedValueOnce(new Response(JSON.stringify(home), { status: 200 }))
      .mockResolvedValueOnce(new Response('oops', { status: 500 }));
    vi.stubGlobal('fetch', fetch);
    await expect(loadPageData('home', '/')).resolves.toEqual(home);
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/page-data?path=%2F');
    expect(isNotFound(await rejection(loadPageData('city', '/sell-watch-nowhere')))).toBe(true);
    expect(isNotFound(await rejection(loadPageData('city', '/')))).toBe(true);
    await expect(loadPageData('home', '/')).rejects.toThrow('HTTP 500');
  });
});

describe('loadPageData while prerendering', () => {
  it('builds the data in-process', async () => {
    setPageDataBuilder((path) => buildPageData(path, defaultSiteConfig));
    const data = await loadPageData('city', '/sell-watch-perth');
    expect(data.city).toBe('Perth');
    expect(isNotFound(await rejection(loadPageData('city', '/sell-watch-geelong')))).toBe(true);
  });
});
