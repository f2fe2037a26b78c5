/**
 * `ledgerdrop <command>`: each command lives in its own file and exports
 * `run(args: string[]): Promise<number>` (the exit code).
 */
const COMMANDS: Record<string, { summary: string; load: () => Promise<{ run(args: string[]): Promise<number> }> }> = {
  serve: { summary: 'serve [--host H] [--port P] [--data DIR]   standalone service', load: () => import('./serve.js') },
  accounts: { summary: 'accounts add USER --password P --product X [--conversions N] [--features a,b] [--data DIR]', load: () => import('./accounts.js') },
  convert: { summary: 'convert FILE… [--accounttype T] [--eu-dates] [--scorecard] [--csv]   offline one-shot conversion', load: () => import('./convert.js') },
  intake: { summary: 'intake --service URL --user U --password P --product X --app APP [--watch DIR] [--data DIR] [FILE…]', load: () => import('./intake.js') },
};

export function usage(): string {
  return ['usage: ledgerdrop <command> …', ...Object.values(COMMANDS).map((c) => `  ledgerdrop ${c.summary}`)].join('\n');
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    console.log(usage());
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    console.error(`ledgerdrop: unknown command "${name}"\n${usage()}`);
    return 2;
  }
  const mod = await command.load();
  return mod.run(args);
}
