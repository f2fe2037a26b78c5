import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticate, Client, mtjson, startTestService, type TestService } from './helpers.js';
import { provisionAccount } from '../../src/service/index.js';
import { verifySignature } from '../../src/service/webhooks/index.js';
import { API_VERSIONS } from '../../src/contract/api/versions.js';

/**
 * Briefcase between two accounts of one real service over HTTP: share → the receiver's webhook
 * carries the key → accept → the receiver reads the documents read-only → update → history and
 * connections. Webhooks go to real receivers on 127.0.0.1 and are checked with each account's
 * signing secret.
 */
interface Hook { event: string; body: Record<string, unknown>; signed: boolean }

async function receiver(secretOf: () => string) {
  const got: Hook[] = [];
  const waiters: Array<() => void> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      got.push({ event: String(req.headers['x-ledgerdrop-event']), body: JSON.parse(raw.toString('utf8')), signed: verifySignature(secretOf(), raw, req.headers['x-signature'] as string) });
      res.writeHead(200).end();
      for (const w of waiters.splice(0)) w();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const next = async (event: string): Promise<Hook> => {
    for (;;) {
      const found = got.find((h) => h.event === event);
      if (found) { got.splice(got.indexOf(found), 1); return found; }
      await new Promise<void>((r) => waiters.push(r));
    }
  };
  return { url, next, got, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const month = (m: number, amount: number) => ({
  start: `2026-0${m}-01`, end: `2026-0${m}-28`, startBalance: 100_000,
  txns: [{ date: `2026-0${m}-05`, description: 'CUSTOMER DEPOSIT', amount }, { date: `2026-0${m}-09`, description: 'RENT PAYMENT', amount: -20_000 }],
});

let svc: TestService;
let sender: Client;
let recv: Client;
let hooksOfSender: Awaited<ReturnType<typeof receiver>>;
let hooksOfReceiver: Awaited<ReturnType<typeof receiver>>;
let appid: number;
const secrets: Record<string, string> = {};

async function account(username: string, features: string[], webhook?: string): Promise<Client> {
  await provisionAccount(svc.dataDir, { username, password: `pw-${username}`, product: 'pdfinsightstp', features, conversions: 100, ...(webhook ? { briefcaseWebhook: webhook } : {}) }, { scryptCost: 1 << 14 });
  const db = new Database(path.join(svc.dataDir, 'ledgerdrop.sqlite'), { readonly: true });
  secrets[username] = (db.prepare('SELECT webhook_secret AS s FROM accounts WHERE username = ?').get(username) as { s: string }).s;
  db.close();
  const r = await authenticate(svc.url, username, `pw-${username}`, 'pdfinsightstp');
  return new Client(svc.url, r.text, 'pdfinsightstp');
}

beforeAll(async () => {
  svc = await startTestService({ allowPrivateWebhooks: true, briefcase: { remotes: { partner: { url: 'https://partner.example', secret: 'p'.repeat(32), as: 'here', accounts: ['underwriter'] } } } });
  hooksOfSender = await receiver(() => secrets.lender!);
  hooksOfReceiver = await receiver(() => secrets.funder!);
  sender = await account('lender', ['briefcase'], hooksOfSender.url);
  recv = await account('funder', ['briefcase'], hooksOfReceiver.url);
  const made = await sender.call('POST', '/makecsv', { appnumber: 'BC-100', accounttype: 'MTJson', jsondata: mtjson([month(1, 50_000)]) });
  expect(made.status).toBe(200);
  appid = made.json.appinfo.appid;
});
afterAll(async () => {
  await svc?.stop();
  await hooksOfSender?.close();
  await hooksOfReceiver?.close();
});

describe('Briefcase between accounts of one service', () => {
  let shareid: string;
  let sharekey: string;

  it('share: the receiver gets a signed webhook with the key; nothing is readable before accepting', async () => {
    expect((await recv.call('POST', '/getresults', { appid: String(appid) })).status).toBe(404);
    const r = await sender.call('POST', '/briefcase/share', { appid: String(appid), connectionid: 'funder', message: 'January statements' });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ status: 'offered', to: 'funder', appid, appnumber: 'BC-100', documents: 1, receiverNotified: true });
    shareid = r.json.shareid;
    const hook = await hooksOfReceiver.next('briefcase.share');
    expect(hook.signed).toBe(true);
    expect(hook.body).toMatchObject({ event: 'briefcase.share', shareid, from: 'lender', appid, appnumber: 'BC-100', message: 'January statements', documents: 1 });
    expect((hook.body.files as unknown[]).length).toBe(1);
    sharekey = String(hook.body.sharekey);
    expect(sharekey.length).toBeGreaterThanOrEqual(24);

    const early = await recv.call('POST', '/getresults', { appid: String(appid) });
    expect(early.status).toBe(403);
    expect(early.json.error).toMatch(/not accepted: accept it with \/briefcase\/respond/);
    // Only the receiver's own history shows the key, and only while the offer is open.
    const mine = await recv.call('GET', '/briefcase/history');
    expect(mine.json).toEqual([expect.objectContaining({ shareid, direction: 'received', from: 'lender', to: 'funder', status: 'offered', sharekey })]);
    const theirs = await sender.call('GET', '/briefcase/history');
    expect(theirs.json[0]).toMatchObject({ shareid, direction: 'sent', status: 'offered' });
    expect(theirs.json[0].sharekey).toBeUndefined();
  });

  it('respond: only the receiver, with the key, once; the sender gets the answer by webhook', async () => {
    expect((await recv.call('POST', '/briefcase/respond', { sharekey: 'wrong-key', action: 'accept' })).status).toBe(404);
    const bySender = await sender.call('POST', '/briefcase/respond', { sharekey, action: 'accept' });
    expect(bySender.status).toBe(404);
    const r = await recv.call('POST', '/briefcase/respond', { sharekey, action: 'accept' });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ shareid, status: 'accepted', from: 'lender', appid, appnumber: 'BC-100', senderNotified: true });
    const hook = await hooksOfSender.next('briefcase.respond');
    expect(hook.signed).toBe(true);
    expect(hook.body).toMatchObject({ shareid, to: 'funder', appid, status: 'accepted' });
    const again = await recv.call('POST', '/briefcase/respond', { sharekey, action: 'reject' });
    expect(again.status).toBe(409);
    expect(again.json.error).toMatch(/already answered \(accepted\)/);
  });

  it('the receiver reads the shared application among its own, read-only', async () => {
    const apps = await recv.call('GET', '/getapps');
    expect(apps.json).toEqual([expect.objectContaining({ appid, appnumber: 'BC-100', totalstatements: 1, briefcase: { shareid, from: 'lender', readOnly: true } })]);
    const own = await sender.call('POST', '/getresults', { appid: String(appid) });
    const seen = await recv.call('POST', '/getresults', { appid: String(appid) });
    expect(seen.status).toBe(200);
    expect(seen.json.statement_summaries).toEqual(own.json.statement_summaries);
    const tx = await recv.call('POST', '/transactions', { appid: String(appid), structured: 'true' });
    expect(tx.status).toBe(200);
    expect(JSON.stringify(tx.json)).toContain('CUSTOMER DEPOSIT');
    expect((await recv.call('POST', '/scorecard', { appid: String(appid), format: 'jsonobject' })).status).toBe(200);
    const tid = own.json.statement_summaries[0].tid;
    for (const [p, fields] of [
      ['/updatesummary', { appid: String(appid), tid, startbalance: '1' }],
      ['/deletestmt', { appid: String(appid), tid }],
      ['/briefcase/share', { appid: String(appid), connectionid: 'lender' }],
    ] as const) {
      const w = await recv.call('POST', p, fields);
      expect(w.status, p).toBe(403);
      expect(w.json.error, p).toMatch(/shared with you read-only through Briefcase .* from lender/);
    }
    const upload = await recv.call('POST', '/makecsv', { appnumber: 'BC-100', appid: String(appid), accounttype: 'MTJson', jsondata: mtjson([month(2, 1)]) });
    expect(upload.status).toBe(403);
    // The sender's statement is untouched.
    const after = await sender.call('POST', '/getresults', { appid: String(appid) });
    expect(after.json.statement_summaries).toEqual(own.json.statement_summaries);
  });

  it('update: the receiver is told the files changed and reads the new statement', async () => {
    const more = await sender.call('POST', '/makecsv', { appnumber: 'BC-100', accounttype: 'MTJson', jsondata: mtjson([month(2, 70_000)]) });
    expect(more.status).toBe(200);
    const r = await sender.call('POST', '/briefcase/update', { appid: String(appid) });
    expect(r.status).toBe(200);
    expect(r.json).toEqual({ appid, documents: 2, notified: [{ shareid, to: 'funder', receiverNotified: true }] });
    const hook = await hooksOfReceiver.next('briefcase.update');
    expect(hook.body).toMatchObject({ shareid, from: 'lender', appid, status: 'accepted', documents: 2 });
    const seen = await recv.call('POST', '/getresults', { appid: String(appid) });
    expect(seen.json.statement_summaries).toHaveLength(2);
    const h = await recv.call('GET', '/briefcase/history');
    expect(h.json[0]).toMatchObject({ shareid, status: 'accepted', updates: 1, documents: 2 });
    expect(h.json[0].sharekey).toBeUndefined();
    expect((await sender.call('POST', '/briefcase/update', { appid: String(appid), shareid: 'bc_nope' })).status).toBe(404);
  });

  it('reject: the sender hears it, the receiver cannot read', async () => {
    const made = await sender.call('POST', '/makecsv', { appnumber: 'BC-200', accounttype: 'MTJson', jsondata: mtjson([month(3, 10_000)]) });
    const id2 = made.json.appinfo.appid as number;
    const s = await sender.call('POST', '/briefcase/share', { appid: String(id2), connectionid: 'funder' });
    const hook = await hooksOfReceiver.next('briefcase.share');
    expect(hook.body.shareid).toBe(s.json.shareid);
    const r = await recv.call('POST', '/briefcase/respond', { sharekey: String(hook.body.sharekey), action: 'reject', reason: 'not our deal' });
    expect(r.json.status).toBe('rejected');
    const back = await hooksOfSender.next('briefcase.respond');
    expect(back.body).toMatchObject({ shareid: s.json.shareid, status: 'rejected', reason: 'not our deal' });
    const read = await recv.call('POST', '/getresults', { appid: String(id2) });
    expect(read.status).toBe(403);
    expect(read.json.error).toMatch(/you rejected the Briefcase share/);
    const upd = await sender.call('POST', '/briefcase/update', { appid: String(id2) });
    expect(upd.status).toBe(409);
  });

  it('connections: own connection ID, webhook, remotes, counts per party', async () => {
    const c = await sender.call('GET', '/briefcase/connections');
    expect(c.status).toBe(200);
    expect(c.json).toEqual({
      connectionid: 'lender', webhook: true, remotes: ['partner'],
      connections: [{ connectionid: 'funder', local: true, sent: 2, received: 0, accepted: 1, open: 0, lastOfferAt: expect.any(String) }],
    });
    const one = await recv.call('GET', '/briefcase/connections', { connectionid: 'lender' });
    expect(one.json.connections).toEqual([expect.objectContaining({ connectionid: 'lender', sent: 0, received: 2, accepted: 1 })]);
    expect((await recv.call('GET', '/briefcase/connections', { connectionid: 'nobody' })).status).toBe(404);
  });

  it('history covers the last 30 days only', async () => {
    const db = new Database(path.join(svc.dataDir, 'ledgerdrop.sqlite'));
    const old = new Date(Date.now() - 31 * 86_400_000).toISOString();
    db.prepare(`INSERT INTO briefcase_shares (share_id, share_key, sender_account_id, app_id, receiver_account_id, receiver_connection, status, offered_at)
      SELECT 'bc_old', 'old-key', sender_account_id, app_id, receiver_account_id, receiver_connection, 'offered', ? FROM briefcase_shares LIMIT 1`).run(old);
    db.close();
    const h = await recv.call('GET', '/briefcase/history');
    expect(h.json.map((i: { shareid: string }) => i.shareid)).not.toContain('bc_old');
    expect(h.json).toHaveLength(2);
  });

  it('refuses what it cannot do, naming why', async () => {
    await account('nofeature', []);
    const plain = await account('quiet', ['briefcase']);
    const cases: Array<[Record<string, string>, number, RegExp]> = [
      [{ connectionid: 'lender' }, 400, /your own connection ID/],
      [{ connectionid: 'ghost' }, 404, /no account ghost on this service/],
      [{ connectionid: 'nofeature' }, 409, /does not take Briefcase shares/],
      [{ connectionid: 'someone@elsewhere' }, 400, /config\.briefcase\.remotes\.elsewhere/],
      [{ connectionid: 'someone@partner' }, 403, /someone is not among the accounts of "partner" .*config briefcase\.remotes\.partner\.accounts/],
      [{ connectionid: 'funder', tids: 'a,b' }, 400, /tids: a share is the whole application/],
    ];
    for (const [fields, status, message] of cases) {
      const r = await sender.call('POST', '/briefcase/share', { appid: String(appid), ...fields });
      expect(r.status, JSON.stringify(fields)).toBe(status);
      expect(r.json.error).toMatch(message);
    }
    // A receiver without a Briefcase webhook still gets the offer (its history shows the key).
    const s = await sender.call('POST', '/briefcase/share', { appid: String(appid), connectionid: 'quiet' });
    expect(s.json.receiverNotified).toBe(false);
    const h = await plain.call('GET', '/briefcase/history');
    expect(h.json[0].sharekey).toEqual(expect.any(String));
    const off = await account('off', []);
    expect((await off.call('GET', '/briefcase/history')).status).toBe(403);
  });

  it.each([...API_VERSIONS])('is served under /api/v%s', async (version) => {
    const r = await recv.call('GET', '/briefcase/connections', {}, { version });
    expect(r.status).toBe(200);
    expect(r.json.connectionid).toBe('funder');
  });
});
