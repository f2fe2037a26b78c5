import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../src/service/store/sqlite-store.js';
import { buildScorecard } from '../../src/scorecard/index.js';
import { openDb } from '../../src/service/store/db.js';
import { saveStatementFraud } from '../../src/service/fraud/store.js';
import { jsonFile, newAccount, startTestService, twoMonths, type Client, type TestService } from '../service/helpers.js';
import { application } from './fixtures.js';

/** The thumbprints section shows each statement's fraud score and reasons when its file was scored. */
describe('thumbprints: fraud score and reasons', () => {
  it('a scored statement shows its score and reasons; an unscored one null and ""', () => {
    const input = application([
      { accountIdx: 0, accountNumber: '1111', start: '2025-03-01', end: '2025-03-31', startBalance: 100, rows: [['2025-03-03', 'DEPOSIT', 50]] },
      { accountIdx: 0, accountNumber: '1111', start: '2025-04-01', end: '2025-04-30', startBalance: 150, rows: [['2025-04-03', 'DEPOSIT', 50]] },
    ]);
    input.statements[0]!.fraudScore = 65;
    input.statements[0]!.fraudReasons = [{ index: 0, text: 'Producer is iLovePDF' }, { index: 6, text: 'Not reconciled by $10.00' }];
    const sc = buildScorecard(input, { format: 'jsonobject', sections: ['thumbprints'] });
    const rows = (sc.thumbprints as { columns: string[]; data: Record<string, unknown>[] });
    expect(rows.columns.slice(-2)).toEqual(['fraud_score', 'fraud_reasons']);
    expect(rows.data.map((r) => [r.tid, r.fraud_score, r.fraud_reasons])).toEqual([
      ['T1', 65, 'Producer is iLovePDF; Not reconciled by $10.00'],
      ['T2', null, ''],
    ]);
    const def = buildScorecard(input, { format: 'default', sections: ['thumbprints'] });
    expect((def.thumbprints as { data: unknown[][] }).data[0]!.slice(-3)).toEqual([1, 65, 'Producer is iLovePDF; Not reconciled by $10.00']);
  });
});

describe('thumbprints through the service', () => {
  let svc: TestService;
  let c: Client;
  let appid: number;
  let statementIds: number[];
  beforeAll(async () => {
    svc = await startTestService();
    c = await newAccount(svc, 'pdfinsightstp');
    const r = await c.post('/uploadpdfs', { appnumber: 'FRAUD-1', accounttype: 'MTJson' }, [jsonFile(twoMonths(), 'two.json')]);
    expect(r.status).toBe(200);
    appid = r.json.appinfo.appid;
    statementIds = r.json.file_status.map((f: any) => f.statementid);
    expect(statementIds).toHaveLength(2);
  });
  afterAll(async () => { await svc?.stop(); });

  it('/scorecard reads the score the fraud module stored with the statement', async () => {
    // MTJson is never scored: the score is stored here as the fraud module stores a PDF's.
    const db = openDb(svc.dataDir);
    try {
      await saveStatementFraud(new SqliteStore(db), statementIds[1]!, { fraudscore: 75, tpreasonsIndexes: [2], tpreasons: ['Saved again after creation (2 xref sections)'] });
    } finally {
      db.close();
    }
    const sc = await c.post('/scorecard', { appid, format: 'jsonobject', sections: 'thumbprints' });
    expect(sc.status).toBe(200);
    expect(sc.json.thumbprints.data.map((r: any) => [r.fraud_score, r.fraud_reasons])).toEqual([
      [null, ''],
      [75, 'Saved again after creation (2 xref sections)'],
    ]);
  });
});
