import crypto from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ServiceContext } from '../context.js';
import { HttpError } from '../errors.js';
import { validated } from '../validation.js';
import { requireAuth } from '../auth-hook.js';
import { endpoint } from '../endpoint.js';
import { ownApp } from '../app-lookup.js';
import type { Account } from '../../store/accounts.js';
import { accountById, accountByName } from '../../store/accounts.js';
import { appById, type Application } from '../../store/applications.js';
import { filesOfApp } from '../../store/files.js';
import {
  answerShare, deleteOpenShare, insertShare, liveSharesOfApp, markShareUpdated, sentShare, shareByKey, sharesOf, sharesSince, type Share,
} from '../../store/briefcase.js';
import { callPeer, peerCallOf, PeerError, type PeerCall } from '../../briefcase-peer/client.js';
import { DEFAULT_MAX_BUNDLE_BYTES, peerAllows } from '../../briefcase-peer/config.js';
import { remotePartyOf } from '../../briefcase-peer/parties.js';
import { bundleFileBytes, bundleProblem, BundleSchema, exportBundle, importBundle, type Bundle } from '../../briefcase-peer/bundle.js';
import { dispatchEvent } from '../../webhooks/index.js';
import {
  BriefcaseConnectionsRequest, BriefcaseConnectionsResponse, BriefcaseHistoryRequest, BriefcaseRespondRequest, BriefcaseRespondResponse,
  BriefcaseShareItem, BriefcaseShareRequest, BriefcaseShareResponse, BriefcaseUpdateRequest, BriefcaseUpdateResponse,
} from '../../../contract/api/features.js';
import { z } from 'zod';

/** Offers shown by /briefcase/history: the reference's 30 days. */
export const BRIEFCASE_HISTORY_DAYS = 30;
/** Shares read to summarise connections (the newest ones). */
const CONNECTIONS_SCAN = 5000;
/** Files listed in one webhook (the count is always exact). */
const WEBHOOK_FILE_LIST = 500;

/** A remote party: `username` on the configured peer service `call.name`. */
interface RemoteParty { connectionid: string; username: string; call: PeerCall }

/**
 * A failed call to a peer as the client's answer: the peer's own refusal keeps its status when
 * it is about the request (404 no such party, 409 already answered or not taking shares, 413 too
 * large, 403 not allowed); anything else is the peer's failure (502, 504 for a timeout).
 */
function peerHttpError(err: unknown, doing: string): never {
  if (!(err instanceof PeerError)) throw err;
  if (err.kind === 'refused') {
    const status = err.status !== null && [403, 404, 409, 413].includes(err.status) ? err.status : 502;
    throw new HttpError(status, `${doing}: the remote service "${err.peer}" refused (${err.status}): ${err.message}`);
  }
  throw new HttpError(err.kind === 'timeout' ? 504 : 502, `${doing}: ${err.message}; nothing was changed, try again later`);
}

/**
 * Briefcase between accounts of this service: a sender offers a whole application to a
 * receiving account (its connection ID is its username); the receiver accepts or rejects with
 * the key its share webhook carried; once accepted, the receiver reads the application's
 * documents, results and scorecard through the usual endpoints, read-only. Webhooks go to the
 * receiver (share, update) and to the sender (respond) through the webhook dispatcher.
 *
 * With a party on a configured peer service (`user@peer`) the same calls go on between the two
 * services (routes/briefcase-peer.ts): the offer is delivered to the peer, the receiver's
 * service fetches the documents on accept and keeps a read-only copy, updates carry the new
 * documents, answers come back to the sender. Either side stores its part only once the other
 * took it.
 */
export const briefcaseRoutes: FastifyPluginAsync<{ ctx: ServiceContext }> = async (app, { ctx }) => {
  const feature = 'briefcase';
  const enabled = (request: FastifyRequest): { account: Account } => {
    const { account } = requireAuth(request);
    if (!account.features.includes(feature)) {
      throw new HttpError(403, `the briefcase feature is not enabled for this account; the operator enables it with: ledgerdrop accounts add ${account.username} … --features briefcase`);
    }
    return { account };
  };
  const documents = (appId: number) => filesOfApp(ctx.db, appId);
  const nameOf = async (id: number | null, fallback: string) => (id === null ? fallback : (await accountById(ctx.db, id))?.username ?? fallback);

  /** Queues a Briefcase webhook to an account, when it has a Briefcase webhook. */
  const notify = async (to: Account | null, appId: number, event: string, payload: Record<string, unknown>): Promise<boolean> => {
    const url = to?.profile.briefcaseWebhook;
    if (!to || !url) return false;
    await dispatchEvent({ db: ctx.db, accountId: to.id, appId, url, event, payload: { event, ...payload } });
    return true;
  };
  const fileList = async (appId: number) => (await documents(appId)).slice(0, WEBHOOK_FILE_LIST).map((f) => ({ fileName: f.fileName, sha256: f.sha256, size: f.size }));

  const maxBundle = ctx.config.briefcase?.maxBundleBytes ?? DEFAULT_MAX_BUNDLE_BYTES;

  /** Who a connection ID names: an account here, or a party of a configured peer service. */
  const receiverOf = async (connectionid: string, sender: Account): Promise<Account | RemoteParty> => {
    const local = await accountByName(ctx.db, connectionid);
    const standIn = remotePartyOf(local);
    if (local && !standIn) {
      if (local.id === sender.id) throw new HttpError(400, 'connectionid: that is your own connection ID; name the receiving party');
      if (!local.features.includes(feature)) throw new HttpError(409, `connectionid: ${connectionid} does not take Briefcase shares (the briefcase feature is not enabled for it)`);
      return local;
    }
    const at = connectionid.lastIndexOf('@');
    if (at > 0) {
      const remote = connectionid.slice(at + 1);
      const username = connectionid.slice(0, at);
      const call = peerCallOf(ctx.config.briefcase, remote);
      if (!call) {
        throw new HttpError(400, `connectionid: ${connectionid} is no account of this service and names the remote service "${remote}", which is not configured: the operator adds it as config.briefcase.remotes.${remote}`);
      }
      if (!peerAllows(call.peer, username)) {
        throw new HttpError(403, `connectionid: ${username} is not among the accounts of "${remote}" this service may share with (config briefcase.remotes.${remote}.accounts)`);
      }
      return { connectionid, username, call };
    }
    throw new HttpError(404, `connectionid: no account ${connectionid} on this service (a party on another service is named username@remote)`);
  };
  const isRemote = (r: Account | RemoteParty): r is RemoteParty => 'call' in r;

  /** The documents of a shared application as a peer takes them, refused when over the size limit. */
  const bundleOf = async (s: Share): Promise<Bundle> => {
    const bytes = await bundleFileBytes(ctx.db, s.appId);
    if (bytes > maxBundle) throw new HttpError(413, `appid: the documents of application ${s.appId} take ${bytes} bytes to send, over briefcase.maxBundleBytes (${maxBundle})`);
    const bundle = await exportBundle(ctx.db, s.appId, s.shareId);
    const size = Buffer.byteLength(JSON.stringify(bundle));
    if (size > maxBundle) throw new HttpError(413, `appid: the documents of application ${s.appId} take ${size} bytes to send, over briefcase.maxBundleBytes (${maxBundle})`);
    return bundle;
  };
  /** Documents a share shows: the application's files, or what a remote sender offered until they are fetched. */
  const documentCount = async (s: Share): Promise<number> => {
    if (s.peer !== null && s.receiverAccountId !== null && s.status === 'offered') return s.peerFiles?.length ?? 0;
    return (await documents(s.appId)).length;
  };

  const item = async (s: Share, me: Account): Promise<z.infer<typeof BriefcaseShareItem>> => {
    const application = await appById(ctx.db, s.senderAccountId, s.appId);
    const received = s.receiverAccountId === me.id;
    return {
      shareid: s.shareId, direction: received ? 'received' : 'sent',
      from: await nameOf(s.senderAccountId, 'unknown'), to: s.receiverConnection,
      appid: s.appId, appnumber: application?.appnumber ?? '', owner: application?.owner ?? '',
      status: s.status, message: s.message, reason: s.reason, documents: await documentCount(s),
      offeredAt: s.offeredAt, respondedAt: s.respondedAt, updatedAt: s.updatedAt, updates: s.updates,
      ...(received && s.status === 'offered' ? { sharekey: s.shareKey } : {}),
    };
  };

  app.route(endpoint({
    method: 'post', path: '/briefcase/share', summary: 'Share an application with a receiving party', request: BriefcaseShareRequest, feature,
    ok: { status: 200, body: 'json', schema: BriefcaseShareResponse, description: 'the offer; the receiver gets a briefcase.share webhook with the key' },
  }, async (request) => {
    const { account } = enabled(request);
    const body = validated(request, BriefcaseShareRequest);
    if (body.tids !== undefined) throw new HttpError(400, 'tids: a share is the whole application; sharing some statements only is not supported (leave tids out)');
    const theApp = await ownApp(ctx, account.id, body.appid);
    const receiver = await receiverOf(body.connectionid, account);
    const at = new Date().toISOString();
    const count = (await documents(theApp.id)).length;
    if (isRemote(receiver)) {
      const bytes = await bundleFileBytes(ctx.db, theApp.id);
      if (bytes > maxBundle) throw new HttpError(413, `appid: the documents of application ${theApp.id} take ${bytes} bytes to send, over briefcase.maxBundleBytes (${maxBundle}): the remote service could never take them`);
      // Stored first so the peer's answer always finds it; removed when the peer does not take the offer.
      const share = await insertShare(ctx.db, {
        shareId: `bc_${crypto.randomBytes(9).toString('base64url')}`, shareKey: crypto.randomBytes(24).toString('base64url'),
        senderAccountId: account.id, appId: theApp.id, receiverAccountId: null, receiverConnection: receiver.connectionid,
        message: body.message ?? '', offeredAt: at, peer: receiver.call.name, peerKey: crypto.randomBytes(32).toString('base64url'),
      });
      let answer: { receiverNotified?: unknown };
      try {
        answer = await callPeer(receiver.call, 'offer', {
          shareid: share.shareId, key: share.peerKey, from: account.username, to: receiver.username, appnumber: theApp.appnumber, owner: theApp.owner,
          message: share.message, documents: count, files: await fileList(theApp.id), offeredAt: at,
        }) as { receiverNotified?: unknown };
      } catch (err) {
        await deleteOpenShare(ctx.db, share.id);
        peerHttpError(err, `connectionid: ${receiver.connectionid}`);
      }
      return { shareid: share.shareId, status: share.status, to: receiver.connectionid, appid: theApp.id, appnumber: theApp.appnumber, documents: count, receiverNotified: answer.receiverNotified === true };
    }
    const share = await insertShare(ctx.db, {
      shareId: `bc_${crypto.randomBytes(9).toString('base64url')}`, shareKey: crypto.randomBytes(24).toString('base64url'),
      senderAccountId: account.id, appId: theApp.id, receiverAccountId: receiver.id, receiverConnection: receiver.username,
      message: body.message ?? '', offeredAt: at,
    });
    const receiverNotified = await notify(receiver, theApp.id, 'briefcase.share', {
      shareid: share.shareId, sharekey: share.shareKey, from: account.username, appid: theApp.id, appnumber: theApp.appnumber,
      owner: theApp.owner, message: share.message, documents: count, files: await fileList(theApp.id), offeredAt: at,
    });
    return { shareid: share.shareId, status: share.status, to: receiver.username, appid: theApp.id, appnumber: theApp.appnumber, documents: count, receiverNotified };
  }));

  app.route(endpoint({
    method: 'post', path: '/briefcase/respond', summary: 'The receiver accepts or rejects a share', request: BriefcaseRespondRequest, feature,
    ok: { status: 200, body: 'json', schema: BriefcaseRespondResponse, description: 'the answer; the sender gets a briefcase.respond webhook' },
    extra: [{ status: 404, description: 'no share with this key was offered to this account' }, { status: 409, description: 'the share was already answered' }],
  }, async (request) => {
    const { account } = enabled(request);
    const body = validated(request, BriefcaseRespondRequest);
    const share = await shareByKey(ctx.db, body.sharekey);
    if (!share || share.receiverAccountId !== account.id) throw new HttpError(404, 'sharekey: no Briefcase share with this key was offered to you');
    const status = body.action === 'accept' ? 'accepted' : 'rejected';
    const at = new Date().toISOString();
    const reason = body.reason ?? '';
    if (share.peer !== null) return respondRemote(share, account, status, reason, at);
    if (!await answerShare(ctx.db, share.id, status, reason, at)) {
      throw new HttpError(409, `sharekey: share ${share.shareId} was already answered (${share.status})`);
    }
    const theApp = await appById(ctx.db, share.senderAccountId, share.appId);
    const sender = await accountById(ctx.db, share.senderAccountId);
    const senderNotified = await notify(sender, share.appId, 'briefcase.respond', {
      shareid: share.shareId, to: account.username, appid: share.appId, appnumber: theApp?.appnumber ?? '', status, reason, respondedAt: at,
    });
    return { shareid: share.shareId, status, from: sender?.username ?? '', appid: share.appId, appnumber: theApp?.appnumber ?? '', senderNotified };
  }));

  /**
   * The receiver answers a share from a party of a peer service. Accept: fetch the documents
   * with the share's key and check them, tell the sender's service, then store the copy and the
   * answer in one transaction. Reject: tell the sender's service, then store the answer. A peer
   * that cannot be told leaves nothing changed here.
   */
  const respondRemote = async (share: Share, account: Account, status: 'accepted' | 'rejected', reason: string, at: string) => {
    if (share.status !== 'offered') throw new HttpError(409, `sharekey: share ${share.shareId} was already answered (${share.status})`);
    const sender = await accountById(ctx.db, share.senderAccountId);
    const call = peerCallOf(ctx.config.briefcase, share.peer!);
    if (!call) throw new HttpError(409, `sharekey: share ${share.shareId} came from the remote service "${share.peer}", which is no longer configured (config.briefcase.remotes.${share.peer})`);
    const doing = `sharekey: share ${share.shareId} from ${sender?.username ?? share.peer}`;
    const tell = async () => {
      try {
        return await callPeer(call, 'respond', { shareid: share.shareId, key: share.peerKey, status, reason, respondedAt: at }) as { senderNotified?: unknown };
      } catch (err) {
        return peerHttpError(err, doing);
      }
    };
    let answer: { senderNotified?: unknown };
    if (status === 'accepted') {
      let fetched: unknown;
      try {
        fetched = await callPeer(call, 'documents', { shareid: share.shareId, key: share.peerKey });
      } catch (err) {
        peerHttpError(err, doing);
      }
      const parsed = BundleSchema.safeParse(fetched);
      const problem = parsed.success ? bundleProblem(parsed.data, share.shareId) : `${parsed.error.issues[0]!.path.join('.')}: ${parsed.error.issues[0]!.message}`;
      if (problem || !parsed.success) throw new HttpError(502, `${doing}: the remote service "${call.name}" sent documents that cannot be taken (${problem}); nothing was changed`);
      // The sender's service records the answer first: if this service fails before storing the
      // copy, the offer is still open here, and accepting again fetches and stores it (the
      // sender's service takes the same answer again as a repeat).
      answer = await tell();
      await ctx.db.tx(async (q) => {
        if (!await answerShare(q, share.id, status, reason, at)) throw new HttpError(409, `sharekey: share ${share.shareId} was already answered`);
        await importBundle(q, ctx.dataDir, share.appId, parsed.data);
      });
    } else {
      answer = await tell();
      if (!await answerShare(ctx.db, share.id, status, reason, at)) throw new HttpError(409, `sharekey: share ${share.shareId} was already answered`);
    }
    const theApp = await appById(ctx.db, share.senderAccountId, share.appId);
    return { shareid: share.shareId, status, from: sender?.username ?? '', appid: share.appId, appnumber: theApp?.appnumber ?? '', senderNotified: answer.senderNotified === true };
  };

  app.route(endpoint({
    method: 'post', path: '/briefcase/update', summary: 'Notify receivers that the files of a shared application changed', request: BriefcaseUpdateRequest, feature,
    ok: { status: 200, body: 'json', schema: BriefcaseUpdateResponse, description: 'the shares notified; each receiver gets a briefcase.update webhook' },
  }, async (request) => {
    const { account } = enabled(request);
    const body = validated(request, BriefcaseUpdateRequest);
    const theApp: Application = await ownApp(ctx, account.id, body.appid);
    let shares = await liveSharesOfApp(ctx.db, theApp.id);
    if (body.shareid !== undefined) {
      const one = await sentShare(ctx.db, account.id, body.shareid);
      if (!one || one.appId !== theApp.id) throw new HttpError(404, `shareid: no share ${body.shareid} of application ${theApp.id}`);
      if (one.status === 'rejected') throw new HttpError(409, `shareid: share ${one.shareId} was rejected by ${one.receiverConnection}: nothing to update`);
      shares = [one];
    }
    if (shares.length === 0) throw new HttpError(409, `appid: application ${theApp.id} is not shared with anyone (or every share was rejected): share it first with /briefcase/share`);
    const at = new Date().toISOString();
    const count = (await documents(theApp.id)).length;
    const files = await fileList(theApp.id);
    const notified = [];
    // Peers first: one that cannot be reached stops the update before any receiver here is told.
    shares.sort((a, b) => Number(b.peer !== null) - Number(a.peer !== null));
    for (const s of shares) {
      if (s.peer !== null) {
        const call = peerCallOf(ctx.config.briefcase, s.peer);
        if (!call) throw new HttpError(409, `shareid: share ${s.shareId} went to the remote service "${s.peer}", which is no longer configured (config.briefcase.remotes.${s.peer})`);
        let answer: { receiverNotified?: unknown };
        try {
          answer = await callPeer(call, 'update', {
            shareid: s.shareId, key: s.peerKey, documents: count, files, updatedAt: at, bundle: s.status === 'accepted' ? await bundleOf(s) : null,
          }) as { receiverNotified?: unknown };
        } catch (err) {
          peerHttpError(err, `shareid: share ${s.shareId} to ${s.receiverConnection}`);
        }
        await markShareUpdated(ctx.db, s.id, at);
        notified.push({ shareid: s.shareId, to: s.receiverConnection, receiverNotified: answer.receiverNotified === true });
        continue;
      }
      await markShareUpdated(ctx.db, s.id, at);
      const receiver = s.receiverAccountId === null ? null : await accountById(ctx.db, s.receiverAccountId);
      const receiverNotified = await notify(receiver, theApp.id, 'briefcase.update', {
        shareid: s.shareId, from: account.username, appid: theApp.id, appnumber: theApp.appnumber, status: s.status,
        documents: count, files, updatedAt: at,
      });
      notified.push({ shareid: s.shareId, to: s.receiverConnection, receiverNotified });
    }
    return { appid: theApp.id, documents: count, notified };
  }));

  app.route(endpoint({
    method: 'get', path: '/briefcase/history', summary: 'Shares offered in the last 30 days, sent and received', request: BriefcaseHistoryRequest, feature,
    ok: { status: 200, body: 'json', schema: z.array(BriefcaseShareItem), description: 'shares, newest first' },
  }, async (request) => {
    const { account } = enabled(request);
    const { limit } = validated(request, BriefcaseHistoryRequest);
    const since = new Date(Date.now() - BRIEFCASE_HISTORY_DAYS * 86_400_000).toISOString();
    const out = [];
    for (const s of await sharesSince(ctx.db, account.id, since, limit)) out.push(await item(s, account));
    return out;
  }));

  app.route(endpoint({
    method: 'get', path: '/briefcase/connections', summary: 'This account\'s connection ID and its sharing connections', request: BriefcaseConnectionsRequest, feature,
    ok: { status: 200, body: 'json', schema: BriefcaseConnectionsResponse, description: 'connections with counts' },
  }, async (request) => {
    const { account } = enabled(request);
    const { connectionid } = validated(request, BriefcaseConnectionsRequest);
    const byParty = new Map<string, z.infer<typeof BriefcaseConnectionsResponse>['connections'][number]>();
    for (const s of await sharesOf(ctx.db, account.id, CONNECTIONS_SCAN)) {
      const sent = s.senderAccountId === account.id;
      const party = sent ? s.receiverConnection : await nameOf(s.senderAccountId, 'unknown');
      const c = byParty.get(party) ?? { connectionid: party, local: s.peer === null, sent: 0, received: 0, accepted: 0, open: 0, lastOfferAt: null };
      if (sent) c.sent++; else c.received++;
      if (s.status === 'accepted') c.accepted++;
      if (s.status === 'offered') c.open++;
      if (!c.lastOfferAt || s.offeredAt > c.lastOfferAt) c.lastOfferAt = s.offeredAt;
      byParty.set(party, c);
    }
    let connections = [...byParty.values()];
    if (connectionid !== undefined) {
      connections = connections.filter((c) => c.connectionid === connectionid);
      if (connections.length === 0) {
        const other = await accountByName(ctx.db, connectionid);
        const at = connectionid.lastIndexOf('@');
        const call = at > 0 ? peerCallOf(ctx.config.briefcase, connectionid.slice(at + 1)) : null;
        const remote = call !== null && peerAllows(call.peer, connectionid.slice(0, at));
        if (!remote && (!other || remotePartyOf(other) || !other.features.includes(feature))) throw new HttpError(404, `connectionid: no Briefcase party ${connectionid} on this service or a configured remote service`);
        connections = [{ connectionid, local: !remote, sent: 0, received: 0, accepted: 0, open: 0, lastOfferAt: null }];
      }
    }
    return {
      connectionid: account.username, webhook: Boolean(account.profile.briefcaseWebhook),
      remotes: Object.keys(ctx.config.briefcase?.remotes ?? {}), connections,
    };
  }));
};
