import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bigStatement, jsonFile, mtjson, newAccount, startTestService, twoMonths, type Client, type TestService } from './helpers.js';
import { MultiFileResultsSchema, MakeCsvResponseSchema } from '../../src/contract/api/endpoints.js';

let svc: TestService;
let c: Client;
beforeAll(async () => {
  svc = await startTestService();
  c = await newAccount(svc, 'pdfinsightstp', { conversions: 100 });
});
afterAll(async () => { await svc?.stop(); });

describe('/uploadpdfs synchronous', () => {
  it('converts MTJson into the multi-file results object with reconciled statements and summaries', async () => {
    const r = await c.post('/uploadpdfs', { appnumber: 'APP-1', accounttype: 'MTJson', format: 'jsonobject' }, [jsonFile(twoMonths(), 'acme.json')]);
    expect(r.status).toBe(200);
    expect(() => MultiFileResultsSchema.parse(r.json)).not.toThrow();
    const [jan, feb] = r.json.file_status;
    expect(jan.fileName).toBe('acme.json');
    expect(jan.reconciled).toBe(true);
    expect(jan.startBalance).toBe(1000);
    expect(jan.totCredits).toBe(2500);
    expect(jan.totDebits).toBe(1650);
    expect(jan.endBalance).toBe(1850);
    expect(jan.monthSequence).toBe(0);
    expect(feb.monthSequence).toBe(1);
    expect(feb.endBalance).toBe(2814.99);
    expect(jan.resfile).toMatch(/\.res$/);
    expect(jan.remaining).toBe(98);
    expect(typeof jan.tid).toBe('string');
    const sums = r.json.statement_summaries;
    expect(sums).toHaveLength(2);
    expect(sums[0]).toMatchObject({ account: '000111222333', statement_year: 2024, statement_month: 'January', month_number: 1, total_credits: 2500, total_debits: 1650, net_cash_flow: 850, reconciled: true });
    expect(sums[1].nsf_count).toBe(1);
    expect(r.json.appinfo).toMatchObject({ appnumber: 'APP-1', naccounts: 1, totalstatements: 2, totalstatements_reconciled: 2, owner: 'ACME TRUCKING LLC' });
    expect(r.json.appinfo.accountlist).toEqual(['000111222333, 2024-01-31', '000111222333, 2024-02-29']);
    expect(r.json.scorecard).toBeUndefined();
    expect(r.json.transactions).toBeUndefined();
  });

  it('includetransactions with includebalance and showtranstype; userdata is echoed', async () => {
    const r = await c.post('/uploadpdfs', {
      appnumber: 'APP-2', accounttype: 'MTJson', includetransactions: true, includebalance: true, showtranstype: true, userdata: '{"crm":"A-77"}',
    }, [jsonFile(twoMonths('555'))]);
    expect(r.status).toBe(200);
    expect(r.json.userdata).toEqual({ crm: 'A-77' });
    const [acct] = r.json.transactions;
    expect(acct['Account Number']).toBe('555');
    expect(acct.Statements).toHaveLength(2);
    const t = acct.Statements[0].transactions;
    expect(t.map((x: any) => [x.amount, x.type, x.balance])).toEqual([[2500, 'credit', 3500], [450, 'debit', 3050], [1200, 'debit', 1850]]);
  });

  it('jsondata as a form field, alloweddiff, and a statement that does not reconcile', async () => {
    const text = mtjson([{ account: '42', start: '2024-05-01', end: '2024-05-31', startBalance: 0, endError: 50, txns: [{ date: '2024-05-02', description: 'DEPOSIT', amount: 1000 }] }]);
    const strict = await c.post('/makecsv', { appnumber: 'APP-3', accounttype: 'MTJson', jsondata: text });
    expect(strict.status).toBe(200);
    expect(() => MakeCsvResponseSchema.parse(strict.json)).not.toThrow();
    expect(Object.keys(strict.json).sort()).toEqual(['appinfo', 'file_status']);
    expect(strict.json.file_status[0].reconciled).toBe(false);
    expect(strict.json.file_status[0].suggestion).toMatch(/reconcile/);
    const loose = await c.post('/makecsv', { appnumber: 'APP-3', accounttype: 'MTJson', jsondata: text, alloweddiff: 1 });
    expect(loose.json.file_status[0].reconciled).toBe(true);
  });

  it('a file that cannot be converted gives numTransactions < 0 and a message, not a 500', async () => {
    const r = await c.post('/uploadpdfs', { appnumber: 'APP-4', accounttype: 'MTJson' }, [jsonFile('{"accounts": [ {"bank_name": 3 } ]}', 'broken.json')]);
    expect(r.status).toBe(200);
    expect(r.json.file_status[0].numTransactions).toBeLessThan(0);
    expect(r.json.file_status[0].fail).toBe(true);
    expect(r.json.file_status[0].error).toMatch(/broken\.json|bank_name|account/i);
  });

  it('several files in one request, one file_status item per statement', async () => {
    const r = await c.post('/uploadpdfs', { appnumber: 'APP-5', accounttype: 'MTJson' }, [jsonFile(twoMonths('1'), 'a.json'), jsonFile(twoMonths('2'), 'b.json')]);
    expect(r.status).toBe(200);
    expect(r.json.file_status.map((f: any) => f.fileName)).toEqual(['a.json', 'a.json', 'b.json', 'b.json']);
    expect(r.json.appinfo.naccounts).toBe(2);
  });

  it('accountseqno / monthseqno pick one statement', async () => {
    const r = await c.post('/makecsv', { appnumber: 'APP-6', accounttype: 'MTJson', monthseqno: 2 }, [jsonFile(twoMonths('77'))]);
    expect(r.status).toBe(200);
    expect(r.json.file_status).toHaveLength(1);
    expect(r.json.file_status[0].startDate).toBe('2024-02-01');
  });
});

describe('validation: bad fields are 400 naming the field and store nothing', () => {
  const cases: [Record<string, string>, RegExp][] = [
    [{ accounttype: 'Bogus' }, /accounttype/],
    [{ alloweddiff: 'lots' }, /alloweddiff/],
    [{ firstpage: '0' }, /firstpage/],
    [{ firstpage: '5', lastpage: '2' }, /firstpage/],
    [{ readempty: 'maybe' }, /readempty/],
    [{ format: 'xml' }, /format/],
    [{ sections: 'debtsummary,notasection' }, /sections.*notasection/],
    [{ userdata: '{not json' }, /userdata.*JSON/],
    [{ userdata: JSON.stringify({ x: 'y'.repeat(260) }) }, /userdata.*250/],
    [{ webhook: 'ftp://example.com/x' }, /webhook/],
    [{ language: 'klingon' }, /language/],
    [{ includebalance: 'true' }, /includebalance/],
    [{ logtype: 'pdf' }, /logtype/],
  ];
  for (const [extra, re] of cases) {
    it(`${JSON.stringify(extra).slice(0, 60)} → 400`, async () => {
      const before = await c.get('/getapps', { limit: 1000 });
      const r = await c.post('/uploadpdfs', { appnumber: 'BAD-1', accounttype: 'MTJson', ...extra }, [jsonFile(twoMonths())]);
      expect(r.status).toBe(400);
      expect(r.json.error).toMatch(re);
      const after = await c.get('/getapps', { limit: 1000 });
      expect(after.json).toEqual(before.json);
    });
  }

  it('missing appnumber and missing file are 400', async () => {
    const r1 = await c.post('/uploadpdfs', { accounttype: 'MTJson' }, [jsonFile(twoMonths())]);
    expect(r1.status).toBe(400);
    expect(r1.json.error).toMatch(/^appnumber: is required/);
    const r2 = await c.post('/uploadpdfs', { appnumber: 'NOFILE' });
    expect(r2.status).toBe(400);
    expect(r2.json.error).toMatch(/no file to process/);
    const r3 = await c.post('/makecsv', { appnumber: 'TWO', accounttype: 'MTJson' }, [jsonFile(twoMonths(), 'a.json'), jsonFile(twoMonths('9'), 'b.json')]);
    expect(r3.status).toBe(400);
    expect(r3.json.error).toMatch(/one document/);
  });
});

describe('slow conversions and the worker pool', () => {
  it('202 + resfile when the conversion is still queued; /checkprogress 206 then 200', async () => {
    // A paused queue keeps the conversion queued, so the sync wait (300 ms here) runs out.
    const slow = await startTestService({ syncWaitMs: 300 });
    try {
    const c = await newAccount(slow, 'pdfinsightstp');
    slow.conversions.pause();
    const r = await c.post('/uploadpdfs', { appnumber: 'SLOW-1', accounttype: 'MTJson' }, [jsonFile(twoMonths('31'))]);
    expect(r.status).toBe(202);
    const resfile = r.json.file_status[0].resfile;
    const appid = r.json.appinfo.appid;
    const p1 = await c.post('/checkprogress', { appid, resfile });
    expect(p1.status).toBe(206);
    expect(typeof p1.json.message).toBe('string');
    slow.conversions.resume();
    // Bounded by the test's own timeout, not by a guess at speed: on a loaded machine the
    // conversion thread's first start alone can take several seconds.
    let p2;
    const deadline = Date.now() + 45_000;
    do {
      p2 = await c.post('/checkprogress', { appnumber: 'SLOW-1', resfile });
      if (p2.status === 200) break;
      await new Promise((res) => setTimeout(res, 25));
    } while (Date.now() < deadline);
    expect(p2!.status).toBe(200);
    expect(p2!.json.file_status).toHaveLength(2);
    expect(p2!.json.appinfo.totalstatements).toBe(2);
    const unknown = await c.post('/checkprogress', { appid, resfile: 'nope.res' });
    expect(unknown.status).toBe(404);
    const noRes = await c.post('/checkprogress', { appid });
    expect(noRes.status).toBe(400);
    expect(noRes.json.error).toMatch(/resfile/);
    } finally {
      await slow.stop();
    }
  }, 60_000);

  it('the server keeps answering while a worker converts a large file', async () => {
    const order: string[] = [];
    const big = c.post('/makecsv', { appnumber: 'BIG-1', accounttype: 'MTJson' }, [jsonFile(bigStatement(60_000))]).then((r) => { order.push('convert'); return r; });
    await new Promise((res) => setTimeout(res, 50));
    for (let i = 0; i < 3; i++) {
      const quick = await c.get('/getapps');
      expect(quick.status).toBe(200);
      order.push('getapps');
    }
    const done = await big;
    expect([200, 202]).toContain(done.status);
    expect(order).toEqual(['getapps', 'getapps', 'getapps', 'convert']);
  }, 120_000);
});
