import { EXIT, type ExitCode } from './exit-codes.js';
import { UsageError } from './args.js';

/** A failure the command explains: its exit code and one line saying what happened and what to do. */
export class CliError extends Error {
  constructor(readonly code: ExitCode, message: string) {
    super(message);
  }
}

/** Writes one line to stderr, `ledgerdrop COMMAND: message`, newlines folded so it stays one line. */
export function sayError(command: string, message: string): void {
  process.stderr.write(`ledgerdrop${command ? ` ${command}` : ''}: ${message.replace(/\s*\n\s*/g, ' ')}\n`);
}

/** The exit code for an error thrown by a command, after saying it on stderr. */
export function exitFor(command: string, err: unknown, usage?: string): ExitCode {
  if (err instanceof CliError) {
    sayError(command, err.message);
    return err.code;
  }
  if (err instanceof UsageError) {
    sayError(command, `${err.message}${usage ? ` (${usage})` : ''}`);
    return EXIT.USAGE;
  }
  const e = err as Error;
  sayError(command, `unexpected error: ${e?.message ?? String(err)}: this is a bug, please report it with the command you ran`);
  if (process.env.LEDGERDROP_DEBUG) console.error(e?.stack);
  return EXIT.INTERNAL;
}

/** Why a path given on the command line cannot be read, in words a user acts on; null when it can. */
export function unreadableReason(err: unknown): string {
  const code = (err as NodeJS.ErrnoException)?.code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'it is a folder, not a file';
  if (code === 'EEXIST' || code === 'ENOTDIR') return 'a file is in the way where a folder should be';
  return (err as Error)?.message ?? String(err);
}
