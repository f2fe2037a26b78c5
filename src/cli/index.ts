import { EXIT } from './exit-codes.js';
import { exitFor, sayError } from './errors.js';

/**
 * `ledgerdrop <command>`: each command lives in its own file and exports
 * `run(args: string[]): Promise<number>` (the exit code, src/cli/exit-codes.ts). A command
 * explains its own failures; anything it throws is said here in one line on stderr.
 */
const COMMANDS: Record<string, { summary: string; load: () => Promise<{ run(args: string[]): Promise<number> }> }> = {
  serve: { summary: 'serve [--host H] [--port P] [--data DIR]   standalone service', load: () => import('./serve.js') },
  accounts: { summary: 'accounts add USER --password-stdin|--password P --product X [--conversions N] [--features a,b] [--data DIR]', load: () => import('./accounts.js') },
  convert: { summary: 'convert FILE… [--accounttype T] [--eu-dates] [--scorecard] [--csv]   offline one-shot conversion', load: () => import('./convert.js') },
  intake: { summary: 'intake --service URL --user U --password-stdin|--password P --product X --app APP [--watch DIR] [--data DIR] [--offline-limit S] [FILE…]', load: () => import('./intake.js') },
};

export function usage(): string {
  return ['usage: ledgerdrop <command> …', ...Object.values(COMMANDS).map((c) => `  ledgerdrop ${c.summary}`)].join('\n');
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (name === '--help' || name === '-h' || name === 'help') {
    console.log(usage());
    return EXIT.OK;
  }
  if (!name) {
    sayError('', `no command given: run one of ${Object.keys(COMMANDS).join(', ')} (ledgerdrop --help lists them)`);
    return EXIT.USAGE;
  }
  const command = COMMANDS[name];
  if (!command) {
    sayError('', `unknown command "${name}": run one of ${Object.keys(COMMANDS).join(', ')} (ledgerdrop --help lists them)`);
    return EXIT.USAGE;
  }
  try {
    const mod = await command.load();
    return await mod.run(args);
  } catch (err) {
    return exitFor(name, err);
  }
}
