/**
 * The one place the PDF engine loads pdf.js (pdfjs-dist's legacy build, for Node). Three costs
 * of a plain `import` are avoided here, measured on a 50-page statement (bench/convert.bench.ts):
 * - The build's core-js polyfills replace V8's Array.prototype.push, JSON.parse and
 *   JSON.stringify for the whole process (Node 20 fails core-js's edge-case tests): the
 *   JavaScript push alone was ~20 % of extraction time. They are captured before pdf.js
 *   runs and put back right after.
 * - Under tsx (the CLI, the service, tests) an `import` sends the 9 MB of pdf.js through tsx's
 *   loader, which keeps a transformed copy and a source map (+260 MB RSS, +50 MB heap). It
 *   is loaded with `require()` instead (Node ≥ 20.19 loads ES modules that way, natively),
 *   with source maps off meanwhile so Node does not parse pdf.js's 8 MB of maps.
 * - The worker module is loaded here and served in this thread over an InThreadPort
 *   (inThreadWorker), instead of pdf.js importing it again on the first document.
 * Other code that needs pdf.js imports it from here.
 */
import { createRequire } from 'node:module';
import type * as PdfjsApi from 'pdfjs-dist/legacy/build/pdf.mjs';
import type * as PdfjsWorkerApi from 'pdfjs-dist/legacy/build/pdf.worker.mjs';
import { InThreadPort } from './in-thread-port.js';

const requireHere = createRequire(import.meta.url); // not `require`: the Electron bundle declares its own (electron-vite ESM shim)

function loadPdfjs(): { api: typeof PdfjsApi; worker: typeof PdfjsWorkerApi; restored: string[] } {
  const saved = { push: Array.prototype.push, parse: JSON.parse, stringify: JSON.stringify };
  const maps = process.sourceMapsEnabled;
  if (maps) process.setSourceMapsEnabled(false);
  const response = standInForResponse();
  try {
    const api = requireHere('pdfjs-dist/legacy/build/pdf.mjs') as typeof PdfjsApi;
    const worker = requireHere('pdfjs-dist/legacy/build/pdf.worker.mjs') as typeof PdfjsWorkerApi;
    return { api, worker, restored: restoreBuiltins(saved) };
  } finally {
    response?.restore();
    if (maps) process.setSourceMapsEnabled(true);
  }
}

/**
 * pdf.js reads `Response.prototype.bytes` as it loads (to add it when missing), and Node's
 * `Response` is a lazy global whose first read loads fetch's whole HTTP stack (undici, http,
 * http2, tls, crypto: ~30 ms of CPU at every start). The engine never fetches: while pdf.js
 * loads, `Response` is a stand-in that already has `bytes`, and Node's own lazy global is put
 * back afterwards. Node ≥ 20.19's Response has `bytes`, so pdf.js would not have changed it.
 * null when `Response` is not Node's lazy getter (already loaded, or not Node): nothing to do.
 */
function standInForResponse(): { restore(): void } | null {
  const own = Object.getOwnPropertyDescriptor(globalThis, 'Response');
  if (!own?.get || !own.configurable) return null;
  Object.defineProperty(globalThis, 'Response', { value: { prototype: { bytes() { /* never called */ } } }, configurable: true, writable: true });
  return { restore: () => Object.defineProperty(globalThis, 'Response', own) };
}

/** Puts back the built-ins captured before pdf.js loaded; returns the names that had been replaced. */
function restoreBuiltins(saved: { push: typeof Array.prototype.push; parse: typeof JSON.parse; stringify: typeof JSON.stringify }): string[] {
  const replaced: string[] = [];
  const put = (name: string, owner: object, key: string, value: unknown) => {
    if ((owner as Record<string, unknown>)[key] === value) return;
    replaced.push(name);
    Object.defineProperty(owner, key, { value, writable: true, configurable: true, enumerable: false });
  };
  put('Array.prototype.push', Array.prototype, 'push', saved.push);
  put('JSON.parse', JSON, 'parse', saved.parse);
  put('JSON.stringify', JSON, 'stringify', saved.stringify);
  return replaced;
}

const loaded = loadPdfjs();

/** pdf.js's API (the legacy build's exports). */
export const pdfjs = loaded.api;
/** Built-ins the polyfills had replaced and that were put back (empty if pdf.js was loaded earlier elsewhere). */
export const restoredBuiltins = loaded.restored;

const g = globalThis as { pdfjsWorker?: unknown };
// pdf.js's own in-thread "fake worker" (used when no worker is passed) takes this one too.
g.pdfjsWorker ??= loaded.worker;

/**
 * A pdf.js worker for one document, served in this thread over an InThreadPort (text chunks
 * passed without a structured clone). Pass `worker` to getDocument; call `close()` after the
 * document is destroyed (pdf.js leaves workers it was given to their owner).
 */
export function inThreadWorker(): { worker: PdfjsApi.PDFWorker; port: InThreadPort; close(): void } {
  const port = new InThreadPort();
  loaded.worker.WorkerMessageHandler.initializeFromPort(port);
  const worker = new pdfjs.PDFWorker({ port: port as never, verbosity: 0 });
  return { worker, port, close() { worker.destroy(); port.terminate(); } };
}
