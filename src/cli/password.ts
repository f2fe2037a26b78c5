/**
 * Where a CLI command gets a password without it showing in the process list (`ps`, shell
 * history): `--password-stdin` reads the first line of standard input; with no password flag
 * at all and a terminal, the command asks for it without echo. `--password P` still works for
 * old scripts, with a warning on stderr.
 */
import { UsageError } from './args.js';

/** Longest password read from stdin (a bound, not a policy). */
const MAX_PASSWORD_BYTES = 4096;

export async function readPasswordFromStdin(stdin: NodeJS.ReadableStream = process.stdin): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    chunks.push(b);
    size += b.length;
    const text = Buffer.concat(chunks).toString('utf8');
    if (text.includes('\n')) break;
    if (size > MAX_PASSWORD_BYTES) throw new UsageError(`--password-stdin: the password is longer than ${MAX_PASSWORD_BYTES} bytes`);
  }
  const line = Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
  if (!line) throw new UsageError('--password-stdin: standard input held no password (one line expected)');
  return line;
}

/** Asks on the terminal with echo off. */
export async function promptPassword(prompt: string): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) throw new UsageError('no password given: use --password-stdin (e.g. `printf %s "$PW" | ledgerdrop …`) or run in a terminal to be asked');
  process.stderr.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  try {
    return await new Promise<string>((resolve, reject) => {
      let text = '';
      const onData = (d: Buffer) => {
        for (const ch of d.toString('utf8')) {
          if (ch === '\r' || ch === '\n') { stdin.off('data', onData); process.stderr.write('\n'); resolve(text); return; }
          if (ch === '\u0003') { stdin.off('data', onData); reject(new UsageError('cancelled')); return; }
          if (ch === '\u007f' || ch === '\b') text = text.slice(0, -1);
          else if (text.length < MAX_PASSWORD_BYTES) text += ch;
        }
      };
      stdin.on('data', onData);
    });
  } finally {
    stdin.setRawMode(false);
    stdin.pause();
  }
}

/** The password from --password-stdin, --password (warned), or a prompt. */
export async function passwordFrom(flags: Record<string, string | boolean | undefined>, command: string): Promise<string> {
  if (flags['password-stdin'] === true) {
    if (typeof flags.password === 'string') throw new UsageError('give --password or --password-stdin, not both');
    return readPasswordFromStdin();
  }
  if (typeof flags.password === 'string') {
    if (!flags.password) throw new UsageError('--password must not be empty');
    process.stderr.write(`ledgerdrop ${command}: warning: --password is visible to other users in the process list; prefer --password-stdin\n`);
    return flags.password;
  }
  const pw = await promptPassword('Password: ');
  if (!pw) throw new UsageError('the password must not be empty');
  return pw;
}
