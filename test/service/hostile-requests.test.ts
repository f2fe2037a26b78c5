import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonFile, mtjson, newAccount, send, startTestService, twoMonths, type Client, type TestService } from './helpers.js';

let svc: TestService;
let c: Client;
beforeAll(async () => {
  svc = await startTestService({ maxFormBytes: 64 * 1024 });
  c = await newAccount(svc, 'pdfinsightstp');
});
afterAll(async () => { await svc?.stop(); });

describe('request hygiene', () => {
  it('a signed link whose signature has non-ASCII characters is 403, never 500', async () => {
    const r = await c.post('/uploadpdfs', { appnumber: 'H-LINK', accounttype: 'MTJson' }, [jsonFile(twoMonths())]);
    const link = (await c.post('/scorecard/signedUrl', { appid: r.json.appinfo.appid })).json.url as string;
    expect((await send(link, { method: 'GET' })).status).toBe(200);
    const u = new URL(link);
    const sig = u.searchParams.get('sig')!;
    // Same number of characters as the real signature, more bytes.
    u.searchParams.set('sig', 'é'.repeat(sig.length));
    const bad = await send(u.href, { method: 'GET' });
    expect(bad.status).toBe(403);
    expect(bad.json.error).toMatch(/signature/);
    u.searchParams.set('sig', `${sig.slice(0, -1)}\u{1F600}`);
    expect((await send(u.href, { method: 'GET' })).status).toBe(403);
  });

  it('a malformed URL is 400 with {error} naming it', async () => {
    const r = await send(`${svc.url}/api/v1.5/%`, { method: 'GET' });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(/malformed URL/);
    const q = await c.get('/getapps', { limit: '%' });
    expect(q.status).toBe(400);
  });

  it('/updatesummary refuses amounts out of range (1e22) with 400 naming the field', async () => {
    const r = await c.post('/uploadpdfs', { appnumber: 'H-SUM', accounttype: 'MTJson' }, [jsonFile(twoMonths('55'))]);
    const { appid } = r.json.appinfo;
    const tid = r.json.statement_summaries[0].tid as string;
    for (const v of ['10000000000000000000000', '-100000000001']) {
      const bad = await c.post('/updatesummary', { appid, tid, startbalance: v });
      expect(bad.status).toBe(400);
      expect(bad.json.error).toMatch(/^startbalance: must be between/);
    }
    expect((await c.post('/updatesummary', { appid, tid, endbalance: '100000000000' })).status).toBe(200);
  });

  it('an endpoint that takes no document refuses a body over maxFormBytes with 413 (urlencoded and multipart)', async () => {
    const big = 'x'.repeat(100 * 1024);
    const u = await send(`${svc.url}/api/v1.5/scorecard`, {
      method: 'POST', headers: { authorization: `Bearer ${c.token}`, 'svc-product': 'pdfinsightstp', 'content-type': 'application/x-www-form-urlencoded' },
      body: `appid=1&pad=${big}`,
    });
    expect(u.status).toBe(413);
    const m = await c.post('/scorecard', { appid: 1, pad: big });
    expect(m.status).toBe(413);
    expect(m.json.error).toMatch(/too large/);
    const f = await c.post('/scorecard', { appid: 1 }, [{ field: 'x', name: 'x.bin', bytes: new Uint8Array(100 * 1024) }]);
    expect(f.status).toBe(413);
    // the upload endpoints keep their own, larger limit
    const ok = await c.post('/uploadpdfs', { appnumber: 'H-BIG', accounttype: 'MTJson' }, [jsonFile(twoMonths('77') + ' '.repeat(100 * 1024))]);
    expect(ok.status).toBe(200);
  });
});

describe('duplicates', () => {
  it('the same statement again (another file name, another spacing) is marked and counted once', async () => {
    const first = await c.post('/uploadpdfs', { appnumber: 'H-DUP', accounttype: 'MTJson', includescorecard: true, format: 'jsonobject' }, [jsonFile(twoMonths('42'), 'january.json')]);
    expect(first.status).toBe(200);
    const { appid } = first.json.appinfo;
    const revenue = first.json.scorecard.metrics.revenue_statistics;
    expect(first.json.file_status.every((f: any) => !f.duplicate)).toBe(true);
    const again = JSON.stringify(JSON.parse(twoMonths('42')), null, 2);
    const second = await c.post('/uploadpdfs', { appnumber: 'H-DUP', appid, accounttype: 'MTJson', includescorecard: true, format: 'jsonobject' }, [jsonFile(again, 'copy of january.json')]);
    expect(second.status).toBe(200);
    const dup = second.json.file_status as any[];
    expect(dup).toHaveLength(2);
    for (const [i, f] of dup.entries()) {
      expect(f.duplicate).toBe(true);
      expect(f.duplicateOf).toEqual({ statementid: first.json.file_status[i].statementid, tid: first.json.file_status[i].tid, fileName: 'january.json' });
    }
    const sums = second.json.statement_summaries as any[];
    expect(sums).toHaveLength(4);
    expect(sums.filter((s) => s.duplicate)).toHaveLength(2);
    expect(sums.find((s) => s.duplicate).duplicate_of.file_name).toBe('january.json');
    expect(second.json.scorecard.metrics.revenue_statistics).toEqual(revenue);
    expect(second.json.appinfo.totalstatements).toBe(2);
    // deleting the original makes the copy count: still once
    for (const f of first.json.file_status) expect((await c.post('/deletestmt', { appid, tid: f.tid })).status).toBe(200);
    const card = await c.post('/scorecard', { appid, format: 'jsonobject' });
    expect(card.json.metrics.revenue_statistics).toEqual(revenue);
    // a statement that differs by one description is not a duplicate (January); February is
    const other = await c.post('/uploadpdfs', { appnumber: 'H-DUP', appid, accounttype: 'MTJson' }, [jsonFile(twoMonths('42', 'other'), 'january.json')]);
    expect(other.json.file_status.filter((f: any) => f.duplicate)).toHaveLength(1); // February is the same
  });
});

describe('formula text in exports', () => {
  const evil = ['=HYPERLINK("http://evil.example/?x","click")', '+1+2', '-3+4', '@SUM(A1:A2)', '\tTAB', '\rCR'];
  let appid: number;
  beforeAll(async () => {
    const txns = evil.map((d, i) => ({ date: `2024-05-${String(i + 2).padStart(2, '0')}`, description: d, amount: i % 2 ? -1234 : 5678 }));
    const r = await c.post('/uploadpdfs', { appnumber: 'H-CSV', accounttype: 'MTJson' }, [jsonFile(mtjson([{ account: '=1+1', start: '2024-05-01', end: '2024-05-31', startBalance: 10_000, txns }]))]);
    expect(r.status).toBe(200);
    appid = r.json.appinfo.appid;
  });

  it('/transactions CSV: every text cell starting with = + - @ tab CR is neutralised; money stays numeric', async () => {
    const r = await c.post('/transactions', { appid });
    expect(r.status).toBe(200);
    const rows = parseCsv(r.text).slice(1);
    expect(rows).toHaveLength(evil.length);
    for (const row of rows) {
      for (const [i, cell] of row.entries()) {
        if (i === 7 || i === 8) { expect(cell).toMatch(/^-?\d+\.\d{2}$/); continue; } // Amount, Balance
        expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      }
    }
    // descriptions are read trimmed: a leading tab or CR is gone, the rest keeps its apostrophe
    expect(rows.map((x) => x[4])).toEqual(evil.map((d) => d.trim()).map((d) => (/^[=+\-@]/.test(d) ? `'${d}` : d)));
    expect(rows[1]![7]).toBe('-12.34');
    expect(rows[0]![0]).toBe("'=1+1");
  });

  it('/makexls: no string cell starts like a formula, no formula cells; amounts are numbers', async () => {
    const r = await send(`${svc.url}/api/v1.5/makexls`, {
      method: 'POST', headers: { authorization: `Bearer ${c.token}`, 'svc-product': 'pdfinsightstp', 'content-type': 'application/x-www-form-urlencoded' },
      body: `appid=${appid}`,
    });
    expect(r.status).toBe(200);
    const res = await (await import('undici')).request(`${svc.url}/api/v1.5/makexls`, {
      method: 'POST', headers: { authorization: `Bearer ${c.token}`, 'svc-product': 'pdfinsightstp', 'content-type': 'application/x-www-form-urlencoded' },
      body: `appid=${appid}`,
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.body.arrayBuffer()) as unknown as ArrayBuffer);
    let texts = 0, negatives = 0;
    book.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => {
      expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
      if (typeof cell.value === 'string') { texts++; expect(cell.value).not.toMatch(/^[=+\-@\t\r]/); }
      if (typeof cell.value === 'number' && cell.value < 0) negatives++;
    })));
    expect(texts).toBeGreaterThan(0);
    expect(negatives).toBeGreaterThan(0);
  });
});

describe('data folder permissions', () => {
  it.skipIf(process.platform === 'win32')('the folder is 0700, the database and stored files 0600', async () => {
    const mode = (p: string) => fs.statSync(p).mode & 0o777;
    expect(mode(svc.dataDir)).toBe(0o700);
    expect(mode(path.join(svc.dataDir, 'ledgerdrop.sqlite'))).toBe(0o600);
    const stored = path.join(svc.dataDir, 'files');
    expect(mode(stored)).toBe(0o700);
    const files = fs.readdirSync(stored, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(mode(path.join(f.parentPath, f.name))).toBe(0o600);
    for (const side of ['-wal', '-shm']) {
      const p = path.join(svc.dataDir, `ledgerdrop.sqlite${side}`);
      if (fs.existsSync(p)) expect(mode(p)).toBe(0o600);
    }
  });
});

/** RFC 4180 reader (quoted fields, doubled quotes, CRLF rows). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [], cell = '', quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (ch === '"') quoted = false; else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') { row.push(cell); cell = ''; }
    else if (ch === '\r' && text[i + 1] === '\n') { row.push(cell); rows.push(row); row = []; cell = ''; i++; }
    else cell += ch;
  }
  return rows;
}

describe("the window's CSV export", () => {
  it('neutralises formula text; money stays number text', async () => {
    const { flattenTransactions, transactionsCsv } = await import('../../src/renderer/data/transactions.js');
    const rows = flattenTransactions([{ 'Account Number': '', 'Account Name': '', Statements: [{ transactions: [
      { id: 1, date: '2026-01-03', description: '=HYPERLINK("http://evil.example","x")', amount: -1500.25, balance: 999.75, tags: [{ tagName: '@cat' }] },
      { id: 2, date: '2026-01-04', description: '+SUM(1)', amount: 25, balance: 1024.75, tags: [] },
    ] }] }] as never);
    const lines = transactionsCsv(rows).split('\r\n');
    expect(lines[1]).toBe(`1,2026-01-03,,"'=HYPERLINK(""http://evil.example"",""x"")",-1500.25,999.75,'@cat`);
    expect(lines[2]).toBe("2,2026-01-04,,'+SUM(1),25.00,1024.75,");
  });
});
