import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provisionAccount } from '../../src/service/index.js';
import { readConfigFile } from '../../src/service/config-file.js';
import { authenticate, Client, jsonFile, mtjson, startTestService, type TestService } from './helpers.js';

/**
 * Prequalification thresholds from the operator's config file, overridden per account, giving
 * DECLINED, REVIEW and APPROVED over HTTP. The file is read exactly as `serve --config` reads it.
 */
let svc: TestService;
let c: Client;
const policy = { decline: { minMonths: 2, maxNsfPerMonth: 1 }, review: { minAvgDailyBalance: 5_000 } };

/** Months of one account whose balance stays near `balance` dollars; `nsf` NSF fees in the first month. */
function months(n: number, balance: number, nsf = 0, account = '123456789'): string {
  const specs = Array.from({ length: n }, (_, i) => {
    const m = String(i + 1).padStart(2, '0');
    const txns = [{ date: `2025-${m}-05`, description: 'CUSTOMER DEPOSIT', amount: 300_000 }, { date: `2025-${m}-20`, description: 'RENT PAYMENT', amount: -300_000 }];
    if (i === 0) for (let k = 0; k < nsf; k++) txns.push({ date: `2025-${m}-1${k}`, description: 'NSF FEE', amount: -3_500 });
    return { account, start: `2025-${m}-01`, end: `2025-${m}-28`, startBalance: balance * 100 - (i === 0 ? 0 : nsf * 3_500), txns };
  });
  return mtjson(specs);
}

async function signIn(username: string, profile?: Record<string, unknown>): Promise<Client> {
  await provisionAccount(svc.dataDir, { username, password: 'pw-pq', product: 'pdfinsightstp', features: ['prequalify'], ...(profile ? { profile } : {}) }, { scryptCost: 1 << 14 });
  return new Client(svc.url, (await authenticate(svc.url, username, 'pw-pq', 'pdfinsightstp')).text, 'pdfinsightstp');
}

async function decide(client: Client, appnumber: string, text: string) {
  const up = await client.post('/uploadpdfs', { appnumber, accounttype: 'MTJson' }, [jsonFile(text)]);
  expect(up.status).toBe(200);
  const r = await client.post('/prequalify', { appnumber });
  expect(r.status).toBe(200);
  return r.json[0];
}

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ld-pq-'));
  const file = path.join(dir, 'service.json');
  fs.writeFileSync(file, JSON.stringify({ prequalify: policy }));
  svc = await startTestService(readConfigFile(file));
  c = await signIn('pq-config');
});
afterAll(async () => { await svc?.stop(); });

describe('prequalify thresholds from the config file', () => {
  it('DECLINED: a decline threshold fails (too few months)', async () => {
    expect(await decide(c, 'PQ-DECLINE', months(1, 20_000))).toEqual({ result: 'DECLINED', reasons: [{ rule_name: 'min_months', actual_value: 1, threshold: 2 }] });
  });

  it('DECLINED wins over REVIEW, with only the decline reasons', async () => {
    const r = await decide(c, 'PQ-NSF', months(2, 1_000, 2));
    expect(r.result).toBe('DECLINED');
    expect(r.reasons.map((x: any) => x.rule_name)).toEqual(['max_nsf_per_month']);
  });

  it('REVIEW: every decline threshold passes, a review threshold fails', async () => {
    const r = await decide(c, 'PQ-REVIEW', months(2, 1_000));
    expect(r.result).toBe('REVIEW');
    expect(r.reasons).toHaveLength(1);
    expect(r.reasons[0]).toMatchObject({ rule_name: 'min_avg_daily_balance', threshold: 5_000 });
    expect(r.reasons[0].actual_value).toBeLessThan(5_000);
  });

  it('APPROVED: every threshold passes', async () => {
    expect(await decide(c, 'PQ-APPROVE', months(2, 20_000))).toEqual({ result: 'APPROVED', reasons: [] });
  });

  it('an account\'s own thresholds override the file rule by rule', async () => {
    const strict = await signIn('pq-strict', { prequalify: { minMonths: 3 }, prequalifyReview: { minAvgDailyBalance: 100 } });
    expect((await decide(strict, 'PQ-S1', months(2, 20_000))).reasons).toEqual([{ rule_name: 'min_months', actual_value: 2, threshold: 3 }]);
    // The review threshold lowered to $100: the low-balance application is approved for this account.
    expect((await decide(strict, 'PQ-S2', months(3, 1_000))).result).toBe('APPROVED');
  });
});

describe('prequalify in the config file is checked', () => {
  const write = (v: unknown) => {
    const f = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ld-pq-bad-')), 'service.json');
    fs.writeFileSync(f, JSON.stringify(v));
    return f;
  };
  it.each([
    [{ prequalify: { decline: { minMonth: 2 } } }, /prequalify\.decline: unknown threshold\(s\) minMonth/],
    [{ prequalify: { review: { maxNsfPerMonth: -1 } } }, /prequalify\.review\.maxNsfPerMonth/],
    [{ prequalify: { approve: {} } }, /config prequalify: unknown threshold\(s\) approve/],
  ])('%j is refused naming it', (value, message) => {
    expect(() => readConfigFile(write(value))).toThrow(message);
  });
});
