import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStatementSpec, renderStatementPdf } from '../fixtures/generator/index.js';
import { request } from 'undici';
import { form, newAccount, startTestService, type Client, type TestService } from '../service/helpers.js';
import { pageTexts, readZip } from './helpers.js';

let svc: TestService;
let client: Client;
let appid: number;
const truths: { accountNumber: string; endDate: string; pages: number }[] = [];

beforeAll(async () => {
  svc = await startTestService();
  client = await newAccount(svc);
  for (const [i, layout] of (['chase', 'wellsfargo'] as const).entries()) {
    const pdf = await renderStatementPdf(makeStatementSpec({ seed: 700 + i, layout }));
    truths.push({ accountNumber: pdf.truth[0]!.accountNumber, endDate: pdf.truth[0]!.endDate!, pages: pdf.pageCount });
    const up = await client.post('/uploadpdfs', { appnumber: 'ZIP-1', accounttype: 'Bank' }, [{ name: `${layout}.pdf`, bytes: pdf.bytes, type: 'application/pdf' }]);
    expect(up.status).toBe(200);
    appid = up.json.appinfo.appid;
  }
});

afterAll(async () => { await svc?.stop(); });

describe('/ziparchive over HTTP with generated statements', () => {
  it('returns a zip named after the application, watermarked pages and names from the pattern', async () => {
    const res = await request(`${svc.url}/api/v1.5/ziparchive`, {
      method: 'POST',
      headers: { authorization: `Bearer ${client.token}`, 'svc-product': client.product },
      body: form({ appid, filenamePattern: '<account_number_last_4>_<year>-<month_num>', watermarkText: 'FOR LENDER REVIEW ONLY', watermarkIdText: 'Broker copy' }),
    });
    const body = Buffer.from(await res.body.arrayBuffer());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/zip/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="ZIP-1.zip"');
    const entries = await readZip(body);
    const expected = truths.map((t) => `${t.accountNumber.replace(/\s/g, '').slice(-4)}_${t.endDate.slice(0, 4)}-${t.endDate.slice(5, 7)}.pdf`);
    expect([...entries.keys()].filter((n) => n.endsWith('.pdf')).sort()).toEqual([...expected].sort());
    for (const [i, name] of expected.entries()) {
      const texts = await pageTexts(entries.get(name)!);
      expect(texts).toHaveLength(truths[i]!.pages);
      for (const t of texts) {
        expect(t).toContain('FOR LENDER REVIEW ONLY');
        expect(t).toMatch(/Broker copy · [0-9A-F]{8}-00\d/);
      }
    }
  });

  it('answers 400 naming the field for a logo that is not an image, and 404 for another account\'s application', async () => {
    const bad = await client.post('/ziparchive', { appid }, [{ field: 'watermarkLogo', name: 'logo.png', bytes: 'not an image at all' }]);
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/^watermarkLogo: is not a PNG, JPG or GIF image/);
    const other = await newAccount(svc);
    const foreign = await other.post('/ziparchive', { appid });
    expect(foreign.status).toBe(404);
  });
});
