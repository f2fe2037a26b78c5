/**
 * `ledgerdrop convert` leaves loan proceeds out of true revenue by default (finduntrue on);
 * `--no-finduntrue` counts them as the API's default does. A real child process.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const bin = new URL('../../bin/ledgerdrop.mjs', import.meta.url).pathname;
let dir = '';
let file = '';

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const r = await run(process.execPath, [bin, 'convert', ...args], { maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ledgerdrop-finduntrue-'));
  file = join(dir, 'march.json');
  await writeFile(file, JSON.stringify({ accounts: [{ bank_name: 'First Test Bank', account_number: '1111', statements: [{
    start_date: '2025-03-01', end_date: '2025-03-31', start_balance: 1000, end_balance: 41000,
    transactions: [
      { date: '2025-03-03', description: 'BANKCARD DEPOSIT MTOT DEP', amount: 5000 },
      { date: '2025-03-07', description: 'ONDECK CAPITAL LOAN PROCEEDS', amount: 25000 },
      { date: '2025-03-10', description: 'LOAN PROCEEDS 7781', amount: 10000 },
    ],
  }] }] }));
});
afterAll(async () => { await rm(dir, { recursive: true, force: true }); });

const trueCredits = (stdout: string) => (JSON.parse(stdout) as { statement_summaries: { true_credits: number }[] }).statement_summaries[0]!.true_credits;

describe('ledgerdrop convert and finduntrue', () => {
  it('by default true revenue leaves the OnDeck and loan proceeds out', async () => {
    const r = await cli([file, '--accounttype', 'MTJson']);
    expect(r.code).toBe(0);
    expect(trueCredits(r.stdout)).toBe(5000);
    const on = await cli([file, '--accounttype', 'MTJson', '--finduntrue']);
    expect(trueCredits(on.stdout)).toBe(5000);
  });

  it('--no-finduntrue counts them (the API default)', async () => {
    const r = await cli([file, '--accounttype', 'MTJson', '--no-finduntrue']);
    expect(r.code).toBe(0);
    expect(trueCredits(r.stdout)).toBe(40000);
  });

  it('both flags together are refused', async () => {
    const r = await cli([file, '--accounttype', 'MTJson', '--finduntrue', '--no-finduntrue']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--finduntrue and --no-finduntrue together/);
  });
});
