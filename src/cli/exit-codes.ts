/**
 * The exit codes of every `ledgerdrop` command (README, "Exit codes"). Each failure also writes
 * one line to stderr: `ledgerdrop COMMAND: what happened: what to do`.
 */
export const EXIT = {
  /** Everything asked for was done. */
  OK: 0,
  /** A file was read but did not convert (its file_status item on stdout says why); the others still did. */
  CONVERSION_FAILED: 1,
  /** Bad usage: unknown command or option, a missing or invalid value. */
  USAGE: 2,
  /** An input named on the command line (a file, a folder, --config, --data) cannot be read or used. */
  UNREADABLE_INPUT: 3,
  /** The service at --service could not be reached for intake's --offline-limit seconds in a row (its files stay queued). */
  SERVICE_UNREACHABLE: 4,
  /** The program is not built, or its build is older than its sources (bin/built.mjs). */
  NOT_BUILT: 5,
  /** A bug: an error nothing above explains. */
  INTERNAL: 70,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];
