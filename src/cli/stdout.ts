import { writeSync } from 'node:fs';

/**
 * Writes a command's whole result to stdout (fd 1) synchronously. `process.stdout` is made on
 * first use, and for a pipe that means a net.Socket with its stream machinery: ~3–6 ms of a
 * `ledgerdrop convert` start that prints one JSON document and exits. Ordering with stderr is
 * unchanged (both synchronous). Where fd 1 will not take a blocking write (EAGAIN: a
 * non-blocking descriptor shared with a parent) or fails otherwise, what is left goes through
 * `process.stdout` as before, which reports a failure as it always did.
 */
export function writeStdout(text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  let at = 0;
  try {
    // Bounded: each write takes at least one byte or throws.
    while (at < bytes.length) at += writeSync(1, bytes, at, bytes.length - at);
  } catch {
    process.stdout.write(bytes.subarray(at));
  }
}
