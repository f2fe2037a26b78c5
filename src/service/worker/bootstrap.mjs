// The conversion worker's ES module entry for source runs (CLI through tsx, vitest): registers
// tsx in this thread, then loads the TypeScript entry. Plain .mjs so it works the same under both.
// Reached only through worker-loader.cjs's import(), never require() (top-level await below).
// Built runs use convert-worker.js beside the built pool instead (see pool.ts), which needs no tsx.
import { register } from 'tsx/esm/api';

register();
const entry = await import(new URL('./convert-worker.ts', import.meta.url).href);
export default entry.default;
