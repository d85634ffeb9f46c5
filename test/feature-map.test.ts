import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// README's feature map names every folder of server/ (decision 076): a new folder without a row
// is a feature nobody can find from the README.

const root = path.resolve(import.meta.dirname, '..');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
const map = readme.slice(readme.indexOf('## Feature map'), readme.indexOf('## Configuration'));
const folders = readdirSync(path.join(root, 'server'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe("README's feature map", () => {
  it('is found', () => {
    expect(map).toContain('| Feature');
    expect(folders).toContain('enquiries');
  });

  it('names every server folder', () => {
    expect(folders.filter((folder) => !map.includes(`\`server/${folder}/\``))).toEqual([]);
  });
});
