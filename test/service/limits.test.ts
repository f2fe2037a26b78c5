import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonFile, newAccount, startTestService, twoMonths, type Client, type TestService } from './helpers.js';

let svc: TestService;
let c: Client;
beforeAll(async () => {
  svc = await startTestService({ queueDepth: 2, maxFilesPerRequest: 3, maxUploadBytes: 64 * 1024 });
  c = await newAccount(svc, 'pdfinsightstp');
});
afterAll(async () => { await svc?.stop(); });

describe('Idempotency-Key', () => {
  it('a repeat with the same key returns the first response and converts nothing again', async () => {
    const key = { 'idempotency-key': 'upload-0001' };
    const r1 = await c.post('/uploadpdfs', { appnumber: 'I-1', accounttype: 'MTJson' }, [jsonFile(twoMonths('1'))], key);
    expect(r1.status).toBe(200);
    const remaining = (await c.get('/remaining')).json.Remaining;
    const r2 = await c.post('/uploadpdfs', { appnumber: 'I-1', accounttype: 'MTJson' }, [jsonFile(twoMonths('1'))], key);
    expect(r2.status).toBe(200);
    expect(r2.headers['idempotent-replayed']).toBe('true');
    expect(r2.json).toEqual(r1.json);
    expect((await c.get('/remaining')).json.Remaining).toBe(remaining);
    const results = await c.post('/getresults', { appid: r1.json.appinfo.appid });
    expect(results.json.file_status).toHaveLength(2);
    // the key is per account: another account with the same key really converts
    const other = await newAccount(svc, 'pdfinsightstp');
    const r3 = await other.post('/uploadpdfs', { appnumber: 'I-1', accounttype: 'MTJson' }, [jsonFile(twoMonths('1'))], key);
    expect(r3.status).toBe(200);
    expect(r3.headers['idempotent-replayed']).toBeUndefined();
    // the same key on the other endpoint is refused
    const r4 = await c.post('/makecsv', { appnumber: 'I-1', accounttype: 'MTJson' }, [jsonFile(twoMonths('1'))], key);
    expect(r4.status).toBe(422);
    expect(r4.json.error).toMatch(/Idempotency-Key/);
  });

  it('a 400 is replayed too (the request was answered); an over-long key is 400', async () => {
    const key = { 'idempotency-key': 'bad-request-key' };
    const r1 = await c.post('/makecsv', { appnumber: 'I-2', accounttype: 'Nope' }, [jsonFile(twoMonths())], key);
    expect(r1.status).toBe(400);
    const r2 = await c.post('/makecsv', { appnumber: 'I-2', accounttype: 'MTJson' }, [jsonFile(twoMonths())], key);
    expect(r2.status).toBe(400);
    expect(r2.json.error).toBe(r1.json.error);
    const long = await c.post('/makecsv', { appnumber: 'I-2', accounttype: 'MTJson' }, [jsonFile(twoMonths())], { 'idempotency-key': 'k'.repeat(300) });
    expect(long.status).toBe(400);
    expect(long.json.error).toMatch(/Idempotency-Key/);
  });
});

describe('Idempotency-Key while the first request is still running', () => {
  it('a repeat while the first is converting gets its 202 + resfile, converts nothing; after the first answers, repeats get its answer', async () => {
    const own = await startTestService({ syncWaitMs: 60_000 });
    try {
      const k = await newAccount(own, 'pdfinsightstp');
      own.conversions.pause();
      const key = { 'idempotency-key': 'concurrent-1' };
      const first = k.post('/makecsv', { appnumber: 'IC-1', accounttype: 'MTJson' }, [jsonFile(twoMonths())], key);
      // wait until the first request is queued (its conversions are stored), then repeat it
      for (let i = 0; i < 400 && own.conversions.depth === 0; i++) await new Promise((r) => setTimeout(r, 10));
      expect(own.conversions.depth).toBe(1);
      const second = await k.post('/makecsv', { appnumber: 'IC-1', accounttype: 'MTJson' }, [jsonFile(twoMonths())], key);
      expect(second.status).toBe(202);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.json.file_status).toHaveLength(1);
      expect(second.json.file_status[0].resfile).toMatch(/\.res$/);
      expect(own.conversions.depth).toBe(1);
      own.conversions.resume();
      const r1 = await first;
      expect(r1.status).toBe(200);
      expect(r1.json.file_status[0].resfile).toBe(second.json.file_status[0].resfile);
      const third = await k.post('/makecsv', { appnumber: 'IC-1', accounttype: 'MTJson' }, [jsonFile(twoMonths())], key);
      expect(third.status).toBe(200);
      expect(third.json).toEqual(r1.json);
    } finally {
      own.conversions.resume();
      await own.stop();
    }
  });
});

describe('429 on repeated identical uploads', () => {
  it('the same file more than 3 times to one application in 24 h is refused; other applications are fine', async () => {
    const file = twoMonths('429');
    for (let i = 0; i < 3; i++) {
      const r = await c.post('/makecsv', { appnumber: 'D-1', accounttype: 'MTJson', monthseqno: 1 }, [jsonFile(file)]);
      expect(r.status).toBe(200);
      expect(r.json.file_status[0].numInLast3Days).toBe(i);
    }
    const before = (await c.post('/new', { appnumber: 'D-1' })).json.totalstatements;
    const r = await c.post('/makecsv', { appnumber: 'D-1', accounttype: 'MTJson', monthseqno: 1 }, [jsonFile(file)]);
    expect(r.status).toBe(429);
    expect(r.json.error).toMatch(/already uploaded 3 times/);
    expect((await c.post('/new', { appnumber: 'D-1' })).json.totalstatements).toBe(before);
    const elsewhere = await c.post('/makecsv', { appnumber: 'D-2', accounttype: 'MTJson', monthseqno: 1 }, [jsonFile(file)]);
    expect(elsewhere.status).toBe(200);
  });
});

describe('limits', () => {
  it('503 when the conversion queue is over its depth; nothing stored; 200 again once drained', async () => {
    // Its own service: a short sync wait so the paused upload answers 202 at once.
    const q = await startTestService({ queueDepth: 2, syncWaitMs: 200 });
    const c = await newAccount(q, 'pdfinsightstp');
    q.conversions.pause();
    try {
      const first = await c.post('/uploadpdfs', { appnumber: 'Q-1', accounttype: 'MTJson' }, [jsonFile(twoMonths('q1')), jsonFile(twoMonths('q2'))]);
      expect(first.status).toBe(202);
      const full = await c.post('/uploadpdfs', { appnumber: 'Q-2', accounttype: 'MTJson' }, [jsonFile(twoMonths('q3'))]);
      expect(full.status).toBe(503);
      expect(full.json.error).toMatch(/queue is full/);
      expect(full.headers['retry-after']).toBe('5');
      const apps = (await c.get('/getapps', { limit: 1000 })).json.map((x: any) => x.appnumber);
      expect(apps).not.toContain('Q-2');
    } finally {
      q.conversions.resume();
    }
    let ok;
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      ok = await c.post('/uploadpdfs', { appnumber: 'Q-2', accounttype: 'MTJson' }, [jsonFile(twoMonths('q3'))]);
      if (ok.status !== 503) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect([200, 202]).toContain(ok!.status);
    await q.stop();
  });

  it('too many files and too large a file are 413 {error}', async () => {
    const many = await c.post('/uploadpdfs', { appnumber: 'M-1', accounttype: 'MTJson' }, [1, 2, 3, 4].map((i) => jsonFile(twoMonths(String(i)), `${i}.json`)));
    expect(many.status).toBe(413);
    expect(many.json.error).toMatch(/too many files/);
    const huge = await c.post('/uploadpdfs', { appnumber: 'M-1', accounttype: 'MTJson' }, [jsonFile('x'.repeat(70 * 1024), 'huge.json')]);
    expect(huge.status).toBe(413);
    expect(huge.json.error).toMatch(/too large/);
    const apps = (await c.get('/getapps', { limit: 1000 })).json.map((x: any) => x.appnumber);
    expect(apps).not.toContain('M-1');
  });

  it('a body that is not multipart is 415 {error}; a broken multipart body is 400', async () => {
    const { send } = await import('./helpers.js');
    const r = await send(`${svc.url}/api/v1.5/new`, { method: 'POST', headers: { authorization: `Bearer ${c.token}`, 'svc-product': c.product, 'content-type': 'application/xml' }, body: '<a/>' });
    expect(r.status).toBe(415);
    expect(r.json.error).toMatch(/multipart/);
    const broken = await send(`${svc.url}/api/v1.5/new`, { method: 'POST', headers: { authorization: `Bearer ${c.token}`, 'svc-product': c.product, 'content-type': 'multipart/form-data; boundary=zzz' }, body: '--zzz\r\nContent-Disposition: form-data; name="appnumber"\r\n\r\nX' });
    expect(broken.status).toBeGreaterThanOrEqual(400);
    expect(broken.status).toBeLessThan(500);
    expect(typeof broken.json.error).toBe('string');
  });
});
