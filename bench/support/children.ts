import type { ChildProcess } from 'node:child_process';

/** SIGTERM (a graceful stop), then SIGKILL if the child is still there after 10 s. */
export async function stopChild(proc: ChildProcess): Promise<void> {
  proc.removeAllListeners('exit');
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  proc.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (proc.exitCode === null) proc.kill('SIGKILL');
}
