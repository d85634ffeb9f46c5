import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Two projects: fast pure unit tests beside the code, and DB tests that each get their own
// PostgreSQL database cloned from a migrated template (see test/support/global-db.ts).
// Test files share their worker's loaded modules (decision 103): each file used to import the
// server's module graph afresh, about a third of the run.
export default defineConfig({
  test: {
    // Two files at a time even on two cores, where vitest's default (cores - 1) runs one: a file
    // waits on PostgreSQL, a child process or a browser about half its time, so the second core
    // sat idle. Quiet 2-core machine: 478 s -> 331 s for the 309 files, CPU 48 % -> 84 %, no
    // test near its time-out (decision 108).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          isolate: false,
          include: ['{server,worker,shared,client,test,migrations}/**/*.test.{ts,tsx}', '*.test.ts'],
          exclude: ['**/*.db.test.ts', 'node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'db',
          isolate: false,
          include: ['{server,worker,shared,test}/**/*.db.test.ts'],
          environment: 'node',
          globalSetup: ['test/support/global-db.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
