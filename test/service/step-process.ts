import type { ChildProcess } from 'node:child_process';

/**
 * Runs a stopped child process in short slices (SIGCONT, a pause, SIGSTOP) until `check` holds,
 * asking `check` only while the child is stopped. A test that must kill a service "mid-batch"
 * then sees exactly what the child had done when it is killed, however late the test's own
 * timers fire on a loaded machine: polling a running child, a CI run once saw the whole batch
 * finish between one poll and the kill.
 *
 * The caller stops the child first (`child.kill('SIGSTOP')`) and kills it after; every slice is
 * short beside one conversion, so a check that waits for the first one to finish leaves the rest
 * unfinished. Bounded by `ms` of wall time.
 */
export async function stepUntil(child: ChildProcess, check: () => boolean | Promise<boolean>, what: string, sliceMs = 15, ms = 120_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    child.kill('SIGCONT');
    await new Promise((r) => setTimeout(r, sliceMs));
    child.kill('SIGSTOP');
  }
}
