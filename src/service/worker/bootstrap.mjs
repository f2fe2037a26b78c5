// Worker-thread entry of the conversion pool: registers tsx in this thread, then loads the
// TypeScript task. Plain .mjs so it works the same under the CLI (tsx) and under vitest.
import { register } from 'tsx/esm/api';

register();
const task = await import(new URL('./convert-task.ts', import.meta.url).href);
await task.warm();
export default task.default;
