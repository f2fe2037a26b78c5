/**
 * A small, strict argument parser for the CLI: `--name value`, `--name=value`, boolean flags,
 * and positionals. Unknown flags are an error so a typo never silently does the wrong thing.
 */
export interface ArgSpec {
  strings?: string[];
  booleans?: string[];
}

export interface ParsedArgs {
  flags: Record<string, string | boolean | undefined>;
  positionals: string[];
}

export class UsageError extends Error {}

export function parseArgs(argv: string[], spec: ArgSpec): ParsedArgs {
  const strings = new Set(spec.strings ?? []);
  const booleans = new Set(spec.booleans ?? []);
  const flags: ParsedArgs['flags'] = {};
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') { positionals.push(...argv.slice(i + 1)); break; }
    if (!arg.startsWith('--')) { positionals.push(arg); continue; }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    if (booleans.has(name)) {
      flags[name] = eq === -1 ? true : !['false', '0', 'no'].includes(arg.slice(eq + 1));
    } else if (strings.has(name)) {
      const value = eq === -1 ? argv[++i] : arg.slice(eq + 1);
      if (value === undefined || (eq === -1 && value.startsWith('--'))) throw new UsageError(`--${name} needs a value`);
      flags[name] = value;
    } else {
      throw new UsageError(`unknown option --${name}`);
    }
  }
  return { flags, positionals };
}
