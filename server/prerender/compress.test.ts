import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompress } from './compress.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function script(seed: number): string {
  // Repetitive like real JavaScript, different per file.
  return Array.from(
    { length: 400 },
    (_, i) => `export const value${seed}_${i} = "${'x'.repeat(i % 17)}${seed}";`,
  ).join('\n');
}

describe('precompress', () => {
  it('writes .gz and .br copies of every compressible file of at least 256 bytes, in every folder given', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
    dirs.push(root);
    const assets = path.join(root, 'assets');
    const pages = path.join(root, '_pages');
    mkdirSync(path.join(pages, 'blog'), { recursive: true });
    mkdirSync(assets);
    const files = {
      [path.join(assets, 'a.js')]: script(1),
      [path.join(assets, 'b.css')]: `.x{color:red}\n`.repeat(200),
      [path.join(assets, 'c.js')]: script(3),
      [path.join(pages, 'index.html')]: `<p>page</p>\n`.repeat(300),
      [path.join(pages, 'blog', 'post.html')]: `<p>post</p>\n`.repeat(300),
    };
    for (const [file, content] of Object.entries(files)) writeFileSync(file, content);
    writeFileSync(path.join(assets, 'tiny.js'), 'export {};');
    // Long enough to be tried, too random to shrink: sent as it is.
    writeFileSync(path.join(assets, 'random.svg'), randomBytes(600));
    writeFileSync(path.join(assets, 'a.js.map'), '{}'.repeat(2000));
    writeFileSync(path.join(assets, 'photo.webp'), Buffer.alloc(4096, 7));

    expect(await precompress([assets, pages])).toBe(5);

    for (const [file, content] of Object.entries(files)) {
      expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(content);
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(content);
    }
    for (const skipped of ['tiny.js', 'a.js.map', 'photo.webp', 'random.svg']) {
      expect(() => readFileSync(path.join(assets, `${skipped}.gz`))).toThrow();
      expect(() => readFileSync(path.join(assets, `${skipped}.br`))).toThrow();
    }
    // zopfli and brotli at their highest levels: 0.6 s alone, 6.1 s on two busy cores.
  }, 60_000);

  it('writes gzip smaller than zlib level 9 (zopfli)', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
    dirs.push(root);
    const file = path.join(root, 'app.js');
    const content = readFileSync(
      path.join(
        import.meta.dirname,
        '..',
        '..',
        'node_modules',
        'react-dom',
        'cjs',
        'react-dom.production.js',
      ),
    );
    writeFileSync(file, content);
    await precompress([root]);
    const zopfli = readFileSync(`${file}.gz`);
    expect(gunzipSync(zopfli).equals(content)).toBe(true);
    expect(zopfli.length).toBeLessThan(gzipSync(content, { level: 9 }).length);
  }, 60_000);
});
