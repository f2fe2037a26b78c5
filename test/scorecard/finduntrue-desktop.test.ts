/**
 * The desktop core sends `finduntrue` with every upload (on unless the setting says false), so
 * true revenue in the window leaves loan proceeds out. A real core against a real service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Core } from '../../src/desktop/index.js';
import { coreFor, startRealService, tempDir } from '../core/helpers.js';

const tmp = tempDir('ld-finduntrue-');
let svc: Awaited<ReturnType<typeof startRealService>>;
let core: Core;

const statement = (account: string) => Buffer.from(JSON.stringify({ accounts: [{ bank_name: 'First Test Bank', account_number: account, statements: [{
  start_date: '2025-03-01', end_date: '2025-03-31', start_balance: 1000, end_balance: 36000,
  transactions: [
    { date: '2025-03-03', description: 'BANKCARD DEPOSIT MTOT DEP', amount: 5000 },
    { date: '2025-03-07', description: 'ONDECK CAPITAL LOAN PROCEEDS', amount: 25000 },
    { date: '2025-03-10', description: 'ACH REVERSAL ACME', amount: 5000 },
  ],
}] }] }));

const trueCredits = (appnumber: string) => (core.getApp(appnumber).statements as { true_credits: number }[]).map((s) => s.true_credits);

beforeAll(async () => {
  svc = await startRealService(path.join(tmp.dir, 'svc'));
  core = await coreFor(path.join(tmp.dir, 'core'), svc.url);
});
afterAll(async () => {
  await core?.close();
  await svc?.close();
  tmp.cleanup();
});

describe('desktop uploads and true revenue', () => {
  it('by default the OnDeck proceeds and the reversal are not revenue', async () => {
    await core.addBytes('FU-ON', [{ name: 'march.json', bytes: statement('1111') }]);
    await core.whenIdle();
    expect(core.listJobs('FU-ON').map((j) => j.status)).toEqual(['done']);
    expect(trueCredits('FU-ON')).toEqual([5000]);
  });

  it('with the finduntrue setting off, the proceeds count (a reversal never does)', async () => {
    core.setSettings({ finduntrue: false });
    await core.addBytes('FU-OFF', [{ name: 'march.json', bytes: statement('2222') }]);
    await core.whenIdle();
    expect(trueCredits('FU-OFF')).toEqual([30000]);
  });
});
