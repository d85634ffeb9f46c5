import { execFileSync } from 'node:child_process';

/**
 * Debian's Chromium, never a downloaded browser (`npx playwright install` cannot work here): the
 * one Playwright's e2e project and the unit tests that render in a browser both launch. Debian's
 * headless shell first, the build Playwright itself runs headless tests on: it drew the same
 * pages with 27-30 % less CPU than the full browser in headless mode, and the e2e run is
 * CPU-bound on two cores (decision 108). The full browser when the shell is not installed.
 */
export function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const name of ['chromium-headless-shell', 'chromium', 'chromium-browser']) {
    try {
      return execFileSync('which', [name], { encoding: 'utf8' }).trim();
    } catch {
      // try the next name
    }
  }
  throw new Error(
    'Chromium not found: install it (apt-get install -y chromium-headless-shell chromium) or set CHROMIUM_PATH',
  );
}

/** The flags every launch uses: no sandbox (a container's root), no GPU, no background traffic. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
