/**
 * `ledgerdrop convert` as a user runs it: a real child process of bin/ledgerdrop.mjs, which runs
 * the built program (build/, made from the current sources by the test run's global setup), on
 * generated statement PDFs written to a temp dir; the output is the /uploadpdfs results object
 * (or CSV); failures are one line on stderr with a documented exit code.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileStatusSchema } from '../../src/contract/api/file-status.js';
import { makeStatementSpec, renderStatementPdf } from '../fixtures/generator/index.js';
import { handMtJsonFiles } from '../scorecard/hand-computed.js';
import { renderTaxForm } from '../fixtures/generator/forms/tax.js';

const run = promisify(execFile);
const bin = new URL('../../bin/ledgerdrop.mjs', import.meta.url).pathname;
let dir = '';
let pdfPath = '';
let truthCount = 0;

async function cli(args: string[], command = 'convert'): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const r = await run(process.execPath, [bin, ...(command ? [command] : []), ...args], { maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ledgerdrop-cli-'));
  const rendered = await renderStatementPdf(makeStatementSpec({ seed: 11, layout: 'chase', months: 2 }));
  truthCount = rendered.truth.reduce((n, s) => n + s.transactions.length, 0);
  pdfPath = join(dir, 'chase.pdf');
  await writeFile(pdfPath, rendered.bytes);
  await writeFile(join(dir, 'empty.pdf'), new Uint8Array(0));
});
afterAll(async () => { await rm(dir, { recursive: true, force: true }); });

describe('ledgerdrop convert', () => {
  it('prints the multi-file results object: file_status per statement, statement_summaries, appinfo, scorecard', async () => {
    const r = await cli([pdfPath, '--scorecard']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { file_status: unknown[]; statement_summaries: { reconciled: boolean }[]; appinfo: { totalstatements: number; totalstatements_reconciled: number }; scorecard: { _metadata: unknown } };
    expect(out.file_status).toHaveLength(2);
    for (const fs of out.file_status) {
      const parsed = FileStatusSchema.parse(fs);
      expect(parsed).toMatchObject({ fileName: 'chase.pdf', reconciled: true, bankName: 'JPMorgan Chase Bank, N.A.', producer: 'Ledgerdrop statement generator' });
    }
    const total = out.file_status.reduce((n: number, fs) => n + (fs as { numTransactions: number }).numTransactions, 0);
    expect(total).toBe(truthCount);
    expect(out.statement_summaries.map((s) => s.reconciled)).toEqual([true, true]);
    expect(out.appinfo).toMatchObject({ totalstatements: 2, totalstatements_reconciled: 2 });
    expect(out.scorecard._metadata).toBeDefined();
  });

  it('scores a statement in its own currency: a GBP statement’s offline scorecard is in GBP', async () => {
    const gbp = handMtJsonFiles().find((f) => f.name === 'gbp-3333.json')!;
    const file = join(dir, gbp.name);
    await writeFile(file, gbp.json);
    const r = await cli([file, '--scorecard']);
    const out = JSON.parse(r.stdout) as { scorecard: { metrics: { currency?: string; by_currency?: unknown }; checks: { code: string }[] } };
    expect(out.scorecard.metrics.currency).toBe('GBP');
    expect(out.scorecard.metrics.by_currency).toBeUndefined();
  });

  it('prints transactions as CSV with --csv, dates as D-M-Y with --eu-dates', async () => {
    const r = await cli([pdfPath, '--csv', '--eu-dates']);
    expect(r.code).toBe(0);
    const rows = r.stdout.trim().split('\n');
    expect(rows[0]).toBe('file,account,date,description,amount,balance,check_number,type');
    expect(rows).toHaveLength(truthCount + 1);
    expect(rows[1]).toMatch(/^chase\.pdf,\d+,\d{2}\/\d{2}\/\d{4},/);
  });

  it('gives a file error item (numTransactions < 0) for a bad file and exit code 1, still converting the others', async () => {
    const r = await cli([join(dir, 'empty.pdf'), pdfPath]);
    expect(r.code).toBe(1);
    // One line on stderr: which file, why, what to do.
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^ledgerdrop convert: 1 of 2 file\(s\) did not convert \(empty\.pdf: .*empty.*\): check each is a bank or card statement/);
    const out = JSON.parse(r.stdout) as { file_status: { fileName: string; numTransactions: number; error?: string }[] };
    expect(out.file_status[0]).toMatchObject({ fileName: 'empty.pdf', numTransactions: -1 });
    expect(out.file_status[0]!.error).toMatch(/empty/);
    expect(out.file_status.filter((f) => f.fileName === 'chase.pdf')).toHaveLength(2);
  });

  it('counts the tax forms read in appinfo as the service does; a form without autoDetect says how to read it', async () => {
    const w2 = await renderTaxForm(3, 'W-2');
    const nec = await renderTaxForm(4, '1099-NEC');
    await writeFile(join(dir, 'w2.pdf'), w2.bytes);
    await writeFile(join(dir, 'nec.pdf'), nec.bytes);
    const r = await cli(['--accounttype', 'autoDetect', join(dir, 'w2.pdf'), join(dir, 'nec.pdf'), pdfPath]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { file_status: { TaxForms: string }[]; appinfo: { totaltaxforms: number; totaltaxreturns: number } };
    expect(out.file_status.map((f) => f.TaxForms).filter(Boolean)).toEqual(['W-2', '1099-NEC']);
    expect([out.appinfo.totaltaxforms, out.appinfo.totaltaxreturns]).toEqual([2, 0]);
    const bank = await cli([join(dir, 'w2.pdf')]);
    expect(bank.code).toBe(1);
    expect(bank.stderr).toMatch(/tax form.*--accounttype autoDetect/);
  });

  it('--threads N converts on N threads: the same output as one thread, in the order given; a count outside 1–32 is a usage error', async () => {
    const four = [pdfPath, pdfPath, join(dir, 'empty.pdf'), pdfPath];
    const one = await cli([...four, '--csv', '--threads', '1']);
    const two = await cli([...four, '--csv', '--threads=2']);
    expect([one.code, two.code]).toEqual([1, 1]);
    expect(two.stdout).toBe(one.stdout);
    expect(one.stdout.trim().split('\n')).toHaveLength(3 * truthCount + 1);
    for (const bad of ['0', '33', 'two', '1.5']) {
      const r = await cli([pdfPath, '--threads', bad]);
      expect(r.code, bad).toBe(2);
      expect(r.stderr).toMatch(new RegExp(`^ledgerdrop convert: --threads: ${bad.replace('.', '\\.')} is not a whole number from 1 to 32`));
      expect(r.stdout).toBe('');
    }
  });

  it('rejects a bad option with a usage message', async () => {
    const r = await cli([pdfPath, '--accounttype', 'Nonsense']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/accounttype/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stdout).toBe('');
  });

  it('says on stderr, in one line, that a file does not exist (exit 3), and converts nothing', async () => {
    const r = await cli(['nosuch.pdf', pdfPath]);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('ledgerdrop convert: cannot read nosuch.pdf (no such file): check the path; nothing was converted\n');
  });

  it('says a folder is not a file (exit 3)', async () => {
    const r = await cli([dir]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/it is a folder, not a file/);
  });

  it('bad usage of any command is exit 2 with one line on stderr that says what to run', async () => {
    for (const [command, args, expected] of [
      ['convert', [], /^ledgerdrop convert: no file given \(usage: ledgerdrop convert FILE/],
      ['convert', ['--bogus', pdfPath], /^ledgerdrop convert: unknown option --bogus/],
      ['', [], /^ledgerdrop: no command given: run one of serve, accounts, convert, intake/],
      ['frobnicate', [], /^ledgerdrop: unknown command "frobnicate": run one of/],
      ['serve', ['--port', 'eighty'], /^ledgerdrop serve: --port must be a whole number/],
      ['serve', ['--workers', '0'], /^ledgerdrop serve: --workers must be a whole number ≥ 1/],
      ['accounts', ['add', 'bob', '--product', 'pdfinsightstp'], /^ledgerdrop accounts: no password given: use --password-stdin/],
    ] as const) {
      const r = await cli([...args], command);
      expect(r.code, `${command} ${args.join(' ')}`).toBe(2);
      expect(r.stderr.trim().split('\n'), r.stderr).toHaveLength(1);
      expect(r.stderr).toMatch(expected);
    }
  });

  it('an unusable --config or data folder is exit 3, naming it and what to do', async () => {
    const cfg = await cli(['--config', join(dir, 'missing.json')], 'serve');
    expect(cfg.code).toBe(3);
    expect(cfg.stderr).toMatch(/^ledgerdrop serve: cannot read config file .*missing\.json \(ENOENT\): fix the file or leave --config out\n$/);
    const notAFolder = await cli(['add', 'bob', '--password', 'pw', '--product', 'pdfinsightstp', '--data', pdfPath], 'accounts');
    expect(notAFolder.code).toBe(3);
    // --password in argv is warned about on its own line first.
    expect(notAFolder.stderr).toMatch(/^ledgerdrop accounts: warning: --password/);
    expect(notAFolder.stderr).toMatch(/\nledgerdrop accounts: cannot use the data folder .*chase\.pdf \(.*\): choose a writable folder with --data DIR or LEDGERDROP_DATA_DIR\n$/);
  });
});
