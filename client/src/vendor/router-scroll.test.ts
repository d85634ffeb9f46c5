import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { AnyRouter } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as replacement from './router-scroll.ts';

type Listener = (event: { toLocation: { hash: string; state: Record<string, unknown> } }) => void;

/** The router-core module vite.config.ts swaps for router-scroll.ts in the browser build. */
function originalModuleSource(): string {
  const require = createRequire(import.meta.url);
  const core = path.dirname(require.resolve('@tanstack/router-core/package.json'));
  return readFileSync(path.join(core, 'dist', 'esm', 'scroll-restoration.js'), 'utf8');
}

function fakeRouter(options: Record<string, unknown> = {}) {
  const listeners: Listener[] = [];
  const router = {
    isServer: false,
    _scroll: { n: true } as { n?: boolean; h?: boolean },
    options,
    subscribe: (event: string, listener: Listener) => {
      if (event === 'onRendered') listeners.push(listener);
      return () => undefined;
    },
  };
  const rendered = (hash = '', state: Record<string, unknown> = {}) => {
    for (const listener of listeners) listener({ toLocation: { hash, state } });
  };
  return { router: router as unknown as AnyRouter & typeof router, rendered, listeners };
}

function fakeWindow() {
  const scrollTo = vi.fn();
  const scrollIntoView = vi.fn();
  vi.stubGlobal('window', { scrollTo });
  vi.stubGlobal('document', {
    getElementById: (id: string) => (id === 'faq' ? { scrollIntoView } : null),
  });
  return { scrollTo, scrollIntoView };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('router-scroll (stands in for router-core scroll-restoration.js)', () => {
  it('exports every name the original module exports', () => {
    const exported = /export\s*\{([^}]+)\}/.exec(originalModuleSource())?.[1];
    const names = (exported ?? '').split(',').map((name) => name.trim());
    expect(names.length).toBeGreaterThan(0);
    expect(Object.keys(replacement).sort()).toEqual(names.sort());
  });

  it('scrolls to the top after a navigation, and to the hash target when there is one', () => {
    const { scrollTo, scrollIntoView } = fakeWindow();
    const { router, rendered } = fakeRouter({ scrollRestorationBehavior: 'instant' });
    replacement.setupScrollRestoration(router);
    rendered();
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'instant' });
    rendered('faq');
    expect(scrollIntoView).toHaveBeenCalledWith(true);
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it('keeps the position when a navigation asked for resetScroll: false, once', () => {
    const { scrollTo } = fakeWindow();
    const { router, rendered } = fakeRouter();
    replacement.setupScrollRestoration(router);
    router._scroll.n = false;
    rendered();
    expect(scrollTo).not.toHaveBeenCalled();
    rendered();
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it('subscribes once per router, and not at all on the server', () => {
    fakeWindow();
    const { router, listeners } = fakeRouter();
    replacement.setupScrollRestoration(router);
    replacement.setupScrollRestoration(router);
    expect(listeners).toHaveLength(1);
    const server = fakeRouter();
    server.router.isServer = true;
    replacement.setupScrollRestoration(server.router);
    expect(server.listeners).toHaveLength(0);
  });
});
