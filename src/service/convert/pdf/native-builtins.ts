/**
 * The V8 built-ins that pdfjs-dist's legacy build replaces with core-js polyfills when it is
 * loaded (Array.prototype.push, JSON.parse, JSON.stringify: Node 20 fails core-js's edge-case
 * feature tests, so the whole process gets the slower JavaScript versions). Captured here,
 * before pdf.js is evaluated; `pdfjs.ts` imports this module first and puts them back.
 */
const saved = {
  push: Array.prototype.push,
  parse: JSON.parse,
  stringify: JSON.stringify,
};

/** Puts back the built-ins captured before pdf.js loaded; returns the names that had been replaced. */
export function restoreNativeBuiltins(): string[] {
  const replaced: string[] = [];
  if (Array.prototype.push !== saved.push) {
    replaced.push('Array.prototype.push');
    Object.defineProperty(Array.prototype, 'push', { value: saved.push, writable: true, configurable: true, enumerable: false });
  }
  if (JSON.parse !== saved.parse) {
    replaced.push('JSON.parse');
    Object.defineProperty(JSON, 'parse', { value: saved.parse, writable: true, configurable: true, enumerable: false });
  }
  if (JSON.stringify !== saved.stringify) {
    replaced.push('JSON.stringify');
    Object.defineProperty(JSON, 'stringify', { value: saved.stringify, writable: true, configurable: true, enumerable: false });
  }
  return replaced;
}
