/**
 * The entry of `ledgerdrop convert`'s conversion threads in the build: bundled as CommonJS
 * (bin/build.mjs → build/convert-only-worker.cjs) so worker-loader.cjs can run it with a V8 code
 * cache (code-cache.cjs). What convert-worker.ts does in a convert-only thread: no fraud readers,
 * no results task, no rulebook warm-up as it starts (each loads if a task asks for it).
 */
export { default } from './task-dispatch.js';
