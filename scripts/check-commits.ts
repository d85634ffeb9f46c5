import { execFileSync } from 'node:child_process';

// CONTRIBUTING.md: a commit subject says what changed in at most 72 characters; the why and the
// figures go in the body. Checks the commits not yet on origin/main; without a remote, the commits
// since the rule was written (the commit that added this script), as older history predates it.
const MAX_SUBJECT = 72;

function git(args: string[]): string {
  return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
}

function range(): string[] {
  try {
    git(['rev-parse', '--verify', 'origin/main']);
    return ['origin/main..HEAD'];
  } catch {
    const ruleAdded = git(['log', '--diff-filter=A', '--format=%H', '--', 'scripts/check-commits.ts']).trim();
    return ruleAdded ? [`${ruleAdded}~1..HEAD`] : ['-n', '20', 'HEAD'];
  }
}

const subjects = git(['log', '--format=%h %s', ...range()])
  .split('\n')
  .filter(Boolean);
const long = subjects.filter((line) => line.length - line.indexOf(' ') - 1 > MAX_SUBJECT);
for (const line of long) console.error(`subject over ${MAX_SUBJECT} characters: ${line}`);
console.log(`${subjects.length - long.length} passed, ${long.length} failed (commit subjects)`);
process.exitCode = long.length > 0 ? 1 : 0;
