import net from 'node:net';
import { SqliteStore } from '../../src/service/store/sqlite-store.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../src/service/store/db.js';
import { reserveKey } from '../../src/service/store/idempotency.js';
import { jsonFile, newAccount, serviceOn, startTestService, twoMonths, type Client, type TestService } from './helpers.js';

let svc: TestService;
let c: Client;

beforeAll(async () => {
  svc = await startTestService();
  c = await newAccount(svc);
});
afterAll(async () => { await svc?.stop(); });

/** Sends the headers and half of a multipart body, then cuts the connection. */
function cutUpload(url: string, token: string, product: string, key: string): Promise<void> {
  const { hostname, port } = new URL(url);
  const boundary = 'ldboundary';
  const body = `--${boundary}\r\nContent-Disposition: form-data; name="appnumber"\r\n\r\nCUT-1\r\n--${boundary}\r\nContent-Disposition: form-data; name="accounttype"\r\n\r\nMTJson\r\n--${boundary}\r\nContent-Disposition: form-data; name="pdf-filename"; filename="a.json"\r\nContent-Type: application/json\r\n\r\n${twoMonths('cut')}\r\n--${boundary}--\r\n`;
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(`POST /api/v1.5/makecsv HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAuthorization: Bearer ${token}\r\nSvc-Product: ${product}\r\nIdempotency-Key: ${key}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`);
      socket.write(body.slice(0, Math.floor(body.length / 2)), () => setTimeout(() => { socket.destroy(); resolve(); }, 200));
    });
    socket.on('error', reject);
  });
}

describe('Idempotency-Key after failures on the client side or the service side', () => {
  it('an upload cut off mid-body frees its key: the retry with the same key converts', async () => {
    await cutUpload(svc.url, c.token, c.product, 'cut-1');
    await new Promise((r) => setTimeout(r, 300));
    const retry = await c.post('/makecsv', { appnumber: 'CUT-1', accounttype: 'MTJson' }, [jsonFile(twoMonths('cut'), 'a.json')], { 'idempotency-key': 'cut-1' });
    expect(retry.status).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(retry.json.file_status.length).toBeGreaterThan(0);
  });

  it('a key left pending by a killed service (nothing stored) is freed at start: the retry converts', async () => {
    const dataDir = svc.dataDir;
    await svc.close();
    // What a kill leaves behind: a key reserved by a request that never stored anything.
    const db = openDb(dataDir);
    const account = db.prepare('SELECT id FROM accounts ORDER BY id LIMIT 1').get() as { id: number };
    expect((await reserveKey(new SqliteStore(db), account.id, 'killed-1', 'makecsv')).state).toBe('new');
    expect((await reserveKey(new SqliteStore(db), account.id, 'killed-1', 'makecsv')).state).toBe('pending');
    db.close();
    const again = await serviceOn(dataDir);
    svc = again;
    c = new (c.constructor as typeof Client)(again.url, c.token, c.product);
    const r = await c.post('/makecsv', { appnumber: 'KILL-1', accounttype: 'MTJson' }, [jsonFile(twoMonths('kill'))], { 'idempotency-key': 'killed-1' });
    expect(r.status).toBe(200);
    expect(r.json.file_status[0].numTransactions).toBeGreaterThan(0);
  });
});
