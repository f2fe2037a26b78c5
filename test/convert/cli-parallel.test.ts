/**
 * Several files of one `ledgerdrop convert` command convert on several threads (this one and
 * pool workers): same documents as one thread alone, in the order given, a bad file an error of its own.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertAll, usableCores } from '../../src/cli/convert-parallel.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { makeStatementSpec, writeSpec } from '../fixtures/generator/index.js';

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

const summary = (c: Awaited<ReturnType<typeof convertAll>>[number]) =>
  'error' in c ? c.error : c.doc.statements.map((s) => [s.accountNumber, s.startBalance, s.endBalance, s.transactions.map((t) => [t.date, t.amount, t.description])]);

describe('convertAll', () => {
  it('gives on three threads what one thread gives, in order, with the bad file its own error', async () => {
    const options = defaultConversionOptions();
    const one = await convertAll(files, options, 1);
    const three = await convertAll(files, options, 3);
    expect(three.map(summary)).toEqual(one.map(summary));
    expect(three.map((c) => 'error' in c)).toEqual([false, true, false, false]);
    expect((three[1] as { error: string }).error).toMatch(/notes\.pdf: not a PDF file/);
    expect(three.every((c) => 'error' in c || c.doc.statements.some((s) => s.transactions.length > 5))).toBe(true);
  });

  it('starts helper threads only on idle cores: none when the load already fills the machine', () => {
    expect(usableCores(2, 0.1)).toBe(2);
    expect(usableCores(2, 0.8)).toBe(1);
    expect(usableCores(2, 16)).toBe(1);
    expect(usableCores(8, 2.2)).toBe(6);
    expect(usableCores(8, 0)).toBe(8);
    expect(usableCores(1, 0)).toBe(1);
  });
});
