import type { FastifyPluginAsync } from 'fastify';
import type { ServiceContext } from '../context.js';
import { HttpError } from '../errors.js';
import { productHeader } from '../auth-hook.js';
import { accountByName, insertToken } from '../../store/accounts.js';
import { verifyPassword } from '../../auth/password.js';
import { hashToken, newToken } from '../../auth/tokens.js';
import { endpoint } from '../endpoint.js';

// Verified when the user does not exist, so a wrong name costs the same time as a wrong password.
const DUMMY_HASH = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

/** GET /authenticate: Basic credentials + Svc-Product → a session token as text/plain. */
export const authenticateRoutes: FastifyPluginAsync<{ ctx: ServiceContext }> = async (app, { ctx }) => {
  app.route(endpoint({ method: 'get', path: '/authenticate', summary: 'Obtain a session token', auth: 'basic', ok: { status: 200, body: 'text', description: 'the session token, text/plain' } }, async (request, reply) => {
    const m = /^Basic\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (!m) throw new HttpError(401, 'missing or malformed Authorization header: expected "Basic <base64 of username:password>"');
    const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon <= 0) throw new HttpError(401, 'malformed Basic credentials: expected base64 of username:password');
    const product = productHeader(request);
    const username = decoded.slice(0, colon);
    const password = decoded.slice(colon + 1);
    const account = await accountByName(ctx.db, username);
    const ok = await verifyPassword(password, account?.passwordHash ?? DUMMY_HASH);
    if (!account || !ok) throw new HttpError(401, 'invalid username or password');
    if (account.product !== product) throw new HttpError(403, `account ${username} is licensed for ${account.product}, not ${product}`);
    const token = newToken();
    await insertToken(ctx.db, account.id, hashToken(token), product, ctx.config.tokenTtlMs);
    reply.type('text/plain; charset=utf-8');
    return token;
  }));
};
