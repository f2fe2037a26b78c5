/**
 * pdfjs-dist's legacy build installs core-js polyfills over Array.prototype.push, JSON.parse and
 * JSON.stringify for the whole process (they were ~20 % of PDF extraction time and slow every
 * JSON response of the service). The engine loads pdf.js through pdf/pdfjs.ts, which puts V8's
 * own functions back. Checked in a fresh Node process (test files may share one), through a real
 * conversion of a generated statement, by behaviour that tells the two apart:
 * - core-js's push throws on a frozen length even with nothing to push; V8's does not;
 * - core-js's JSON.parse gives revivers the source text (a proposal Node 20 lacks).
 * Also: pdf.js's text chunks cross the in-thread port uncloned and arrive whole (every
 * transaction of the statement is read).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

const SCRIPT = `
const probe = () => {
  let pushThrows = false;
  try { Object.defineProperty([], 'length', { writable: false }).push(); } catch { pushThrows = true; }
  return { pushThrows, parseSource: JSON.parse('12', (k, v, ctx) => ctx?.source ?? 'none') };
};
const before = probe();
const { convertDocument } = await import('./src/engine/index.ts');
const { defaultConversionOptions } = await import('./src/contract/api/conversion-options.ts');
const { makeStatementSpec, renderStatementPdf } = await import('./test/fixtures/generator/index.ts');
const { restoredBuiltins } = await import('./src/engine/pdf/pdfjs.ts');
const pdf = await renderStatementPdf(makeStatementSpec({ seed: 7, layout: 'chase' }));
const doc = await convertDocument({ fileName: 'a.pdf', bytes: pdf.bytes, options: defaultConversionOptions() });
const txns = doc.statements.reduce((n, s) => n + s.transactions.length, 0);
const truth = pdf.truth.reduce((n, s) => n + s.transactions.length, 0);
console.log(JSON.stringify({ before, after: probe(), restoredBuiltins, txns, truth, worker: typeof globalThis.pdfjsWorker?.WorkerMessageHandler, maps: process.sourceMapsEnabled }));
`;

describe('pdf.js loading', () => {
  it('leaves V8 built-ins in place after a real PDF conversion', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT], { cwd: process.cwd() });
    const out = JSON.parse(stdout.trim().split('\n').pop()!);
    expect(out.txns).toBeGreaterThan(0);
    expect(out.txns).toBe(out.truth);
    expect(out.before).toEqual({ pushThrows: false, parseSource: 'none' });
    expect(out.after).toEqual({ pushThrows: false, parseSource: 'none' });
    expect(out.restoredBuiltins).toEqual(['Array.prototype.push', 'JSON.parse', 'JSON.stringify']);
    // The in-thread worker is the module loaded with the natives saved, not a second import.
    expect(out.worker).toBe('function');
    // Source maps are off only while pdf.js loads; tsx's stay on for our own code.
    expect(out.maps).toBe(true);
  });
});
