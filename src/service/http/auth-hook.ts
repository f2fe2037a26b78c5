import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';
import type { ServiceContext } from './context.js';
import { accountById, tokenLookup, type Account } from '../store/accounts.js';
import { hashToken } from '../auth/tokens.js';
import { isProduct, LICENSED_ENDPOINTS, productMayCall, PRODUCTS, type Product } from '../../contract/products.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Endpoint name used for licence checks, e.g. 'getapps'. */
    endpoint?: string;
    /** 'bearer' (default): session token + Svc-Product; 'basic': /authenticate; 'none': public (signed links). */
    auth?: 'bearer' | 'basic' | 'none';
  }
  interface FastifyRequest {
    auth?: { account: Account; product: Product };
  }
}

export function productHeader(request: FastifyRequest): Product {
  const raw = request.headers['svc-product'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) throw new HttpError(401, `Svc-Product header is required (${PRODUCTS.join(', ')})`);
  if (!isProduct(value.trim())) throw new HttpError(401, `Svc-Product "${value}" is not a product (${PRODUCTS.join(', ')})`);
  return value.trim() as Product;
}

export function licenceError(product: Product, endpoint: string): HttpError {
  const allowed = LICENSED_ENDPOINTS[product];
  const list = allowed === '*' ? 'all endpoints' : allowed.map((e) => `/${e}`).join(' and ');
  return new HttpError(403, `/${endpoint} is not available with the ${product} licence (${product} allows ${list})`);
}

/** onRequest hook: Bearer token + Svc-Product on every call except /authenticate and signed links. */
export function bearerAuth(ctx: ServiceContext) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const cfg = request.routeOptions.config;
    if (cfg.auth === 'none' || cfg.auth === 'basic') return;
    const header = request.headers.authorization ?? '';
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!m) throw new HttpError(401, 'missing or malformed Authorization header: expected "Bearer <session token>" from /authenticate');
    const product = productHeader(request);
    const token = await tokenLookup(ctx.db, hashToken(m[1]!));
    if (!token) throw new HttpError(401, 'invalid session token: authenticate again');
    if (token.expiresAt <= Date.now()) throw new HttpError(401, 'session token expired: authenticate again');
    const account = await accountById(ctx.db, token.accountId);
    if (!account) throw new HttpError(401, 'invalid session token: the account no longer exists');
    if (account.product !== product || token.product !== product) {
      throw new HttpError(403, `this account is licensed for ${account.product}, not ${product}`);
    }
    const endpoint = cfg.endpoint ?? '';
    if (!productMayCall(product, endpoint)) throw licenceError(product, endpoint);
    request.auth = { account, product };
  };
}

export function requireAuth(request: FastifyRequest): { account: Account; product: Product } {
  if (!request.auth) throw new HttpError(401, 'not authenticated');
  return request.auth;
}
