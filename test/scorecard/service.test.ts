import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { form, jsonFile, mtjson, newAccount, send, startTestService, type Client, type TestService } from '../service/helpers.js';
import { weekdays } from './fixtures.js';
import { sectionWords } from '../../src/contract/api/scorecard-vocabulary.js';

/** A section's sheet: named by the vocabulary's title. */
const sheet = (name: string) => sectionWords(name).title;

/**
 * The scorecard through the real service over HTTP: an MTJson application with a daily and a
 * weekly MCA is uploaded, and /scorecard, /transactions, /updatesummary, /deletestmt, /makexls
 * and the signed page are read back.
 */
let svc: TestService;
let c: Client;
let appid: number;
let tids: string[];
const EVIL = '<script>alert(1)</script>';

function application(): string {
  const dow = (d: string) => new Date(d + 'T00:00:00Z').getUTCDay();
  const month = (from: string, to: string) => [
    { date: from.replace(/-\d\d$/, '-03'), description: 'BANKCARD DEPOSIT MTOT DEP', amount: 2_000_000 },
    { date: from.replace(/-\d\d$/, '-06'), description: `CUSTOMER ${EVIL}`, amount: 10_000 },
    ...weekdays(from, to).map((date) => ({ date, description: 'KAPITUS SERVICING ACH DEBIT', amount: -30_000 })),
    ...weekdays(from, to, (d) => dow(d) === 1).map((date) => ({ date, description: 'ONDECK CAPITAL LOAN PMT', amount: -100_000 })),
  ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const jan = month('2025-01-01', '2025-01-31');
  const janEnd = 5_000_000 + jan.reduce((a, t) => a + t.amount, 0);
  return mtjson([
    { account: '55554444', start: '2025-01-01', end: '2025-01-31', startBalance: 5_000_000, txns: jan },
    { account: '55554444', start: '2025-02-01', end: '2025-02-28', startBalance: janEnd, txns: month('2025-02-01', '2025-02-28') },
  ]);
}

beforeAll(async () => {
  svc = await startTestService();
  c = await newAccount(svc, 'pdfinsightstp');
  const r = await c.post('/uploadpdfs', { appnumber: 'SCX-1', accounttype: 'MTJson', finduntrue: true, includescorecard: true, format: 'jsonobject' },
    [jsonFile(application(), 'stacked.json')]);
  expect(r.status).toBe(200);
  appid = r.json.appinfo.appid;
  tids = r.json.file_status.map((f: any) => f.tid);
  expect(tids).toHaveLength(2);
  expect(r.json.scorecard.mcacompanies.data.length).toBeGreaterThan(0);
});
afterAll(async () => { await svc?.stop(); });

const scorecard = async (fields: Record<string, string | number> = {}) => {
  const r = await c.post('/scorecard', { appid, format: 'jsonobject', ...fields });
  expect(r.status).toBe(200);
  return r.json;
};

describe('scorecard over HTTP', () => {
  it('detects the daily and the weekly MCA per month with totals', async () => {
    const sc = await scorecard({ sections: 'mcacompanies,monthlymca' });
    expect(sc.mcacompanies.data.map((r: any) => [r.lender, r.month, r.withdrawal_frequency, r.withdrawal_count, r.withdrawal_total])).toEqual([
      ['Kapitus', '2025-01', 'Daily', 23, 6900], ['Kapitus', '2025-02', 'Daily', 20, 6000], ['Kapitus', 'Totals', 'Daily', 43, 12900],
      ['OnDeck', '2025-01', 'Weekly', 4, 4000], ['OnDeck', '2025-02', 'Weekly', 4, 4000], ['OnDeck', 'Totals', 'Weekly', 8, 8000],
    ]);
    expect(sc.monthlymca.data.map((r: any) => r.positions)).toEqual([2, 2]);
  });

  it('monthly figures trace to the transactions /transactions returns', async () => {
    const sc = await scorecard({ sections: 'debtsummary' });
    const janIds: number[] = sc.debtsummary.data[0].ids;
    const tx = await c.post('/transactions', { appid, structured: 'true' });
    const all = Object.values(tx.json).flatMap((a: any) => a.Statements.flatMap((s: any) => s.transactions));
    const byId = new Map(all.map((t: any) => [Number(t.id), t]));
    const amounts = janIds.map((id) => (byId.get(id) as any)?.amount);
    expect(amounts.every((a) => typeof a === 'number')).toBe(true);
    expect(Math.round(amounts.reduce((s: number, a: number) => s + a * 100, 0))).toBe(-sc.debtsummary.data[0].total * 100);
  });

  it('/updatesummary changes the balances the scorecard shows; /deletestmt removes a month', async () => {
    const before = await scorecard({ sections: 'dailybalance' });
    // Jan 1 2025 is a Wednesday: the first Kapitus debit (−300) lands on the first day.
    expect(before.dailybalance.data[0]).toMatchObject({ date: '2025-01-01', total: 49700 });
    const up = await c.post('/updatesummary', { appid, tid: tids[0]!, startbalance: '40000' });
    expect(up.status).toBe(200);
    const after = await scorecard({ sections: 'dailybalance' });
    expect(after.dailybalance.data[0]).toMatchObject({ date: '2025-01-01', total: 39700 });
    const del = await c.post('/deletestmt', { appid, tid: tids[1]! });
    expect(del.status).toBe(200);
    const one = await scorecard({ sections: 'monthlycashflow' });
    expect(one.monthlycashflow.data.map((r: any) => r.month)).toEqual(['2025-01']);
  });

  it('/makexls is an xlsx whose sheets hold the sections', async () => {
    const res = await fetch(`${c.base}/api/v1.5/makexls`, { method: 'POST', headers: { authorization: `Bearer ${c.token}`, 'svc-product': c.product },
      body: form({ appid, sections: 'mcacompanies' }) as unknown as BodyInit });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/vnd\.ms-excel/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ExcelJS.Buffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Summary', 'MCA funders']);
    expect(wb.getWorksheet(sheet('mcacompanies'))!.getRow(2).getCell(3).value).toBe('Daily');
  });

  it('the signed page shows the scorecard with hostile descriptions escaped', async () => {
    const r = await c.post('/scorecard/signedUrl', { appid });
    expect(r.status).toBe(200);
    const page = await send(r.json.url, { method: 'GET' });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<svg');
    expect(page.text).toContain('mcacompanies');
    expect(page.text).toContain('CUSTOMER &#60;script&#62;');
    expect(page.text).not.toMatch(/<script/i);
  });
});
