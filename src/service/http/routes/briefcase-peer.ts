import crypto from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ServiceContext } from '../context.js';
import { HttpError } from '../errors.js';
import { accountById, accountByName, type Account } from '../../store/accounts.js';
import { appById } from '../../store/applications.js';
import {
  answerShare, insertShare, markShareUpdated, rememberNonce, setPeerFiles, shareByShareId, type Share,
} from '../../store/briefcase.js';
import { dispatchEvent } from '../../webhooks/index.js';
import { DEFAULT_MAX_BUNDLE_BYTES, peerAllows, type BriefcasePeer } from '../../briefcase-peer/config.js';
import { NONCE_HEADER, PEER_HEADER, PEER_SIGNATURE_HEADER, REPLAY_WINDOW_MS, requestProblem, signAnswer } from '../../briefcase-peer/sign.js';
import { ensureRemoteParty, insertCopyApp, remotePartyOf } from '../../briefcase-peer/parties.js';
import { bundleFileBytes, bundleProblem, BundleSchema, exportBundle, importBundle } from '../../briefcase-peer/bundle.js';
import { PEER_PATH } from '../../briefcase-peer/client.js';
import { jsonSchema } from '../json-schema.js';

const SHARE_ID = z.string().regex(/^bc_[A-Za-z0-9_-]{6,64}$/);
const KEY = z.string().regex(/^[A-Za-z0-9_-]{24,128}$/);
const USER = z.string().min(1).max(200).regex(/^[^\s:]+$/);
const FILES = z.array(z.object({ fileName: z.string().max(1000), sha256: z.string().regex(/^[0-9a-f]{64}$/), size: z.number().int().min(0) }).strict()).max(500);
const ISO = z.string().regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/);

const Offer = z.object({
  shareid: SHARE_ID, key: KEY, from: USER, to: USER, appnumber: z.string().max(1000), owner: z.string().max(1000), message: z.string().max(1000),
  documents: z.number().int().min(0), files: FILES, offeredAt: ISO,
}).strict();
const Fetch = z.object({ shareid: SHARE_ID, key: KEY }).strict();
const Respond = z.object({ shareid: SHARE_ID, key: KEY, status: z.enum(['accepted', 'rejected']), reason: z.string().max(1000), respondedAt: ISO }).strict();
const Update = z.object({
  shareid: SHARE_ID, key: KEY, documents: z.number().int().min(0), files: FILES, updatedAt: ISO, bundle: BundleSchema.nullable(),
}).strict();

/**
 * The endpoints another Ledgerdrop service calls for Briefcase (docs/team-server.md, "Briefcase
 * peers"): not under the client API's version prefixes and without Bearer tokens; every request
 * is signed by a configured peer (briefcase-peer/sign.ts), checked against the replay window and
 * its nonce, and every answer is signed back. Sending side: `documents` (the bundle, while the
 * offer is open) and `respond` (the receiver's answer). Receiving side: `offer` and `update`.
 */
export const briefcasePeerRoutes: FastifyPluginAsync<{ ctx: ServiceContext }> = async (app, { ctx }) => {
  const maxBundle = ctx.config.briefcase?.maxBundleBytes ?? DEFAULT_MAX_BUNDLE_BYTES;
  // The signature covers the exact bytes: keep them, parse after checking.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  type Handler<S extends z.ZodType> = (body: z.infer<S>, peer: { name: string; config: BriefcasePeer }) => Promise<unknown>;
  const signed = <S extends z.ZodType>(route: string, schema: S, bodyLimit: number, handler: Handler<S>) => {
    app.post(`/${route}`, { bodyLimit }, async (request: FastifyRequest, reply: FastifyReply) => {
      const name = request.headers[PEER_HEADER];
      const remotes = ctx.config.briefcase?.remotes ?? {};
      if (typeof name !== 'string' || !Object.hasOwn(remotes, name)) {
        return reply.code(401).send({ error: `${PEER_HEADER}: ${typeof name === 'string' ? `"${name}" is no peer configured on this service (config briefcase.remotes)` : 'is required'}` });
      }
      const config = remotes[name]!;
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const problem = requestProblem(config.secret, request.headers, 'POST', route, raw);
      if (problem) return reply.code(401).send({ error: `signature: ${problem}` });
      const nonce = String(request.headers[NONCE_HEADER]);
      const now = Date.now();
      const send = (status: number, payload: unknown) => {
        const bytes = Buffer.from(JSON.stringify(payload));
        return reply.code(status).header(PEER_SIGNATURE_HEADER, signAnswer(config.secret, nonce, status, bytes)).type('application/json').send(bytes);
      };
      if (!await rememberNonce(ctx.db, name, nonce, now, now - 2 * REPLAY_WINDOW_MS)) return send(401, { error: `${NONCE_HEADER}: this request was already received (a replay)` });
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw.toString('utf8'));
      } catch {
        return send(400, { error: 'body: not JSON' });
      }
      const r = schema.safeParse(parsed);
      if (!r.success) {
        const issue = r.error.issues[0]!;
        return send(400, { error: `${issue.path.map(String).join('.') || 'body'}: ${issue.message}` });
      }
      try {
        return send(200, await handler(r.data, { name, config }));
      } catch (err) {
        if (err instanceof HttpError) return send(err.statusCode, { error: err.message });
        request.log.error({ err }, 'briefcase peer request failed');
        return send(500, { error: 'internal error of the remote service' });
      }
    });
  };

  /** The share `body.shareid` this peer may act on by its key. */
  const peerShare = async (peer: string, shareid: string, key: string, side: 'sent' | 'received'): Promise<Share> => {
    const share = await shareByShareId(ctx.db, shareid);
    const keyOk = share?.peerKey ? crypto.timingSafeEqual(Buffer.from(crypto.createHash('sha256').update(share.peerKey).digest()), Buffer.from(crypto.createHash('sha256').update(key).digest())) : false;
    const mine = share && share.peer === peer && keyOk && (side === 'sent' ? share.receiverAccountId === null : share.receiverAccountId !== null);
    if (!share || !mine) throw new HttpError(404, `shareid: no share ${shareid} with this key between this service and "${peer}"`);
    return share;
  };
  const notify = async (to: Account | null, appId: number, event: string, payload: Record<string, unknown>): Promise<boolean> => {
    const url = to?.profile.briefcaseWebhook;
    if (!to || !url) return false;
    await dispatchEvent({ db: ctx.db, accountId: to.id, appId, url, event, payload: { event, ...payload } });
    return true;
  };

  // Receiving side: a party of the peer offers an application to an account here.
  signed('offer', Offer, ctx.config.maxFormBytes, async (o, peer) => {
    if (!peerAllows(peer.config, o.from)) throw new HttpError(403, `from: ${o.from} of "${peer.name}" is not among this service's config briefcase.remotes.${peer.name}.accounts`);
    const existing = await shareByShareId(ctx.db, o.shareid);
    if (existing) {
      if (existing.peer === peer.name && existing.peerKey === o.key) return { shareid: o.shareid, receiverNotified: false, repeated: true };
      throw new HttpError(409, `shareid: ${o.shareid} is already in use on this service`);
    }
    const receiver = await accountByName(ctx.db, o.to);
    if (!receiver || remotePartyOf(receiver)) throw new HttpError(404, `to: no account ${o.to} on this service`);
    if (!receiver.features.includes('briefcase')) throw new HttpError(409, `to: ${o.to} does not take Briefcase shares (the briefcase feature is not enabled for it)`);
    const made = await ctx.db.tx(async (q) => {
      const party = await ensureRemoteParty(q, peer.name, o.from);
      if (!party) throw new HttpError(409, `from: an account of this service is already named ${o.from}@${peer.name}; the operator renames it or the peer`);
      const appId = await insertCopyApp(q, party.id, o.appnumber, o.owner, o.shareid);
      const share = await insertShare(q, {
        shareId: o.shareid, shareKey: crypto.randomBytes(24).toString('base64url'), senderAccountId: party.id, appId, receiverAccountId: receiver.id,
        receiverConnection: receiver.username, message: o.message, offeredAt: o.offeredAt, peer: peer.name, peerKey: o.key, peerFiles: o.files,
      });
      return { party, share, app: (await appById(q, party.id, appId))! };
    });
    const receiverNotified = await notify(receiver, made.app.id, 'briefcase.share', {
      shareid: o.shareid, sharekey: made.share.shareKey, from: made.party.username, appid: made.app.id, appnumber: made.app.appnumber,
      owner: made.app.owner, message: o.message, documents: o.documents, files: o.files, offeredAt: o.offeredAt,
    });
    return { shareid: o.shareid, receiverNotified };
  });

  // Sending side: the receiver's service fetches the documents to accept (only while the offer is open).
  signed('documents', Fetch, ctx.config.maxFormBytes, async (f, peer) => {
    const share = await peerShare(peer.name, f.shareid, f.key, 'sent');
    // Accepted too: the receiver's service fetches again when its first accept could not be confirmed here.
    if (share.status === 'rejected') throw new HttpError(409, `shareid: share ${share.shareId} was rejected: its documents are no longer offered`);
    const bytes = await bundleFileBytes(ctx.db, share.appId);
    if (bytes > maxBundle) throw new HttpError(413, `the documents of share ${share.shareId} take ${bytes} bytes, over the sender's briefcase.maxBundleBytes (${maxBundle})`);
    const bundle = await exportBundle(ctx.db, share.appId, share.shareId);
    const size = Buffer.byteLength(JSON.stringify(bundle));
    if (size > maxBundle) throw new HttpError(413, `the documents of share ${share.shareId} take ${size} bytes, over the sender's briefcase.maxBundleBytes (${maxBundle})`);
    return bundle;
  });

  // Sending side: the receiver's answer. Repeating the same answer is harmless (a retried call).
  signed('respond', Respond, ctx.config.maxFormBytes, async (a, peer) => {
    const share = await peerShare(peer.name, a.shareid, a.key, 'sent');
    if (!await answerShare(ctx.db, share.id, a.status, a.reason, a.respondedAt)) {
      const now = (await shareByShareId(ctx.db, share.shareId))!;
      if (now.status === a.status) {
        const sender = await accountById(ctx.db, share.senderAccountId);
        return { shareid: share.shareId, senderNotified: Boolean(sender?.profile.briefcaseWebhook), repeated: true };
      }
      throw new HttpError(409, `shareid: share ${share.shareId} was already answered (${now.status})`);
    }
    const sender = await accountById(ctx.db, share.senderAccountId);
    const theApp = await appById(ctx.db, share.senderAccountId, share.appId);
    const senderNotified = await notify(sender, share.appId, 'briefcase.respond', {
      shareid: share.shareId, to: share.receiverConnection, appid: share.appId, appnumber: theApp?.appnumber ?? '', status: a.status, reason: a.reason, respondedAt: a.respondedAt,
    });
    return { shareid: share.shareId, senderNotified };
  });

  // Receiving side: the sender's files changed; an accepted share carries the new documents.
  signed('update', Update, maxBundle, async (u, peer) => {
    const share = await peerShare(peer.name, u.shareid, u.key, 'received');
    if (share.status === 'rejected') throw new HttpError(409, `shareid: share ${share.shareId} was rejected here: nothing to update`);
    if (share.status === 'accepted') {
      if (!u.bundle) throw new HttpError(400, `bundle: share ${share.shareId} is accepted here: an update carries its documents`);
      const problem = bundleProblem(u.bundle, share.shareId);
      if (problem) throw new HttpError(400, `bundle: ${problem}`);
    }
    await ctx.db.tx(async (q) => {
      if (share.status === 'accepted') await importBundle(q, ctx.dataDir, share.appId, u.bundle!);
      await setPeerFiles(q, share.id, u.files);
      await markShareUpdated(q, share.id, u.updatedAt);
    });
    const receiver = await accountById(ctx.db, share.receiverAccountId!);
    const party = await accountById(ctx.db, share.senderAccountId);
    const theApp = await appById(ctx.db, share.senderAccountId, share.appId);
    const receiverNotified = await notify(receiver, share.appId, 'briefcase.update', {
      shareid: share.shareId, from: party?.username ?? '', appid: share.appId, appnumber: theApp?.appnumber ?? '', status: share.status,
      documents: u.documents, files: u.files, updatedAt: u.updatedAt,
    });
    return { shareid: share.shareId, receiverNotified, stored: share.status === 'accepted' };
  });
};

const PEER_ENDPOINTS: Array<[string, z.ZodType, string, string]> = [
  ['offer', Offer, 'Receiving side: a party of the calling service offers an application to an account here', '{shareid, receiverNotified}'],
  ['documents', Fetch, 'Sending side: the documents of an offered or accepted share (the bundle), for the receiver\'s service to accept it', 'the bundle: files (base64), finished conversions, statements with transactions'],
  ['respond', Respond, 'Sending side: the receiver\'s answer; the same answer again is taken as a repeat', '{shareid, senderNotified}'],
  ['update', Update, 'Receiving side: the sender\'s files changed; an accepted share carries the new bundle', '{shareid, receiverNotified, stored}'],
];

/** The peer endpoints in the OpenAPI document (routes/openapi.ts): paths and their security scheme. */
export function peerOpenApi(): { paths: Record<string, unknown>; scheme: Record<string, unknown> } {
  const error = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
  const paths: Record<string, unknown> = {};
  for (const [route, schema, summary, answer] of PEER_ENDPOINTS) {
    paths[`${PEER_PATH}/${route}`] = {
      post: {
        operationId: `briefcasePeer_${route}`, summary, tags: ['briefcase-peer'], security: [{ briefcasePeer: [] }],
        requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(schema, 'input') } } },
        responses: {
          200: { description: `${answer}; signed in ${PEER_SIGNATURE_HEADER}`, content: { 'application/json': { schema: { type: 'object' } } } },
          400: error('the body is not what the endpoint takes'),
          401: error('unknown peer, bad or stale signature, or a replayed nonce'),
          403: error('the party is not among the accounts this service exchanges with that peer'),
          404: error('no such share (with this key) or account'),
          409: error('the share was already answered, rejected, or the account takes no shares'),
          413: error('the documents are over briefcase.maxBundleBytes'),
        },
      },
    };
  }
  return {
    paths,
    scheme: { type: 'apiKey', in: 'header', name: PEER_SIGNATURE_HEADER, description: `Briefcase peers only: HMAC-SHA256 under the secret both services hold, with ${PEER_HEADER}, x-ledgerdrop-timestamp and ${NONCE_HEADER} (docs/team-server.md)` },
  };
}
