import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// CPU time of other processes (a server child, the embedded PostgreSQL cluster), read from /proc,
// so a benchmark can say where each request's time went.

const TICK_MS = 10; // USER_HZ is 100 on Linux

function statFields(pid: number | string): string[] {
  return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
}

/** utime + stime of a process (ms), from /proc; 0 when it is gone. */
export function cpuMsOf(pid: number): number {
  try {
    const fields = statFields(pid);
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** The postmaster of an embedded cluster (from its data folder), or null for an external server. */
export function postmasterPidOf(clusterDir: string | null | undefined): number | null {
  if (!clusterDir) return null;
  return Number(readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
}

/** CPU time of the embedded cluster: the postmaster and every process it started. */
export function clusterCpuMs(postmasterPid: number | null): number | null {
  if (postmasterPid === null) return null;
  let total = cpuMsOf(postmasterPid);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = statFields(entry);
      if (Number(fields[1]) === postmasterPid) total += (Number(fields[11]) + Number(fields[12])) * TICK_MS;
    } catch {
      // exited meanwhile
    }
  }
  return total;
}
