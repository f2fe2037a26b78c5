/**
 * What a `ledgerdrop` command loads: pdf.js (~200 ms of CPU; only for a PDF the fast reader
 * leaves to it), pdf-lib (~250 ms), tesseract.js, utif and piscina are loaded on the paths that
 * need them, not with the program. The built
 * command (made fresh by the test run's global setup) runs under a preload that lists every
 * CommonJS file and every require()d ES module it loads (pdf.js is loaded with require()).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const run = promisify(execFile);
const HEAVY = ['pdfjs-dist', 'pdf-lib', 'tesseract.js', 'utif', 'piscina'] as const;

// Prints, at exit, the packages of node_modules whose files went through the '.js' handler
// (CommonJS, and ES modules loaded with require(): Node 20 sends .mjs/.cjs there too), and
// node:http2 when fetch's HTTP stack was loaded (pdf.js reads the lazy global Response).
const preload = `
const Module = require('node:module');
const seen = new Set();
const js = Module._extensions['.js'];
Module._extensions['.js'] = function (module, filename) {
  const m = /node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(filename);
  if (m) seen.add(m[1]);
  return js.call(this, module, filename);
};
process.on('exit', () => {
  if (process.moduleLoadList.some((m) => m === 'NativeModule http2')) seen.add('node:http2');
  // Node's own modules a one-file start need not pay (docs/performance.md, "Ninth session").
  for (const [m, name] of [['NativeModule internal/webstreams/compression', 'node:webstreams'], ['NativeModule os', 'node:os'], ['NativeModule net', 'node:net'], ['NativeModule internal/fs/streams', 'node:fs-streams'], ['NativeModule crypto', 'node:crypto']]) {
    if (process.moduleLoadList.includes(m)) seen.add(name);
  }
  process._rawDebug('LOADED ' + JSON.stringify([...seen]));
});
`;

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ledgerdrop-lazy-'));
  await writeFile(path.join(dir, 'preload.cjs'), preload);
  await writeFile(path.join(dir, 'activity.csv'), 'Date,Description,Amount,Balance\n2025-04-01,RENT,-1000.00,4000.00\n2025-04-02,SALES,2500.00,6500.00\n');
});
afterAll(async () => { await rm(dir, { recursive: true, force: true }); });

async function loaded(args: string[]): Promise<{ packages: string[]; stdout: string }> {
  const r = await run(process.execPath, ['--require', path.join(dir, 'preload.cjs'), path.join(ROOT, 'bin/ledgerdrop.mjs'), ...args], { cwd: ROOT, maxBuffer: 16 << 20 })
    .catch((err: { stdout: string; stderr: string }) => err);
  const line = r.stderr.split('\n').find((l) => l.startsWith('LOADED '));
  expect(line, r.stderr).toBeTruthy();
  return { packages: JSON.parse(line!.slice('LOADED '.length)) as string[], stdout: r.stdout };
}

describe('what a command loads', () => {
  it('--help loads none of the heavy packages', async () => {
    const { packages, stdout } = await loaded(['--help']);
    expect(stdout).toMatch(/usage: ledgerdrop/);
    for (const p of HEAVY) expect(packages).not.toContain(p);
  });

  it('a CSV conversion reads its transactions without pdf.js, pdf-lib, OCR or the worker pool', async () => {
    const { packages, stdout } = await loaded(['convert', path.join(dir, 'activity.csv')]);
    const out = JSON.parse(stdout) as { statement_summaries: unknown[] };
    expect(out.statement_summaries.length).toBe(1);
    for (const p of HEAVY) expect(packages).not.toContain(p);
  });

  it('one PDF statement the fast reader reads loads none of them: not pdf.js, pdf-lib (no form), OCR (every page has text) or the pool (one file)', async () => {
    const { packages, stdout } = await loaded(['convert', path.join(ROOT, 'assets/samples/chase-business-checking.pdf')]);
    const out = JSON.parse(stdout) as { file_status: { reconciled: boolean }[] };
    expect(out.file_status.length).toBeGreaterThan(0);
    for (const p of HEAVY) expect(packages).not.toContain(p);
    expect(packages).not.toContain('node:http2');
    // Nor the native canvas (OCR's images): ~15 ms of CPU at start.
    expect(packages).not.toContain('@napi-rs/canvas');
    // Nor, of Node's own: web streams (Node's DecompressionStream, only pdf.js uses it), node:os
    // (the core count matters from 4 files on), the socket behind process.stdout on a pipe (the
    // result is written to fd 1 directly), fs streams (the launcher's ES import of node:fs did),
    // node:crypto (only an encrypted file's decryption needs it).
    for (const m of ['node:webstreams', 'node:os', 'node:net', 'node:fs-streams', 'node:crypto']) expect(packages).not.toContain(m);
  });

  it('a text PDF that reads into no statement and holds a picture is checked for another program\'s OCR layer without pdf-lib', async () => {
    // The check (src/engine/ocr/ocr-layer.ts) reads the page with the fast reader's parser.
    const content = 'q 100 0 0 40 40 740 cm /Im0 Do Q BT /F1 10 Tf 40 700 Td (Hello from a letter, not a statement) Tj ET';
    const objects = [
      '<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> /XObject << /Im0 6 0 R >> >> /Contents 4 0 R >>',
      `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
      '<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length 1 >>\nstream\n\x80\nendstream',
    ];
    let body = '%PDF-1.7\n';
    const offsets = objects.map((o, i) => { const at = body.length; body += `${i + 1} 0 obj\n${o}\nendobj\n`; return at; });
    const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
    body += `${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${body.length}\n%%EOF\n`;
    await writeFile(path.join(dir, 'letter.pdf'), Buffer.from(body, 'latin1'));
    const { packages } = await loaded(['convert', path.join(dir, 'letter.pdf')]);
    for (const p of HEAVY) expect(packages).not.toContain(p);
  });

  it('a PDF the fast reader leaves to pdf.js loads pdf.js, without fetch\'s HTTP stack', async () => {
    // A content stream under RunLengthDecode, which only pdf.js reads (src/engine/pdf/fast/).
    const content = Buffer.from('BT /F1 10 Tf 40 700 Td (Opening balance 10.00) Tj ET', 'latin1');
    const objects = [
      '<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
      `<< /Filter /RunLengthDecode /Length ${content.length + 2} >>\nstream\n${String.fromCharCode(content.length - 1)}${content.toString('latin1')}\x80\nendstream`,
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    ];
    let body = '%PDF-1.7\n';
    const offsets = objects.map((o, i) => { const at = body.length; body += `${i + 1} 0 obj\n${o}\nendobj\n`; return at; });
    const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
    body += `${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${body.length}\n%%EOF\n`;
    await writeFile(path.join(dir, 'run-length.pdf'), Buffer.from(body, 'latin1'));
    const { packages } = await loaded(['convert', path.join(dir, 'run-length.pdf')]);
    expect(packages).toContain('pdfjs-dist');
    for (const p of ['pdf-lib', 'tesseract.js', 'utif', 'piscina']) expect(packages).not.toContain(p);
    // pdf.js loaded with a stand-in Response (src/engine/pdf/pdfjs.ts): no fetch stack for an offline read.
    expect(packages).not.toContain('node:http2');
  });
});
