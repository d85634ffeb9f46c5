import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOT_ENTRY_ATTRIBUTE, BOOT_PRELOAD_ATTRIBUTE } from '#shared/site/boot-attributes.ts';
import { HIDDEN_TAB_DELAY_MS, LAST_RESORT_DELAY_MS, bootWhenPainted } from './boot.ts';

declare global {
  var __bootedEntries: string[] | undefined;
}

/**
 * A browser just far enough for the boot script: load listeners, animation frames, <head>,
 * visibility and, unless `paintTiming` is false, paint entries through a PerformanceObserver.
 */
function fakeBrowser({ paintTiming = true } = {}) {
  const listeners = new Map<string, (() => void)[]>();
  let frames: (() => void)[] = [];
  const head: { rel: string; href: string }[] = [];
  const paints: string[] = [];
  const observers = new Set<(names: string[]) => void>();
  vi.stubGlobal('addEventListener', (type: string, listener: () => void) => {
    listeners.set(type, [...(listeners.get(type) ?? []), listener]);
  });
  const dispatch = (type: string) => listeners.get(type)?.forEach((listener) => listener());
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
  const fakeDocument = {
    visibilityState: 'visible' as DocumentVisibilityState,
    createElement: () => ({ rel: '', href: '' }),
    head: { append: (link: { rel: string; href: string }) => head.push(link) },
  };
  vi.stubGlobal('document', fakeDocument);
  class FakePerformanceObserver {
    static supportedEntryTypes = ['navigation', 'paint', 'resource'];
    private readonly deliver: (names: string[]) => void;
    constructor(callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void) {
      this.deliver = (names) =>
        callback({ getEntriesByName: (name) => names.filter((entry) => entry === name) });
    }
    observe(options: { type: string; buffered?: boolean }) {
      expect(options).toEqual({ type: 'paint', buffered: true });
      observers.add(this.deliver);
      if (paints.length > 0) queueMicrotask(() => this.deliver([...paints]));
    }
    disconnect() {
      observers.delete(this.deliver);
    }
  }
  vi.stubGlobal('PerformanceObserver', paintTiming ? FakePerformanceObserver : undefined);
  return {
    head,
    load: () => dispatch('load'),
    dispatch,
    hide: () => {
      fakeDocument.visibilityState = 'hidden';
    },
    paint: (name: 'first-paint' | 'first-contentful-paint') => {
      paints.push(name);
      for (const deliver of [...observers]) deliver([name]);
    },
    frame: () => {
      const due = frames;
      frames = [];
      due.forEach((callback) => callback());
    },
  };
}

function scriptElement(attributes: Record<string, string>): Element {
  return { getAttribute: (name: string) => attributes[name] ?? null } as unknown as Element;
}

/** Lets the dynamic import of the entry finish. */
async function settle(): Promise<void> {
  await vi.waitFor(() => expect(globalThis.__bootedEntries?.length).toBeGreaterThan(0));
}

describe('the boot chunk', () => {
  // An import would make the bundler load what it imports (the entry chunk) with the boot script.
  const source = readFileSync(new URL('./boot.ts', import.meta.url), 'utf8');

  it('imports nothing', () => {
    expect(source).not.toMatch(/^\s*import\s/m);
  });

  it("names the script's attributes as the prerenderer writes them", () => {
    expect(source).toContain(`const BOOT_ENTRY_ATTRIBUTE = '${BOOT_ENTRY_ATTRIBUTE}';`);
    expect(source).toContain(`const BOOT_PRELOAD_ATTRIBUTE = '${BOOT_PRELOAD_ATTRIBUTE}';`);
  });
});

describe('bootWhenPainted', () => {
  let dir: string;
  let entryUrl: string;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    dir = mkdtempSync(path.join(os.tmpdir(), 'boot-'));
    // A new file per test: a module URL is evaluated once per process.
    const entry = path.join(dir, `entry-${Math.random().toString(36).slice(2)}.mjs`);
    writeFileSync(entry, '(globalThis.__bootedEntries ??= []).push(import.meta.url);\n');
    entryUrl = pathToFileURL(entry).href;
    globalThis.__bootedEntries = [];
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    rmSync(dir, { recursive: true, force: true });
  });

  it('loads nothing before the load event and first contentful paint, then the preloads and the entry', async () => {
    const browser = fakeBrowser();
    bootWhenPainted(
      scriptElement({ [BOOT_ENTRY_ATTRIBUTE]: entryUrl, [BOOT_PRELOAD_ATTRIBUTE]: '/a.js /b.js' }),
    );
    browser.paint('first-paint');
    browser.frame();
    vi.advanceTimersByTime(HIDDEN_TAB_DELAY_MS + 1);
    expect(browser.head).toEqual([]);
    expect(globalThis.__bootedEntries).toEqual([]);

    browser.load();
    // Frames alone do not start it: the paint is what it waits for.
    browser.frame();
    browser.frame();
    vi.advanceTimersByTime(HIDDEN_TAB_DELAY_MS);
    expect(browser.head).toEqual([]);

    browser.paint('first-contentful-paint');
    expect(browser.head).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(browser.head).toEqual([
      { rel: 'modulepreload', href: '/a.js' },
      { rel: 'modulepreload', href: '/b.js' },
    ]);
    await settle();
    expect(globalThis.__bootedEntries).toEqual([entryUrl]);

    // The last-resort timer finds the app already started.
    vi.advanceTimersByTime(LAST_RESORT_DELAY_MS);
    expect(browser.head).toHaveLength(2);
  });

  it('starts at once after the load event when the paint was reported before it', async () => {
    const browser = fakeBrowser();
    bootWhenPainted(scriptElement({ [BOOT_ENTRY_ATTRIBUTE]: entryUrl, [BOOT_PRELOAD_ATTRIBUTE]: '/a.js' }));
    browser.paint('first-contentful-paint');
    vi.advanceTimersByTime(0);
    expect(browser.head).toEqual([]);
    browser.load();
    await Promise.resolve();
    vi.advanceTimersByTime(0);
    expect(browser.head).toEqual([{ rel: 'modulepreload', href: '/a.js' }]);
    await settle();
    expect(globalThis.__bootedEntries).toEqual([entryUrl]);
  });

  it('counts two frames after the load event where the browser has no paint timing', async () => {
    const browser = fakeBrowser({ paintTiming: false });
    bootWhenPainted(scriptElement({ [BOOT_ENTRY_ATTRIBUTE]: entryUrl, [BOOT_PRELOAD_ATTRIBUTE]: '/a.js' }));
    browser.load();
    browser.frame();
    vi.advanceTimersByTime(0);
    expect(browser.head).toEqual([]);
    browser.frame();
    vi.advanceTimersByTime(0);
    expect(browser.head).toEqual([{ rel: 'modulepreload', href: '/a.js' }]);
    await settle();
  });

  it('starts a second after the load event in a background tab, which paints nothing, once', async () => {
    const browser = fakeBrowser();
    bootWhenPainted(scriptElement({ [BOOT_ENTRY_ATTRIBUTE]: entryUrl }));
    browser.hide();
    browser.load();
    vi.advanceTimersByTime(HIDDEN_TAB_DELAY_MS - 1);
    expect(globalThis.__bootedEntries).toEqual([]);
    vi.advanceTimersByTime(1);
    await settle();
    browser.paint('first-contentful-paint');
    vi.advanceTimersByTime(LAST_RESORT_DELAY_MS);
    expect(globalThis.__bootedEntries).toEqual([entryUrl]);
    expect(browser.head).toEqual([]);
  });

  it('starts at the last resort in a visible tab whose paint is never reported', async () => {
    const browser = fakeBrowser();
    bootWhenPainted(scriptElement({ [BOOT_ENTRY_ATTRIBUTE]: entryUrl }));
    browser.load();
    vi.advanceTimersByTime(LAST_RESORT_DELAY_MS - 1);
    expect(globalThis.__bootedEntries).toEqual([]);
    vi.advanceTimersByTime(1);
    await settle();
    expect(globalThis.__bootedEntries).toEqual([entryUrl]);
  });

  it.each(['pointerdown', 'touchstart', 'keydown', 'focusin', 'mouseover'])(
    'starts at once on a %s before the load event',
    async (type) => {
      const browser = fakeBrowser();
      bootWhenPainted(scriptElement({ [BOOT_ENTRY_ATTRIBUTE]: entryUrl, [BOOT_PRELOAD_ATTRIBUTE]: '/a.js' }));
      browser.dispatch(type);
      expect(browser.head).toEqual([{ rel: 'modulepreload', href: '/a.js' }]);
      await settle();
      browser.load();
      browser.paint('first-contentful-paint');
      vi.advanceTimersByTime(LAST_RESORT_DELAY_MS);
      expect(browser.head).toHaveLength(1);
      expect(globalThis.__bootedEntries).toEqual([entryUrl]);
    },
  );
});
