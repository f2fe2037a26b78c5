import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time of this process's threads so far, in ms, from Linux's per-thread scheduler figures
 * (/proc/self/task/TID/schedstat: nanoseconds on a CPU): `main` is the event-loop thread (its
 * thread id is the process id), `others` every other thread alive now (conversion and results
 * workers, libuv's pool, V8's helpers). Unlike wall time or the event loop's utilisation, it does
 * not count time spent waiting for a core, so it is the figure to compare on a busy machine.
 * Threads that ended since the last reading are not counted: compare readings of one steady
 * service. null where /proc has no such figures (not Linux).
 */
export function threadCpu(): { main: number; others: number } | null {
  try {
    let main = 0, others = 0;
    for (const tid of readdirSync('/proc/self/task')) {
      let ns: number;
      try { ns = Number(readFileSync(`/proc/self/task/${tid}/schedstat`, 'utf8').split(' ')[0]); } catch { continue; }
      if (Number(tid) === process.pid) main += ns / 1e6; else others += ns / 1e6;
    }
    return { main, others };
  } catch {
    return null;
  }
}
