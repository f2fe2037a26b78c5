import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bigStatement, jsonFile, newAccount, startTestService, twoMonths, type Client, type TestService } from './helpers.js';
import { bigCsv, flateBombPdf, longPeriodMtjson, nestedSavesPdf } from './hostile/files.js';

let svc: TestService;
let attacker: Client;
let other: Client;
beforeAll(async () => {
  svc = await startTestService({ workerThreads: 1, syncWaitMs: 120_000, limits: { maxTransactionsPerStatement: 5_000, maxAccountsPerApplication: 3, maxTransactionsPerApplication: 20 } });
  attacker = await newAccount(svc, 'pdfinsightstp');
  other = await newAccount(svc, 'pdfinsightstp');
});
afterAll(async () => { await svc?.stop(); });

/** Sends `hostile` and, while it runs, asks for another account's /remaining until it ends: every answer must be 200. */
async function whileOtherAsks<T>(hostile: Promise<T>): Promise<{ result: T; answers: number }> {
  let done = false, answers = 0;
  const asking = (async () => {
    while (!done) {
      const r = await other.get('/remaining');
      expect(r.status).toBe(200);
      answers++;
    }
  })();
  try {
    return { result: await hostile, answers };
  } finally {
    done = true;
    await asking;
  }
}

function failed(r: { status: number; json: any }) {
  expect(r.status).toBe(200);
  const items = r.json.file_status as any[];
  expect(items).toHaveLength(1);
  expect(items[0].numTransactions).toBeLessThan(0);
  return items[0].error as string;
}

describe('hostile files each fail alone, naming the limit; the server keeps answering', () => {
  it('a PDF nesting 200,000 graphics-state saves: maxNestingDepth', async () => {
    const pdf = nestedSavesPdf(200_000);
    expect(pdf.length).toBeLessThan(4096);
    const { result, answers } = await whileOtherAsks(attacker.post('/uploadpdfs', { appnumber: 'X-NEST' }, [{ name: 'nested.pdf', bytes: pdf, type: 'application/pdf' }]));
    expect(failed(result)).toMatch(/nested\.pdf: .*more than 256 deep, over the limit maxNestingDepth = 256/);
    expect(answers).toBeGreaterThan(0);
  });

  it('a ~1 MB PDF whose stream inflates to 1.1 GiB: maxInflatedStreamBytes', async () => {
    const pdf = await flateBombPdf(1.1 * 1024 ** 3);
    expect(pdf.length).toBeLessThan(2 * 1024 * 1024);
    const { result } = await whileOtherAsks(attacker.post('/uploadpdfs', { appnumber: 'X-BOMB' }, [{ name: 'bomb.pdf', bytes: pdf, type: 'application/pdf' }]));
    expect(failed(result)).toMatch(/bomb\.pdf: a compressed stream inflates to more than 67,108,864 bytes, over the limit maxInflatedStreamBytes/);
  }, 60_000);

  it('an MTJson statement spanning 0001–9999: maxStatementDays, nothing stored', async () => {
    const { result } = await whileOtherAsks(attacker.post('/uploadpdfs', { appnumber: 'X-LONG', accounttype: 'MTJson', includescorecard: true }, [jsonFile(longPeriodMtjson(), 'long.json')]));
    expect(failed(result)).toMatch(/long\.json: a statement of account 123456789 spans 0001-01-01 to 9999-12-31 \(3,652,058 days\), over the limit maxStatementDays = 1,827/);
    expect(result.json.statement_summaries).toEqual([]);
    // five years less a day is fine
    const ok = await attacker.post('/uploadpdfs', { appnumber: 'X-LONG', accounttype: 'MTJson' }, [jsonFile(longPeriodMtjson('2020-01-01', '2024-12-31'), 'ok.json')]);
    expect(ok.json.file_status[0].numTransactions).toBe(2);
  });

  it('a CSV of 6,000 rows against maxTransactionsPerStatement 5,000', async () => {
    const { result } = await whileOtherAsks(attacker.post('/uploadpdfs', { appnumber: 'X-CSV' }, [{ name: 'big.csv', bytes: bigCsv(6_000), type: 'text/csv' }]));
    expect(failed(result)).toMatch(/big\.csv: a statement of account .* holds 6,000 transactions, over the limit maxTransactionsPerStatement = 5,000/);
  });

  it('a fourth account in an application over maxAccountsPerApplication 3', async () => {
    for (const acct of ['1001', '1002', '1003']) {
      const r = await attacker.post('/uploadpdfs', { appnumber: 'X-ACCTS', accounttype: 'MTJson' }, [jsonFile(twoMonths(acct), `${acct}.json`)]);
      expect(r.json.file_status[0].numTransactions).toBeGreaterThan(0);
    }
    const r = await attacker.post('/uploadpdfs', { appnumber: 'X-ACCTS', accounttype: 'MTJson' }, [jsonFile(twoMonths('1004'), '1004.json')]);
    expect(failed(r)).toMatch(/1004\.json: with it application \d+ would hold 4 different accounts, over the limit maxAccountsPerApplication = 3/);
    expect(r.json.appinfo.naccounts).toBe(3);
  });

  it('a file that would take an application over maxTransactionsPerApplication 20', async () => {
    const r = await attacker.post('/uploadpdfs', { appnumber: 'X-TXNS', accounttype: 'MTJson' }, [jsonFile(bigStatement(15, '2001'), 'a.json')]);
    expect(r.json.file_status[0].numTransactions).toBe(15);
    const again = await attacker.post('/uploadpdfs', { appnumber: 'X-TXNS', appid: r.json.appinfo.appid, accounttype: 'MTJson' }, [jsonFile(bigStatement(6, '2002'), 'b.json')]);
    expect(failed(again)).toMatch(/b\.json: with its 6 transactions application \d+ would hold 21, over the limit maxTransactionsPerApplication = 20/);
  });

  it('after all that, a normal file still converts', async () => {
    const r = await other.post('/uploadpdfs', { appnumber: 'X-FINE', accounttype: 'MTJson' }, [jsonFile(twoMonths())]);
    expect(r.json.file_status.map((f: any) => f.numTransactions)).toEqual([3, 2]);
  });
});
