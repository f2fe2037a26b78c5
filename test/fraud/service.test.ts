import { StandardFonts } from 'pdf-lib';
import { SqliteStore } from '../../src/service/store/sqlite-store.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonFile, newAccount, startTestService, twoMonths, type Client, type FileField, type TestService } from '../service/helpers.js';
import { makeStatementSpec, renderStatementPdf, type RenderedPdf } from '../fixtures/generator/index.js';
import { openDb } from '../../src/service/store/db.js';
import { fraudOfApplication } from '../../src/service/fraud/store.js';
import { replaceAmount } from './edit-pdf.js';

const FIELDS = ['fraudscore', 'tpreasons', 'tpreasonsIndexes'];
let svc: TestService;
let tp: Client, insights: Client, thumb: Client;
let clean: RenderedPdf;
let edited: Uint8Array;
const pdfFile = (bytes: Uint8Array, name: string): FileField => ({ name, bytes, type: 'application/pdf' });

beforeAll(async () => {
  svc = await startTestService();
  tp = await newAccount(svc, 'pdfinsightstp', { conversions: 100 });
  insights = await newAccount(svc, 'pdfinsights', { conversions: 100 });
  thumb = await newAccount(svc, 'thumbprint', { conversions: 100 });
  clean = await renderStatementPdf(makeStatementSpec({ seed: 1, layout: 'chase' }));
  const amount = clean.printedAmounts[0]!.find((a, i) => i > 3 && /^\$\d,\d{3}\.\d{2}$/.test(a) && clean.printedAmounts[0]!.indexOf(a) === i)!;
  edited = await replaceAmount(clean.bytes, {
    amount, replacement: '$9,900.00', font: StandardFonts.TimesRomanBold, size: 9, producer: 'Smallpdf.com',
    modDate: new Date(Date.UTC(2025, 5, 20, 9, 0, 0)),
  });
});
afterAll(async () => { await svc?.stop(); });

describe('fraud score through the service', () => {
  it('pdfinsightstp: each file_status item of a text PDF carries the score; /getresults returns the same, and it is stored per statement', async () => {
    const up = await tp.post('/uploadpdfs', { appnumber: 'FR-1' }, [pdfFile(clean.bytes, 'clean.pdf'), pdfFile(edited, 'edited.pdf')]);
    expect(up.status).toBe(200);
    const [good, bad] = up.json.file_status;
    expect(good.fileName).toBe('clean.pdf');
    expect(good.fraudscore).toBeGreaterThanOrEqual(90);
    expect(good.tpreasonsIndexes.filter((i: number) => i <= 5)).toEqual([]);
    expect(bad.fileName).toBe('edited.pdf');
    expect(bad.tpreasonsIndexes).toEqual(expect.arrayContaining([0, 1, 4]));
    expect(bad.tpreasons).toContain('Modified with "Smallpdf" 19 days after creation');
    expect(bad.tpreasons.join('\n')).toMatch(/Amount \$9,900\.00 on page 1 uses font Times-Bold 9 pt; the column uses Helvetica 8 pt/);
    expect(bad.fraudscore).toBeLessThan(good.fraudscore);
    expect(bad.fraudscore).toBeLessThan(50);

    expect(up.json.statement_summaries.map((x: any) => x.fraud_score)).toEqual([good.fraudscore, bad.fraudscore]);

    const again = await tp.post('/getresults', { appid: up.json.appinfo.appid });
    expect(again.json.file_status.map((f: any) => [f.fraudscore, f.tpreasonsIndexes, f.tpreasons]))
      .toEqual(up.json.file_status.map((f: any) => [f.fraudscore, f.tpreasonsIndexes, f.tpreasons]));

    const db = openDb(svc.dataDir);
    try {
      const stored = await fraudOfApplication(new SqliteStore(db), up.json.appinfo.appid);
      expect(stored.get(bad.statementid)).toEqual({ fraudscore: bad.fraudscore, tpreasonsIndexes: bad.tpreasonsIndexes, tpreasons: bad.tpreasons, tpevidence: bad.tpevidence });
      expect(bad.tpevidence.flat().some((e: any) => e.page === 1 && Array.isArray(e.box))).toBe(true);
    } finally { db.close(); }

    // The scorecard's thumbprints section reads the stored score.
    const sc = await tp.post('/scorecard', { appid: up.json.appinfo.appid, format: 'jsonobject', sections: 'thumbprints' });
    expect(sc.status).toBe(200);
    const rows = sc.json.thumbprints.data as { tid: string; fraud_score: number; fraud_reasons: string }[];
    expect(rows.map((r) => [r.tid, r.fraud_score])).toEqual([[good.tid, good.fraudscore], [bad.tid, bad.fraudscore]]);
    expect(rows[1]!.fraud_reasons).toContain('Modified with "Smallpdf" 19 days after creation');
  });

  it('the same file uploaded to another application of the account is named', async () => {
    const r = await tp.post('/uploadpdfs', { appnumber: 'FR-2' }, [pdfFile(clean.bytes, 'clean-again.pdf')]);
    const [item] = r.json.file_status;
    expect(item.tpreasonsIndexes).toContain(11);
    expect(item.tpreasons).toContain('The same file was uploaded before to application "FR-1"');
  });

  it('pdfinsights never sees the fields: not in /uploadpdfs, /getresults or /checkprogress', async () => {
    const up = await insights.post('/uploadpdfs', { appnumber: 'FR-3' }, [pdfFile(edited, 'edited.pdf')]);
    expect(up.status).toBe(200);
    const item = up.json.file_status[0];
    expect(item.numTransactions).toBeGreaterThan(0);
    for (const f of FIELDS) expect(item).not.toHaveProperty(f);
    expect(up.json.statement_summaries[0]).not.toHaveProperty('fraud_score');
    const res = await insights.post('/getresults', { appid: up.json.appinfo.appid });
    for (const f of FIELDS) expect(res.json.file_status[0]).not.toHaveProperty(f);
    const prog = await insights.post('/checkprogress', { appid: up.json.appinfo.appid, resfile: item.resfile });
    expect(prog.status).toBe(200);
    for (const f of FIELDS) expect(prog.json.file_status[0]).not.toHaveProperty(f);
    expect(res.text).not.toMatch(/tpreason|fraudscore|fraud_score|days after creation/);
  });

  it('thumbprint gets the score', async () => {
    const up = await thumb.post('/uploadpdfs', { appnumber: 'FR-4' }, [pdfFile(edited, 'edited.pdf')]);
    expect(up.status).toBe(200);
    expect(up.json.file_status[0].fraudscore).toBeLessThan(50);
    expect(up.json.file_status[0].tpreasonsIndexes).toContain(4);
  });

  it('data formats (MTJson) get no score', async () => {
    const up = await tp.post('/uploadpdfs', { appnumber: 'FR-5', accounttype: 'MTJson' }, [jsonFile(twoMonths('777'))]);
    expect(up.status).toBe(200);
    expect(up.json.file_status).toHaveLength(2);
    for (const item of up.json.file_status) for (const f of FIELDS) expect(item).not.toHaveProperty(f);
    for (const row of up.json.statement_summaries) expect(row).not.toHaveProperty('fraud_score');
  });
});
