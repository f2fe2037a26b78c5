/**
 * `ledgerdrop convert` alone, as bin/ledgerdrop.mjs runs it from the code-cached CommonJS bundle
 * (bin/build.mjs → build/convert-cli.cjs, loaded by build/code-cache.cjs): the same as
 * index.ts's `main(['convert', …args])`, without the other commands in the bundle.
 */
import { run } from './convert.js';
import { exitFor } from './errors.js';

export async function main(args: string[]): Promise<number> {
  try {
    return await run(args);
  } catch (err) {
    return exitFor('convert', err);
  }
}
