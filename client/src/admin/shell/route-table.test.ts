import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN_ROUTE_PERMISSIONS } from '#shared/auth/admin-routes.ts';

// Every guarded page file names its permission in the one table (decision 027): a page added
// without a line would be refused to every role by the role gate, so this says which line is missing.
const GUARDED = join(import.meta.dirname, '../../routes/admin/_guarded');

function routePaths(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? routePaths(join(dir, entry.name))
      : [
          `/admin/${relative(GUARDED, join(dir, entry.name))}`
            .replace(/\.tsx$/, '')
            // A flat file un-nested from its namesake (settings_.domain.tsx: /settings/domain).
            .replace(/_\./g, '/')
            .replace(/\/index$/, '')
            .replace(/\/+$/, ''),
        ],
  );
}

describe('the admin route table', () => {
  it('has a line for every guarded page and none for a page that does not exist', () => {
    const pages = routePaths(GUARDED)
      .filter((path) => path !== '/admin')
      .toSorted();
    expect(pages).toEqual(Object.keys(ADMIN_ROUTE_PERMISSIONS).toSorted());
  });
});
