/**
 * The one place the PDF engine loads pdf.js. Import order matters and is the point of this file:
 * 1. native-builtins captures V8's Array.prototype.push / JSON.parse / JSON.stringify;
 * 2. the legacy build and its worker module load (their core-js polyfills replace those three
 *    process-wide: push became a JavaScript loop with `arguments`, ~20 % of extraction time);
 * 3. the natives go back, and the worker module is handed to pdf.js as `globalThis.pdfjsWorker`
 *    so its in-thread "fake worker" uses it directly instead of importing it (and polyfilling
 *    again) on the first getDocument.
 * Importing this module before any other pdfjs-dist import keeps the whole process on the natives.
 */
import { restoreNativeBuiltins } from './native-builtins.js';
import * as pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';
import * as pdfjsWorker from 'pdfjs-dist/legacy/build/pdf.worker.mjs';
import { InThreadPort } from './in-thread-port.js';

/** Built-ins the polyfills had replaced and that were put back (empty if pdf.js loaded earlier elsewhere). */
export const restoredBuiltins = restoreNativeBuiltins();

const g = globalThis as { pdfjsWorker?: unknown };
g.pdfjsWorker ??= pdfjsWorker;

export { pdfjs };

/**
 * A pdf.js worker for one document, served in this thread over an InThreadPort (text chunks
 * passed without a structured clone). Pass `worker` to getDocument; call `close()` after the
 * document is destroyed (pdf.js leaves workers it was given to their owner).
 */
export function inThreadWorker(): { worker: pdfjs.PDFWorker; port: InThreadPort; close(): void } {
  const port = new InThreadPort();
  pdfjsWorker.WorkerMessageHandler.initializeFromPort(port);
  const worker = new pdfjs.PDFWorker({ port: port as never, verbosity: 0 });
  return { worker, port, close() { worker.destroy(); port.terminate(); } };
}
