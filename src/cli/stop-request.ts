/**
 * When a long-running command (`ledgerdrop serve`, `npm run web`) must stop: SIGINT, SIGTERM, or
 * the process that started it going away. The last matters because `npm run` and `npx` start
 * commands through `sh -c`, which dies of the SIGTERM npm passes on without handing it to its
 * child: the command would keep its server and engine running, orphaned. It notices within
 * half a second by its parent process id changing.
 */
export function onStopRequest(stop: (reason: string) => void): () => void {
  const parent = process.ppid;
  let asked = false;
  const once = (reason: string) => {
    if (asked) {
      // A second Ctrl-C while closing: the user wants out now.
      if (reason === 'SIGINT') process.exit(130);
      return;
    }
    asked = true;
    stop(reason);
  };
  const onInt = () => once('SIGINT');
  const onTerm = () => once('SIGTERM');
  process.on('SIGINT', onInt);
  process.on('SIGTERM', onTerm);
  const timer = setInterval(() => { if (process.ppid !== parent) once('parent process gone'); }, 500);
  timer.unref();
  return () => {
    process.off('SIGINT', onInt);
    process.off('SIGTERM', onTerm);
    clearInterval(timer);
  };
}
