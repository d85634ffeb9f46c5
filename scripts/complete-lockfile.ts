import fs from 'node:fs';
// Run after `npm install` changes the lock: the registry reachable here has no metadata for msgpackr-extract's non-Linux builds, so npm
// leaves them out of the lock and `npm ci` then refuses the lock. They are never installed on
// Linux (os/cpu mismatch); recording them as optional entries makes the lock complete.
interface LockEntry {
  version?: string;
  cpu?: string[];
  os?: string[];
  license?: string;
  optional?: boolean;
}
const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, LockEntry>;
};
const missing: Record<string, [string, string]> = {
  'darwin-arm64': ['darwin', 'arm64'],
  'darwin-x64': ['darwin', 'x64'],
  'linux-arm': ['linux', 'arm'],
  'win32-x64': ['win32', 'x64'],
};
for (const [name, [os, cpu]] of Object.entries(missing)) {
  const key = `node_modules/@msgpackr-extract/msgpackr-extract-${name}`;
  if (!lock.packages[key])
    lock.packages[key] = { version: '3.0.7', cpu: [cpu], license: 'MIT', optional: true, os: [os] };
}
const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
fs.writeFileSync('package-lock.json', JSON.stringify(lock, null, 2) + '\n');
