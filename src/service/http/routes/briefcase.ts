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
  answerShare, insertShare, liveSharesOfApp, markShareUpdated, sentShare, shareByKey, sharesOf, sharesSince, type Share,
} from '../../store/briefcase.js';
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

/**
 * Briefcase between accounts of this service: a sender offers a whole application to a
 * receiving account (its connection ID is its username); the receiver accepts or rejects with
 * the key its share webhook carried; once accepted, the receiver reads the application's
 * documents, results and scorecard through the usual endpoints, read-only. Webhooks go to the
 * receiver (share, update) and to the sender (respond) through the webhook dispatcher.
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

  /** Who a connection ID names: an account here, or a remote party (refused until supported). */
  const receiverOf = async (connectionid: string, sender: Account): Promise<Account> => {
    const local = await accountByName(ctx.db, connectionid);
    if (local) {
      if (local.id === sender.id) throw new HttpError(400, 'connectionid: that is your own connection ID; name the receiving party');
      if (!local.features.includes(feature)) throw new HttpError(409, `connectionid: ${connectionid} does not take Briefcase shares (the briefcase feature is not enabled for it)`);
      return local;
    }
    const at = connectionid.lastIndexOf('@');
    if (at > 0) {
      const remote = connectionid.slice(at + 1);
      const remotes = ctx.config.briefcase?.remotes ?? {};
      if (!Object.hasOwn(remotes, remote)) {
        throw new HttpError(400, `connectionid: ${connectionid} is no account of this service and names the remote service "${remote}", which is not configured: the operator adds it as config.briefcase.remotes.${remote}`);
      }
      throw new HttpError(501, `connectionid: ${connectionid} is on the remote service "${remote}" (config.briefcase.remotes.${remote}, ${remotes[remote]!.url}); sharing with another service is not available in this version: share with an account of this service`);
    }
    throw new HttpError(404, `connectionid: no account ${connectionid} on this service (a party on another service is named username@remote)`);
  };

  const item = async (s: Share, me: Account): Promise<z.infer<typeof BriefcaseShareItem>> => {
    const application = await appById(ctx.db, s.senderAccountId, s.appId);
    const received = s.receiverAccountId === me.id;
    return {
      shareid: s.shareId, direction: received ? 'received' : 'sent',
      from: await nameOf(s.senderAccountId, 'unknown'), to: s.receiverConnection,
      appid: s.appId, appnumber: application?.appnumber ?? '', owner: application?.owner ?? '',
      status: s.status, message: s.message, reason: s.reason, documents: (await documents(s.appId)).length,
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
    const share = await insertShare(ctx.db, {
      shareId: `bc_${crypto.randomBytes(9).toString('base64url')}`, shareKey: crypto.randomBytes(24).toString('base64url'),
      senderAccountId: account.id, appId: theApp.id, receiverAccountId: receiver.id, receiverConnection: receiver.username,
      message: body.message ?? '', offeredAt: at,
    });
    const receiverNotified = await notify(receiver, theApp.id, 'briefcase.share', {
      shareid: share.shareId, sharekey: share.shareKey, from: account.username, appid: theApp.id, appnumber: theApp.appnumber,
      owner: theApp.owner, message: share.message, documents: (await documents(theApp.id)).length, files: await fileList(theApp.id), offeredAt: at,
    });
    return { shareid: share.shareId, status: share.status, to: receiver.username, appid: theApp.id, appnumber: theApp.appnumber, documents: (await documents(theApp.id)).length, receiverNotified };
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
    if (!await answerShare(ctx.db, share.id, status, body.reason ?? '', at)) {
      throw new HttpError(409, `sharekey: share ${share.shareId} was already answered (${share.status})`);
    }
    const theApp = await appById(ctx.db, share.senderAccountId, share.appId);
    const sender = await accountById(ctx.db, share.senderAccountId);
    const senderNotified = await notify(sender, share.appId, 'briefcase.respond', {
      shareid: share.shareId, to: account.username, appid: share.appId, appnumber: theApp?.appnumber ?? '', status, reason: body.reason ?? '', respondedAt: at,
    });
    return { shareid: share.shareId, status, from: sender?.username ?? '', appid: share.appId, appnumber: theApp?.appnumber ?? '', senderNotified };
  }));

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
    for (const s of shares) {
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
      const c = byParty.get(party) ?? { connectionid: party, local: !sent || s.receiverAccountId !== null, sent: 0, received: 0, accepted: 0, open: 0, lastOfferAt: null };
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
        if (!other || !other.features.includes(feature)) throw new HttpError(404, `connectionid: no Briefcase party ${connectionid} on this service`);
        connections = [{ connectionid, local: true, sent: 0, received: 0, accepted: 0, open: 0, lastOfferAt: null }];
      }
    }
    return {
      connectionid: account.username, webhook: Boolean(account.profile.briefcaseWebhook),
      remotes: Object.keys(ctx.config.briefcase?.remotes ?? {}), connections,
    };
  }));
};
