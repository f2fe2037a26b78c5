// Shared by the launchers in bin/: makes sure build/ (bin/build.mjs, run by `npm ci`) exists
// and, in a checkout, is not older than the sources it was made from. Kept free of esbuild so
// the check costs about a millisecond.
import { changedSince, newestSource, root, src } from './source-times.mjs';

// Builtins without ES facades: see source-times.mjs.
const { existsSync, readFileSync } = process.getBuiltinModule('node:fs');
const path = process.getBuiltinModule('node:path');

/** Exit code of a program that is not ready to run (src/cli/exit-codes.ts, NOT_BUILT). */
export const NOT_BUILT = 5;

/**
 * The built file's path, or an exit with one line on stderr saying what to run. `inputs`: which
 * of the build's recorded source lists decides freshness ('convert': the files the convert
 * bundles were made from; 'all': every bundle's); a stamp without lists walks all of src/.
 */
export function builtFile(name, command, inputs = 'all') {
  const stampFile = path.join(root, 'build', '.stamp');
  if (!existsSync(stampFile)) {
    process.stderr.write(`${command}: the program is not built (build/ is missing): run \`npm run build\` (npm ci does it)\n`);
    process.exit(NOT_BUILT);
  }
  if (existsSync(src)) {
    const stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
    const files = stamp.inputs?.[inputs];
    if (Array.isArray(files) ? changedSince(files, stamp.sourcesAt) : newestSource() > stamp.sourcesAt) {
      process.stderr.write(`${command}: src/ changed since build/ was made: run \`npm run build\`\n`);
      process.exit(NOT_BUILT);
    }
  }
  return path.join(root, 'build', name);
}
