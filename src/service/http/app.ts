import crypto from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyReply } from 'fastify';
import multipart from '@fastify/multipart';
import type { ServiceContext } from './context.js';
import { HttpError } from './errors.js';
import { bearerAuth } from './auth-hook.js';
import { takesFiles } from './endpoint.js';
import { versionedRoutes } from './routes/index.js';
import { collectEndpointSpecs, openApiRoutes } from './routes/openapi.js';
import { briefcasePeerRoutes } from './routes/briefcase-peer.js';
import { PEER_PATH } from '../briefcase-peer/client.js';
import { API_VERSIONS } from '../../contract/api/versions.js';


export interface AppOptions {
  /** Log requests (pino); off in tests. */
  logger?: boolean;
  /** Extra plugins registered under every version prefix (tests, embedding). */
  extraVersioned?: FastifyPluginAsync<{ ctx: ServiceContext }>[];
}

/**
 * The Fastify app: every route group under /api/v1.0 … /api/v1.5, Bearer auth and licence
 * checks in one hook, and every error as JSON `{error}` (500 adds `requestId`, also logged).
 */
/** The body limit of endpoints that take documents: every file at its maximum, plus the form. */
export function uploadBodyLimit(ctx: ServiceContext): number {
  return ctx.config.maxUploadBytes * Math.max(1, ctx.config.maxFilesPerRequest) + 1024 * 1024;
}

export async function buildApp(ctx: ServiceContext, opts: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    genReqId: () => crypto.randomUUID(),
    bodyLimit: uploadBodyLimit(ctx),
    // Slow or silent clients cannot hold connections: headers, whole request and idle limits.
    requestTimeout: ctx.config.requestTimeoutMs,
    connectionTimeout: Math.max(ctx.config.idleTimeoutMs, ctx.config.syncWaitMs + 10_000),
    keepAliveTimeout: ctx.config.keepAliveTimeoutMs,
    // A URL that cannot be decoded is the client's mistake (400), never a 500.
    routerOptions: { maxParamLength: 500 },
    frameworkErrors: (err, _request, reply) => {
      const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
      void (reply as unknown as FastifyReply).code(status).send({ error: err.code === 'FST_ERR_BAD_URL' ? `malformed URL: ${err.message}` : err.message });
    },
  });
  app.server.headersTimeout = Math.min(ctx.config.headersTimeoutMs, ctx.config.requestTimeoutMs || ctx.config.headersTimeoutMs);
  // Endpoints that take no document accept a small body only (config maxFormBytes).
  app.addHook('onRoute', (route) => {
    if (!takesFiles(route.config) && route.bodyLimit === undefined) route.bodyLimit = ctx.config.maxFormBytes;
  });
  ctx.log = app.log;

  await app.register(multipart, {
    limits: { fileSize: ctx.config.maxUploadBytes, files: ctx.config.maxFilesPerRequest, fields: 200, fieldSize: ctx.config.maxUploadBytes, parts: 400 },
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.setErrorHandler((err: Error & { statusCode?: number; headers?: Record<string, string> }, request, reply) => {
    let status = err instanceof HttpError ? err.statusCode : err.statusCode ?? 500;
    if (status < 400 || status > 599) status = 500;
    if (err instanceof HttpError) reply.headers(err.headers);
    if (status >= 500 && !(err instanceof HttpError)) {
      request.log.error({ err, requestId: request.id }, 'unhandled error');
      if (!opts.logger) console.error(`[ledgerdrop service] 500 requestId=${request.id}:`, err);
      return reply.code(500).send({ error: 'internal server error', requestId: request.id });
    }
    const body: Record<string, string> = { error: err.message || 'error' };
    if (status >= 500) body.requestId = request.id;
    if (status === 415) body.error = `unsupported Content-Type ${String(request.headers['content-type'])}: send multipart/form-data`;
    return reply.code(status).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const m = /^\/api\/v([^/]+)\//.exec(request.url);
    if (m && !(API_VERSIONS as readonly string[]).includes(m[1]!)) {
      return reply.code(404).send({ error: `unknown API version ${m[1]}: use one of ${API_VERSIONS.join(', ')}` });
    }
    return reply.code(404).send({ error: `no such endpoint: ${request.method} ${request.url.split('?')[0]}` });
  });

  const specs = collectEndpointSpecs(app);
  await app.register(openApiRoutes, { specs });
  // Other Ledgerdrop services (configured Briefcase peers) call these, signed, without a token.
  await app.register(briefcasePeerRoutes, { ctx, prefix: PEER_PATH });
  for (const version of API_VERSIONS) {
    await app.register(async (scope) => {
      scope.addHook('onRequest', bearerAuth(ctx));
      for (const plugin of [...versionedRoutes, ...(opts.extraVersioned ?? [])]) await scope.register(plugin, { ctx });
    }, { prefix: `/api/v${version}` });
  }
  return app;
}
