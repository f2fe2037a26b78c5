import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { authenticate, mtjson, serviceOn, startTestService, type Client, type TestService } from './helpers.js';
import { recordingReceiver } from './recording-receiver.js';
import { unusedPort } from './unused-port.js';
import { FaultProxy } from '../core/fault-proxy.js';
import { signRequest } from '../../src/service/briefcase-peer/sign.js';
import { PEER_PATH } from '../../src/service/briefcase-peer/client.js';
import type { BriefcaseConfig } from '../../src/service/briefcase-peer/config.js';
import { makeStatementSpec, renderStatementPdf } from '../fixtures/generator/index.js';

/**
 * Briefcase between two real services, each on 127.0.0.1 with its own store, configured as each
 * other's peers: "lenders" (the sender's service) and "funders" (the receiver's). share → the
 * receiver's webhook → accept (the funders service fetches the documents) → the receiver reads
 * them read-only → update → reject; then what must be refused: an unconfigured remote, a party
 * the peer does not have, an unreachable or silent peer, bad signatures and replays, and an
 * accept while the sender's service is down (nothing stored, and it works once it is back).
 */
const SECRET = 'a-secret-both-services-hold-0123456789';

type Receiver = Awaited<ReturnType<typeof recordingReceiver>>;
/** The next webhook body of `event` the receiver got (taken off its list); bounded wait. */
async function nextEvent(rec: Receiver, event: string): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const at = rec.bodies.findIndex((b) => JSON.parse(b.body).event === event);
    if (at >= 0) return JSON.parse(rec.bodies.splice(at, 1)[0]!.body) as Record<string, unknown>;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no ${event} webhook arrived`);
}

const month = (m: number, amount: number) => ({
  start: `2026-0${m}-01`, end: `2026-0${m}-28`, startBalance: 100_000,
  txns: [{ date: `2026-0${m}-05`, description: 'CUSTOMER DEPOSIT', amount }, { date: `2026-0${m}-09`, description: 'RENT PAYMENT', amount: -20_000 }],
});

let lenders: TestService;
let funders: TestService;
/** A receiving service that takes at most 2000 bytes of documents in one exchange. */
let tight: TestService;
/** A receiving service that reaches the sender's service through a proxy that drops or fails answers. */
let flaky: TestService;
let proxy: FaultProxy;
let lendersConfig: { briefcase: BriefcaseConfig; allowPrivateWebhooks: true };
let lendersPort: number;
let lender: Client;
let funder: Client;
let lenderHooks: Receiver;
let funderHooks: Receiver;
let silent: net.Server;
let appid: number;
let pdf: Awaited<ReturnType<typeof renderStatementPdf>>;

beforeAll(async () => {
  lenderHooks = await recordingReceiver();
  funderHooks = await recordingReceiver();
  // A peer that takes connections and never answers.
  silent = net.createServer(() => undefined);
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
  const closedPort = await unusedPort();
  const fundersPort = await unusedPort();
  const tightPort = await unusedPort();
  const flakyPort = await unusedPort();
  lendersConfig = {
    allowPrivateWebhooks: true,
    briefcase: {
      peerTimeoutMs: 1000,
      remotes: {
        funders: { url: `http://127.0.0.1:${fundersPort}`, secret: SECRET, as: 'lenders', accounts: ['funder', 'nofeature', 'ghost'] },
        offline: { url: `http://127.0.0.1:${closedPort}`, secret: SECRET, as: 'lenders', accounts: ['*'] },
        tight: { url: `http://127.0.0.1:${tightPort}`, secret: SECRET, as: 'lenders', accounts: ['*'] },
        flaky: { url: `http://127.0.0.1:${flakyPort}`, secret: SECRET, as: 'lenders', accounts: ['*'] },
        mute: { url: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`, secret: SECRET, as: 'lenders', accounts: ['*'] },
      },
    },
  };
  lenders = await startTestService(lendersConfig);
  lendersPort = Number(new URL(lenders.url).port);
  funders = await startTestService({
    allowPrivateWebhooks: true,
    briefcase: { remotes: { lenders: { url: lenders.url, secret: SECRET, as: 'funders', accounts: ['lender'] } } },
  }, { port: fundersPort });
  tight = await startTestService({
    allowPrivateWebhooks: true,
    briefcase: { maxBundleBytes: 2000, remotes: { lenders: { url: lenders.url, secret: SECRET, as: 'tight', accounts: ['*'] } } },
  }, { port: tightPort });
  proxy = await FaultProxy.start(lenders.url);
  flaky = await startTestService({
    allowPrivateWebhooks: true,
    briefcase: { remotes: { lenders: { url: proxy.url, secret: SECRET, as: 'flaky', accounts: ['*'] } } },
  }, { port: flakyPort });
  lender = await lenders.addAccount('lender', 'pdfinsightstp', ['briefcase'], 100, { briefcaseWebhook: lenderHooks.url });
  funder = await funders.addAccount('funder', 'pdfinsightstp', ['briefcase'], 100, { briefcaseWebhook: funderHooks.url });
  await funders.addAccount('nofeature', 'pdfinsightstp', []);
  // A statement PDF made by the project's generator, converted on the sending service.
  pdf = await renderStatementPdf(makeStatementSpec({ seed: 73, layout: 'chase', months: 1 }));
  const made = await lender.post('/uploadpdfs', { appnumber: 'BC-300' }, [{ name: 'january.pdf', bytes: pdf.bytes, type: 'application/pdf' }]);
  expect(made.status, made.text).toBe(200);
  appid = made.json.appinfo.appid;
});
afterAll(async () => {
  await funders?.stop();
  await tight?.stop();
  await flaky?.stop();
  await proxy?.close();
  await lenders?.stop();
  lenderHooks?.close();
  funderHooks?.close();
  silent?.close();
});

/** The figures of statement summaries, without the ids each service gives its own rows. */
const figures = (summaries: Array<Record<string, unknown>>) => summaries.map(({ tid: _t, statementid: _s, ...rest }) => rest);

describe('Briefcase between two services configured as peers', () => {
  let shareid: string;
  let copyId: number;

  it('share: the offer reaches the receiver on the other service, whose webhook carries the key', async () => {
    const r = await lender.call('POST', '/briefcase/share', { appid: String(appid), connectionid: 'funder@funders', message: 'January' });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ status: 'offered', to: 'funder@funders', appid, appnumber: 'BC-300', documents: 1, receiverNotified: true });
    shareid = r.json.shareid;
    const hook = await nextEvent(funderHooks, 'briefcase.share');
    expect(hook).toMatchObject({ shareid, from: 'lender@lenders', appnumber: 'BC-300', message: 'January', documents: 1 });
    expect((hook.files as unknown[]).length).toBe(1);
    copyId = Number(hook.appid);
    // Nothing readable before accepting; the receiver's history shows the offer with its key.
    const early = await funder.call('POST', '/getresults', { appid: String(copyId) });
    expect(early.status).toBe(403);
    expect(early.json.error).toMatch(/not accepted: accept it with \/briefcase\/respond/);
    const h = await funder.call('GET', '/briefcase/history');
    expect(h.json).toEqual([expect.objectContaining({ shareid, direction: 'received', from: 'lender@lenders', to: 'funder', status: 'offered', documents: 1, sharekey: hook.sharekey })]);
    const sent = await lender.call('GET', '/briefcase/history');
    expect(sent.json[0]).toMatchObject({ shareid, direction: 'sent', to: 'funder@funders', status: 'offered' });
    expect(sent.json[0].sharekey).toBeUndefined();
  });

  it('accept: the documents come over, the sender hears it, the receiver reads them read-only', async () => {
    const key = String((await funder.call('GET', '/briefcase/history')).json[0].sharekey);
    expect((await funder.call('POST', '/briefcase/respond', { sharekey: 'not-the-key', action: 'accept' })).status).toBe(404);
    const r = await funder.call('POST', '/briefcase/respond', { sharekey: key, action: 'accept' });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toEqual({ shareid, status: 'accepted', from: 'lender@lenders', appid: copyId, appnumber: 'BC-300', senderNotified: true });
    const back = await nextEvent(lenderHooks, 'briefcase.respond');
    expect(back).toMatchObject({ shareid, to: 'funder@funders', appid, status: 'accepted' });
    expect((await funder.call('POST', '/briefcase/respond', { sharekey: key, action: 'reject' })).status).toBe(409);

    const own = await lender.call('POST', '/getresults', { appid: String(appid) });
    const seen = await funder.call('POST', '/getresults', { appid: String(copyId) });
    expect(seen.status).toBe(200);
    expect(figures(seen.json.statement_summaries)).toEqual(figures(own.json.statement_summaries));
    // The copy's file_status names the copy's own statements.
    expect(seen.json.file_status.map((f: { tid: string }) => f.tid)).toEqual(seen.json.statement_summaries.map((s: { tid: string }) => s.tid));
    expect(seen.json.statement_summaries[0].tid).toMatch(new RegExp(`^${copyId}-`));
    const tx = await funder.call('POST', '/transactions', { appid: String(copyId), structured: 'true' });
    expect(tx.status).toBe(200);
    expect(JSON.stringify(tx.json)).toContain(JSON.stringify(pdf.truth[0]!.transactions[0]!.description).slice(1, -1));
    expect(JSON.stringify(tx.json)).toEqual(JSON.stringify(await (await lender.call('POST', '/transactions', { appid: String(appid), structured: 'true' })).json));
    expect((await funder.call('POST', '/scorecard', { appid: String(copyId), format: 'jsonobject' })).status).toBe(200);
    // The original file came over too: the zip of the copy holds it.
    const zip = await funder.call('POST', '/ziparchive', { appid: String(copyId) });
    expect(zip.status).toBe(200);
    expect(zip.text.slice(0, 2)).toBe('PK');
    expect(zip.text).toContain('january.pdf');
    const apps = await funder.call('GET', '/getapps');
    expect(apps.json).toEqual([expect.objectContaining({ appid: copyId, appnumber: 'BC-300', totalstatements: 1, briefcase: { shareid, from: 'lender@lenders', readOnly: true } })]);
    const tid = seen.json.statement_summaries[0].tid;
    for (const [p, fields] of [
      ['/updatesummary', { appid: String(copyId), tid, startbalance: '1' }],
      ['/deletestmt', { appid: String(copyId), tid }],
      ['/briefcase/share', { appid: String(copyId), connectionid: 'nofeature' }],
      ['/makecsv', { appnumber: 'BC-300', appid: String(copyId), accounttype: 'MTJson', jsondata: mtjson([month(2, 1)]) }],
    ] as const) {
      const w = await funder.call('POST', p, fields);
      expect(w.status, p).toBe(403);
      expect(w.json.error, p).toMatch(new RegExp(`shared with you read-only through Briefcase \\(share ${shareid} from lender@lenders\\)`));
    }
    const sent = await lender.call('GET', '/briefcase/history');
    expect(sent.json[0]).toMatchObject({ shareid, status: 'accepted', respondedAt: expect.any(String) });
  });

  it('update: the new statement is carried over and the receiver is told', async () => {
    const more = await lender.call('POST', '/makecsv', { appnumber: 'BC-300', accounttype: 'MTJson', jsondata: mtjson([month(2, 70_000)]) });
    expect(more.status).toBe(200);
    const r = await lender.call('POST', '/briefcase/update', { appid: String(appid) });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toEqual({ appid, documents: 2, notified: [{ shareid, to: 'funder@funders', receiverNotified: true }] });
    const hook = await nextEvent(funderHooks, 'briefcase.update');
    expect(hook).toMatchObject({ shareid, from: 'lender@lenders', appid: copyId, status: 'accepted', documents: 2 });
    const own = await lender.call('POST', '/getresults', { appid: String(appid) });
    const seen = await funder.call('POST', '/getresults', { appid: String(copyId) });
    expect(seen.json.statement_summaries).toHaveLength(2);
    expect(figures(seen.json.statement_summaries)).toEqual(figures(own.json.statement_summaries));
    const h = await funder.call('GET', '/briefcase/history');
    expect(h.json[0]).toMatchObject({ shareid, status: 'accepted', updates: 1, documents: 2 });
  });

  it('reject: the sender hears it; nothing of the application is readable on the receiving service', async () => {
    const made = await lender.call('POST', '/makecsv', { appnumber: 'BC-301', accounttype: 'MTJson', jsondata: mtjson([month(3, 10_000)]) });
    const id2 = made.json.appinfo.appid as number;
    const s = await lender.call('POST', '/briefcase/share', { appid: String(id2), connectionid: 'funder@funders' });
    expect(s.status, s.text).toBe(200);
    const hook = await nextEvent(funderHooks, 'briefcase.share');
    const r = await funder.call('POST', '/briefcase/respond', { sharekey: String(hook.sharekey), action: 'reject', reason: 'not our deal' });
    expect(r.status, r.text).toBe(200);
    expect(r.json.status).toBe('rejected');
    const back = await nextEvent(lenderHooks, 'briefcase.respond');
    expect(back).toMatchObject({ shareid: s.json.shareid, status: 'rejected', reason: 'not our deal' });
    const read = await funder.call('POST', '/getresults', { appid: String(hook.appid) });
    expect(read.status).toBe(403);
    expect(read.json.error).toMatch(/you rejected the Briefcase share/);
    expect((await lender.call('POST', '/briefcase/update', { appid: String(id2) })).status).toBe(409);
  });

  it('connections: each side names the other party as a remote one', async () => {
    const c = await lender.call('GET', '/briefcase/connections');
    expect(c.json).toMatchObject({ connectionid: 'lender', remotes: ['funders', 'offline', 'tight', 'flaky', 'mute'] });
    expect(c.json.connections).toEqual([{ connectionid: 'funder@funders', local: false, sent: 2, received: 0, accepted: 1, open: 0, lastOfferAt: expect.any(String) }]);
    const d = await funder.call('GET', '/briefcase/connections', { connectionid: 'lender@lenders' });
    expect(d.json.connections).toEqual([expect.objectContaining({ connectionid: 'lender@lenders', local: false, sent: 0, received: 2, accepted: 1 })]);
  });

  it('the other way round: the receiver shares its own application with the name the sender has there', async () => {
    const own = await funder.call('POST', '/makecsv', { appnumber: 'FD-1', accounttype: 'MTJson', jsondata: mtjson([month(5, 5_000)]) });
    const r = await funder.call('POST', '/briefcase/share', { appid: String(own.json.appinfo.appid), connectionid: 'lender@lenders' });
    expect(r.status, r.text).toBe(200);
    expect(r.json).toMatchObject({ to: 'lender@lenders', receiverNotified: true });
    const hook = await nextEvent(lenderHooks, 'briefcase.share');
    expect(hook).toMatchObject({ shareid: r.json.shareid, from: 'funder@funders', appnumber: 'FD-1', documents: 1 });
    const answer = await lender.call('POST', '/briefcase/respond', { sharekey: String(hook.sharekey), action: 'reject' });
    expect(answer.json).toMatchObject({ status: 'rejected', from: 'funder@funders' });
    expect(await nextEvent(funderHooks, 'briefcase.respond')).toMatchObject({ shareid: r.json.shareid, to: 'lender@lenders', status: 'rejected' });
    // The party of the other service stands here as an account that cannot sign in.
    expect((await authenticate(lenders.url, 'funder@funders', 'remote-party', 'pdfinsightstp')).status).toBe(401);
    await expect(lenders.addAccount('funder@funders', 'pdfinsightstp', ['briefcase'])).rejects.toThrow(/stands for funder of the Briefcase peer "funders" .*cannot be provisioned/);
  });

  it('refuses remote parties it cannot reach or may not name, storing nothing', async () => {
    const before = (await lender.call('GET', '/briefcase/history')).json.length;
    const cases: Array<[string, number, RegExp]> = [
      ['someone@elsewhere', 400, /remote service "elsewhere", which is not configured: .*config\.briefcase\.remotes\.elsewhere/],
      ['stranger@funders', 403, /stranger is not among the accounts of "funders" .*briefcase\.remotes\.funders\.accounts/],
      ['ghost@funders', 404, /remote service "funders" refused \(404\): to: no account ghost/],
      ['nofeature@funders', 409, /refused \(409\): to: nofeature does not take Briefcase shares/],
      ['anyone@offline', 502, /remote service "offline" .* cannot be reached .*\(3 attempts\); nothing was changed/],
      ['anyone@mute', 504, /remote service "mute" .* did not answer within 1000 ms \(3 attempts\)/],
    ];
    for (const [connectionid, status, message] of cases) {
      const r = await lender.call('POST', '/briefcase/share', { appid: String(appid), connectionid });
      expect(r.status, connectionid).toBe(status);
      expect(r.json.error, connectionid).toMatch(message);
    }
    expect((await lender.call('GET', '/briefcase/history')).json).toHaveLength(before);
  });

  it('documents over the receiving service\'s size limit are refused on accept, and nothing is stored', async () => {
    const taker = await tight.addAccount('taker', 'pdfinsightstp', ['briefcase']);
    const s = await lender.call('POST', '/briefcase/share', { appid: String(appid), connectionid: 'taker@tight' });
    expect(s.status, s.text).toBe(200);
    const [offer] = (await taker.call('GET', '/briefcase/history')).json;
    const r = await taker.call('POST', '/briefcase/respond', { sharekey: offer.sharekey, action: 'accept' });
    expect(r.status).toBe(502);
    expect(r.json.error).toMatch(/remote service "lenders" answered .*over briefcase\.maxBundleBytes \(2000/);
    expect((await taker.call('GET', '/briefcase/history')).json[0]).toMatchObject({ shareid: s.json.shareid, status: 'offered' });
    expect((await taker.call('POST', '/getresults', { appid: String(offer.appid) })).status).toBe(403);
    const sent = (await lender.call('GET', '/briefcase/history')).json.find((i: { shareid: string }) => i.shareid === s.json.shareid);
    expect(sent.status).toBe('offered');
  });

  it('an accept the sender\'s service does not confirm stores nothing; accepting again completes it', async () => {
    const taker = await flaky.addAccount('taker', 'pdfinsightstp', ['briefcase']);
    const s = await lender.call('POST', '/briefcase/share', { appid: String(appid), connectionid: 'taker@flaky' });
    expect(s.status, s.text).toBe(200);
    const [offer] = (await taker.call('GET', '/briefcase/history')).json;
    const senderSide = async () => (await lender.call('GET', '/briefcase/history')).json.find((i: { shareid: string }) => i.shareid === s.json.shareid);
    const receiverSide = async () => (await taker.call('GET', '/briefcase/history')).json.find((i: { shareid: string }) => i.shareid === s.json.shareid);
    // The documents come, then every attempt to tell the sender's service meets a failing gateway.
    proxy.inject('/api/briefcase-peer/v1/respond', { kind: 'gateway', status: 503 }, 3);
    const failed = await taker.call('POST', '/briefcase/respond', { sharekey: offer.sharekey, action: 'accept' });
    expect(failed.status).toBe(502);
    expect(failed.json.error).toMatch(/remote service "lenders" .*failed \(503, not signed: a gateway .*\(3 attempts\); nothing was changed/);
    expect(await receiverSide()).toMatchObject({ status: 'offered', sharekey: offer.sharekey });
    expect((await taker.call('POST', '/getresults', { appid: String(offer.appid) })).status).toBe(403);
    expect((await senderSide()).status).toBe('offered');
    // The sender's service records the answer, but none of its confirmations gets back.
    proxy.inject('/api/briefcase-peer/v1/respond', { kind: 'drop' }, 3);
    expect((await taker.call('POST', '/briefcase/respond', { sharekey: offer.sharekey, action: 'accept' })).status).toBe(502);
    expect((await senderSide()).status).toBe('accepted');
    expect((await receiverSide()).status).toBe('offered');
    await nextEvent(lenderHooks, 'briefcase.respond');
    // Accepting again fetches the documents of the accepted share and is confirmed as a repeat.
    const ok = await taker.call('POST', '/briefcase/respond', { sharekey: offer.sharekey, action: 'accept' });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json).toMatchObject({ status: 'accepted', senderNotified: true });
    expect((await receiverSide()).status).toBe('accepted');
    expect((await taker.call('POST', '/getresults', { appid: String(offer.appid) })).json.statement_summaries).toHaveLength(2);
    expect(proxy.log.filter((e) => e.path.endsWith('/respond')).length).toBe(7);
    // Only one answer reached the sender's webhook.
    expect(lenderHooks.bodies.filter((b) => JSON.parse(b.body).event === 'briefcase.respond')).toEqual([]);
  });

  it('the peer endpoints take only signed, fresh, first-time requests', async () => {
    const url = `${funders.url}${PEER_PATH}/offer`;
    const body = JSON.stringify({ shareid: 'bc_forged000', key: 'k'.repeat(32), from: 'lender', to: 'funder', appnumber: 'X', owner: '', message: '', documents: 0, files: [], offeredAt: new Date().toISOString() });
    const post = async (headers: Record<string, string>, text = body) => {
      const r = await request(url, { method: 'POST', body: text, headers: { 'content-type': 'application/json', ...headers } });
      return { status: r.statusCode, json: await r.body.json() as { error: string } };
    };
    const wrong = await post(signRequest('not-the-secret-but-long-enough-000000', 'lenders', 'POST', 'offer', body));
    expect(wrong.status).toBe(401);
    expect(wrong.json.error).toMatch(/signature does not match/);
    expect((await post({})).json.error).toMatch(/x-ledgerdrop-peer: is required/);
    const unknown = await post(signRequest(SECRET, 'strangers', 'POST', 'offer', body));
    expect(unknown.json.error).toMatch(/"strangers" is no peer configured/);
    const stale = await post(signRequest(SECRET, 'lenders', 'POST', 'offer', body, Date.now() - 10 * 60_000));
    expect(stale.status).toBe(401);
    expect(stale.json.error).toMatch(/more than 5 minutes from this service's clock/);
    const changed = signRequest(SECRET, 'lenders', 'POST', 'offer', body);
    expect((await post(changed, body.replace('"X"', '"Y"'))).json.error).toMatch(/signature does not match/);
    // A correctly signed request is taken once; the same bytes again are a replay.
    const good = signRequest(SECRET, 'lenders', 'POST', 'offer', body);
    const first = await post(good);
    expect(first.status, JSON.stringify(first.json)).toBe(200);
    const replay = await post(good);
    expect(replay.status).toBe(401);
    expect(replay.json.error).toMatch(/already received \(a replay\)/);
    await nextEvent(funderHooks, 'briefcase.share');
  });

  it('accept while the sending service is down: refused, nothing stored; accepted once it is back', async () => {
    const made = await lender.call('POST', '/makecsv', { appnumber: 'BC-302', accounttype: 'MTJson', jsondata: mtjson([month(4, 30_000)]) });
    const s = await lender.call('POST', '/briefcase/share', { appid: String(made.json.appinfo.appid), connectionid: 'funder@funders' });
    expect(s.status, s.text).toBe(200);
    const hook = await nextEvent(funderHooks, 'briefcase.share');
    const dataDir = lenders.dataDir;
    await lenders.close();
    const down = await funder.call('POST', '/briefcase/respond', { sharekey: String(hook.sharekey), action: 'accept' });
    expect(down.status).toBe(502);
    expect(down.json.error).toMatch(/remote service "lenders" .* cannot be reached .*nothing was changed/);
    const h = await funder.call('GET', '/briefcase/history');
    expect(h.json.find((i: { shareid: string }) => i.shareid === s.json.shareid)).toMatchObject({ status: 'offered', sharekey: hook.sharekey });
    expect((await funder.call('POST', '/getresults', { appid: String(hook.appid) })).status).toBe(403);

    lenders = await serviceOn(dataDir, lendersConfig, { port: lendersPort });
    const r = await funder.call('POST', '/briefcase/respond', { sharekey: String(hook.sharekey), action: 'accept' });
    expect(r.status, r.text).toBe(200);
    const seen = await funder.call('POST', '/getresults', { appid: String(hook.appid) });
    expect(seen.status).toBe(200);
    expect(seen.json.statement_summaries).toHaveLength(1);
    expect(await nextEvent(lenderHooks, 'briefcase.respond')).toMatchObject({ shareid: s.json.shareid, status: 'accepted' });
  });
});
