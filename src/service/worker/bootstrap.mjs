// Worker-thread entry of the conversion pool for source runs (CLI through tsx, vitest): registers
// tsx in this thread, then loads the TypeScript entry. Plain .mjs so it works the same under both.
// The desktop bundle uses out/main/convert-worker.js instead (see pool.ts), which needs no tsx.
import { register } from 'tsx/esm/api';

register();
const entry = await import(new URL('./convert-worker.ts', import.meta.url).href);
export default entry.default;
