import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './test/support/chromium.ts';

// One port for the whole run, chosen here so baseURL and the global setup agree on it.
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 20_000));
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    // Pages drawn without their transitions (decision 108): the admin and the public site honour
    // the reader's reduced-motion setting, so no action waits for a fade to settle.
    reducedMotion: 'reduce',
    // On CI a trace only for a test's retry: recording one for every test (DOM snapshots and
    // screencast frames at each action) took a third of the run's CPU (decision 111). Locally,
    // with no retries, every failure keeps its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromiumPath(),
          args: CHROMIUM_ARGS,
        },
      },
    },
  ],
});
