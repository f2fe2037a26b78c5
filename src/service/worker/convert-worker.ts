/**
 * The conversion pool's worker-thread entry as plain JavaScript: electron-vite bundles it to
 * out/main/convert-worker.js beside the engine, and pool.ts hands that file to piscina when it
 * exists (no TypeScript or tsx at run time in the desktop app). Source runs (CLI, vitest) reach
 * this same module through bootstrap.mjs, which registers tsx first.
 */
import convertTask, { warm } from './convert-task.js';

// Compiles the rulebook's patterns before the first task arrives (see warm()).
await warm();

export default convertTask;
