/**
 * Several files of one `ledgerdrop convert` command convert on several threads (this one and
 * pool workers): same documents as one thread alone, in the order given, a bad file an error of
 * its own; how many threads depends on the command (--threads, the files, the cores), never on the load.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertAll, MAX_THREADS, MIN_FILES_FOR_WORKERS, threadsFor } from '../../src/cli/convert-parallel.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { makeStatementSpec, writeSpec } from '../fixtures/generator/index.js';
import { ConversionPool } from '../../src/service/worker/pool.js';

let dir: string;
let files: string[];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ledgerdrop-parallel-'));
  files = [];
  for (const [i, layout] of (['chase', 'pnc', 'ukcurrent'] as const).entries()) files.push((await writeSpec(dir, `s${i}`, makeStatementSpec({ seed: 40 + i, layout }))).pdf);
  const bad = path.join(dir, 'notes.pdf');
  await writeFile(bad, 'not a pdf at all');
  files.splice(1, 0, bad);
});
afterAll(async () => { await rm(dir, { recursive: true, force: true }); });

const summary = (c: Awaited<ReturnType<typeof convertAll>>['files'][number]) =>
  'error' in c ? c.error : c.doc.statements.map((s) => [s.accountNumber, s.startBalance, s.endBalance, s.transactions.map((t) => [t.date, t.amount, t.description])]);

describe('convertAll', () => {
  it('gives on three threads what one thread gives, in order, with the bad file its own error', async () => {
    const options = defaultConversionOptions();
    const oneRun = await convertAll(files, options, 1);
    const threeRun = await convertAll(files, options, 3);
    expect([oneRun.threads, threeRun.threads]).toEqual([1, 3]);
    const one = oneRun.files, three = threeRun.files;
    expect(three.map(summary)).toEqual(one.map(summary));
    expect(three.map((c) => 'error' in c)).toEqual([false, true, false, false]);
    expect((three[1] as { error: string }).error).toMatch(/notes\.pdf: not a PDF file/);
    expect(three.every((c) => 'error' in c || c.doc.statements.some((s) => s.transactions.length > 5))).toBe(true);
  });

  it('a command\'s thread (convert only) converts without fraud signals or classes, and still reads them for a task that asks', async () => {
    const pool = new ConversionPool(1, 4, { convertOnly: true });
    try {
      const task = { fileName: 's0.pdf', path: files[0]!, options: defaultConversionOptions() };
      const bare = await pool.run({ ...task, fraud: false, classify: false });
      // What the service's threads give, loaded on demand: fraud signals and a class for every transaction.
      const full = await pool.run(task);
      if (!bare.ok || !full.ok) throw new Error('conversion failed');
      expect([bare.fraud, bare.classes]).toEqual([null, []]);
      expect(full.doc.statements).toEqual(bare.doc.statements);
      expect(full.fraud).toBeTruthy();
      expect(full.classes.map((c) => c.length)).toEqual(full.doc.statements.map((st) => st.transactions.length));
    } finally {
      await pool.close();
    }
  }, 120_000);

  it('never starts more threads than files', async () => {
    const r = await convertAll(files.slice(0, 2), defaultConversionOptions(), 4);
    expect(r.threads).toBe(2);
    expect(r.files.map((c) => 'error' in c)).toEqual([false, true]);
  });

  it('uses one thread per core from a few files on, one below that, and --threads as asked (at most one per file)', () => {
    expect(MIN_FILES_FOR_WORKERS).toBe(4);
    expect(threadsFor(3, 8)).toBe(1);
    expect(threadsFor(4, 2)).toBe(2);
    expect(threadsFor(4, 8)).toBe(4);
    expect(threadsFor(48, 2)).toBe(2);
    expect(threadsFor(48, 1)).toBe(1);
    expect(threadsFor(3, 8, 2)).toBe(2);
    expect(threadsFor(48, 2, 1)).toBe(1);
    expect(threadsFor(48, 2, 6)).toBe(6);
    expect(threadsFor(2, 2, 6)).toBe(2);
    for (const bad of [0, -1, 1.5, MAX_THREADS + 1, Number.NaN]) expect(() => threadsFor(10, 2, bad)).toThrow(/threads must be a whole number from 1 to 32/);
  });
});
