import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOT_ENTRY_ATTRIBUTE, BOOT_PRELOAD_ATTRIBUTE, bootWhenPainted } from './boot.ts';

declare global {
  var __bootedEntries: string[] | undefined;
}

/** A browser just far enough for the boot script: load listeners, animation frames, <head>. */
function fakeBrowser() {
  const listeners = new Map<string, (() => void)[]>();
  let frames: (() => void)[] = [];
  const head: { rel: string; href: string }[] = [];
  vi.stubGlobal('addEventListener', (type: string, listener: () => void) => {
    listeners.set(type, [...(listeners.get(type) ?? []), listener]);
  });
  const dispatch = (type: string) => listeners.get(type)?.forEach((listener) => listener());
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
  vi.stubGlobal('document', {
    createElement: () => ({ rel: '', href: '' }),
    head: { append: (link: { rel: string; href: string }) => head.push(link) },
  });
  return {
    head,
    load: () => dispatch('load'),
    dispatch,
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

  it('loads nothing before the load event, then the preloads and the entry two frames after it', async () => {
    const browser = fakeBrowser();
    bootWhenPainted(
      scriptElement({ [BOOT_ENTRY_ATTRIBUTE]: entryUrl, [BOOT_PRELOAD_ATTRIBUTE]: '/a.js /b.js' }),
    );
    browser.frame();
    vi.advanceTimersByTime(5000);
    expect(browser.head).toEqual([]);
    expect(globalThis.__bootedEntries).toEqual([]);

    browser.load();
    browser.frame();
    vi.advanceTimersByTime(0);
    expect(browser.head).toEqual([]);
    browser.frame();
    vi.advanceTimersByTime(0);
    expect(browser.head).toEqual([
      { rel: 'modulepreload', href: '/a.js' },
      { rel: 'modulepreload', href: '/b.js' },
    ]);
    await settle();
    expect(globalThis.__bootedEntries).toEqual([entryUrl]);

    // The background-tab fallback finds the app already started.
    vi.advanceTimersByTime(1000);
    expect(browser.head).toHaveLength(2);
  });

  it('starts a second after the load event where no frame comes (a background tab), once', async () => {
    const browser = fakeBrowser();
    bootWhenPainted(scriptElement({ [BOOT_ENTRY_ATTRIBUTE]: entryUrl }));
    browser.load();
    vi.advanceTimersByTime(999);
    expect(globalThis.__bootedEntries).toEqual([]);
    vi.advanceTimersByTime(1);
    await settle();
    browser.frame();
    browser.frame();
    vi.advanceTimersByTime(0);
    expect(globalThis.__bootedEntries).toEqual([entryUrl]);
    expect(browser.head).toEqual([]);
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
      browser.frame();
      browser.frame();
      vi.advanceTimersByTime(1000);
      expect(browser.head).toHaveLength(1);
      expect(globalThis.__bootedEntries).toEqual([entryUrl]);
    },
  );
});
