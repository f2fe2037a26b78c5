/**
 * When a long-running command (`ledgerdrop serve`, `npm run web`) must stop: SIGINT, SIGTERM, or
 * the process that started it going away. The last matters because `npm run` and `npx` start
 * commands through `sh -c`, which dies of the SIGTERM npm passes on without handing it to its
 * child: the command would keep its server and engine running, orphaned. It notices within
 * half a second by its parent process id changing.
 */
/**
 * The process that started this one, as it was when this module loaded (at the command's start):
 * read when a command asks to be told, after it started its server, a shell killed meanwhile had
 * already left this process to another parent, which never changed again, and the command ran on
 * orphaned (a shell killed right after "listening on …", seen under load in CI).
 */
const STARTED_BY = process.ppid;

export function onStopRequest(stop: (reason: string) => void): () => void {
  const parent = STARTED_BY;
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
  // Gone already (before the command asked): said at once, not half a second on.
  if (process.ppid !== parent) setImmediate(() => once('parent process gone'));
  timer.unref();
  return () => {
    process.off('SIGINT', onInt);
    process.off('SIGTERM', onTerm);
    clearInterval(timer);
  };
}
