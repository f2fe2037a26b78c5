'use strict';
/**
 * The file piscina gives each conversion worker thread. piscina loads its `filename` with
 * `require()` first and only falls back to `import()`; for an ES module that `require()` takes
 * Node's require(esm) path, which refuses graphs with top-level await (the engine's worker entry
 * has one) and on Node 20 can abort the whole process (`v8::Module::IsGraphAsync … must be used
 * on an instantiated module`) when the graph is not instantiated yet. This file is CommonJS, so
 * piscina's `require()` is an ordinary one, and the ES module entry (workerData.entry, chosen by
 * pool.ts) is loaded with `import()`, the loader made for asynchronous graphs.
 *
 * A convert-only thread of the built command gets workerData.cachedBundle instead: the CommonJS
 * bundle run through code-cache.cjs (beside that bundle in build/), which keeps V8's compiled code
 * between runs. Its cache, when this run had none to use, is written once the thread's first
 * task is done, so the code that task ran is in it.
 */
const { workerData } = require('node:worker_threads');

const entry = workerData && typeof workerData.entry === 'string' ? workerData.entry : null;
const bundle = workerData && typeof workerData.cachedBundle === 'string' ? workerData.cachedBundle : null;
let saveCache = null;
// Starts loading at once, so the engine warms up while the thread waits for its first task.
const loaded = bundle
  ? Promise.resolve().then(() => {
      // code-cache.cjs is built beside the bundle (build/); the desktop's loader never gets here.
      const { load } = require(require('node:path').join(require('node:path').dirname(bundle), 'code-cache.cjs'));
      const run = load(bundle);
      saveCache = run.save;
      return run.exports;
    })
  : entry
    ? import(entry)
    : Promise.reject(new Error('conversion worker started without workerData.entry (the ES module to load)'));
// A failed load is reported with each task (below), never as an unhandled rejection that
// would kill the thread before it can answer.
loaded.catch(() => undefined);

module.exports = async function convertInWorker(task) {
  const mod = await loaded;
  try {
    return await mod.default(task);
  } finally {
    const save = saveCache;
    saveCache = null;
    save?.();
  }
};
