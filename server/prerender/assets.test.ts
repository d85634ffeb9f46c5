import { describe, expect, it } from 'vitest';
import { adminShellPreloads, pageAssets, routeChunks, routeIdForFile, type ViteManifest } from './assets.ts';

const manifest: ViteManifest = {
  // Listed first: the app's entry is told apart by its key, not by its place.
  'src/boot.ts': { file: 'assets/boot-OOOOOOOO.js', isEntry: true },
  'index.html': {
    file: 'assets/index-AAAAAAAA.js',
    isEntry: true,
    imports: ['_jsx-runtime-BBBBBBBB.js'],
    css: ['assets/index-CCCCCCCC.css'],
  },
  '_jsx-runtime-BBBBBBBB.js': { file: 'assets/jsx-runtime-BBBBBBBB.js' },
  '_sections-DDDDDDDD.js': { file: 'assets/sections-DDDDDDDD.js', imports: ['index.html'] },
  'src/routes/sell-watch-{$city}.tsx?tsr-split=component': {
    file: 'assets/city-EEEEEEEE.js',
    imports: ['index.html', '_sections-DDDDDDDD.js'],
  },
  'src/routes/sell-watch-{$city}.tsx?tsr-split=notFoundComponent': { file: 'assets/city-nf-FFFFFFFF.js' },
  'src/routes/unsubscribe.tsx?tsr-split=component': {
    file: 'assets/unsubscribe-GGGGGGGG.js',
    css: ['assets/unsubscribe-HHHHHHHH.css'],
  },
};

describe('routeIdForFile', () => {
  it('follows TanStack file-route naming', () => {
    expect(routeIdForFile('index.tsx')).toBe('/');
    expect(routeIdForFile('sell.tsx')).toBe('/sell');
    expect(routeIdForFile('blog/index.tsx')).toBe('/blog/');
    expect(routeIdForFile('blog/$slug.tsx')).toBe('/blog/$slug');
    expect(routeIdForFile('sell-watch-{$city}.tsx')).toBe('/sell-watch-{$city}');
    expect(routeIdForFile('admin/route.tsx')).toBe('/admin');
    expect(routeIdForFile('__root.tsx')).toBe('__root__');
  });
});

describe('pageAssets', () => {
  it('groups split chunks by route and by what they hold', () => {
    expect(routeChunks(manifest, ['component']).get('/sell-watch-{$city}')).toEqual([
      'src/routes/sell-watch-{$city}.tsx?tsr-split=component',
    ]);
    expect(routeChunks(manifest, ['notFoundComponent']).get('/sell-watch-{$city}')).toEqual([
      'src/routes/sell-watch-{$city}.tsx?tsr-split=notFoundComponent',
    ]);
  });

  it('boots the entry, its imports and the page component with its imports', () => {
    expect(pageAssets(manifest, ['__root__', '/sell-watch-{$city}'], false)).toEqual({
      boot: '/assets/boot-OOOOOOOO.js',
      entry: '/assets/index-AAAAAAAA.js',
      css: ['/assets/index-CCCCCCCC.css'],
      preloads: [
        '/assets/jsx-runtime-BBBBBBBB.js',
        '/assets/city-EEEEEEEE.js',
        '/assets/sections-DDDDDDDD.js',
      ],
    });
  });

  it('adds route stylesheets and not-found components', () => {
    expect(pageAssets(manifest, ['__root__', '/unsubscribe'], false).css).toEqual([
      '/assets/index-CCCCCCCC.css',
      '/assets/unsubscribe-HHHHHHHH.css',
    ]);
    expect(pageAssets(manifest, ['__root__', '/sell-watch-{$city}'], true).preloads).toContain(
      '/assets/city-nf-FFFFFFFF.js',
    );
    expect(pageAssets(manifest, ['__root__', '/sell-watch-{$city}'], false).preloads).not.toContain(
      '/assets/city-nf-FFFFFFFF.js',
    );
  });

  it('refuses a manifest without an entry or without the boot script', () => {
    expect(() => pageAssets({}, [], false)).toThrow(/no entry/);
    const { 'src/boot.ts': _boot, ...withoutBoot } = manifest;
    expect(() => pageAssets(withoutBoot, [], false)).toThrow(/no src\/boot\.ts entry/);
  });
});

describe('adminShellPreloads', () => {
  it('preloads the admin router and the admin layout with their imports, not the entry', () => {
    const withAdmin: ViteManifest = {
      ...manifest,
      'src/admin-router.tsx': {
        file: 'assets/admin-router-IIIIIIII.js',
        imports: ['index.html', '_search-JJJJJJJJ.js'],
      },
      '_search-JJJJJJJJ.js': { file: 'assets/search-JJJJJJJJ.js' },
      'src/routes/admin/route.tsx?tsr-split=component': {
        file: 'assets/route-KKKKKKKK.js',
        imports: ['index.html', '_mantine-LLLLLLLL.js'],
      },
      '_mantine-LLLLLLLL.js': { file: 'assets/mantine-LLLLLLLL.js', css: ['assets/mantine-MMMMMMMM.css'] },
      'src/routes/admin/_guarded/dashboard.tsx?tsr-split=component': { file: 'assets/dashboard-NNNNNNNN.js' },
    };
    expect(adminShellPreloads(withAdmin).sort()).toEqual([
      '/assets/admin-router-IIIIIIII.js',
      '/assets/jsx-runtime-BBBBBBBB.js',
      '/assets/mantine-LLLLLLLL.js',
      '/assets/route-KKKKKKKK.js',
      '/assets/search-JJJJJJJJ.js',
    ]);
  });
});
