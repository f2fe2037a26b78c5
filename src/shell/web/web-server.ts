import http from 'node:http';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { eventChannels, invokeChannels, type EventChannel, type InvokeChannel } from '../../contract/ipc.js';
import { InvokeMessage, TOKEN_COOKIE, TOKEN_QUERY, WS_PATH, type ServerMessage } from '../../contract/web-bridge-protocol.js';

/**
 * The browser mode's server: serves the built renderer on loopback and carries the IPC contract
 * (src/contract/ipc.ts) over a WebSocket. Every HTTP request and the WebSocket upgrade need the
 * session token (query `?token=` once, then an HttpOnly SameSite=Strict cookie); without it
 * nothing is served. Channels come from the contract object, requests are validated against its
 * schemas here and again by the handlers, so the browser bridge and the Electron preload expose
 * exactly the same surface.
 */
export type InvokeHandler = (request: unknown) => Promise<unknown>;
export type InvokeHandlers = Partial<Record<InvokeChannel, InvokeHandler>>;
/** Subscribes to one core event; returns the unsubscribe function. */
export type SubscribeEvent = (channel: EventChannel, listener: (payload: unknown) => void) => () => void;

export interface WebServerOptions {
  handlers: InvokeHandlers;
  subscribe: SubscribeEvent;
  /** Folder holding the built renderer (index.html + assets). */
  staticDir: string;
  host?: string;
  port?: number;
  /** Generated when omitted. */
  token?: string;
  /** Largest WebSocket message (files:addBytes carries base64). */
  maxMessageBytes?: number;
  /** Folder of finished exports, downloadable as /exports/<name>.zip (the browser has no file system). */
  downloadsDir?: string;
}

export interface WebServer {
  url: string;
  port: number;
  token: string;
  /** Number of connected windows. */
  clients(): number;
  close(): Promise<void>;
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.jpg': 'image/jpeg', '.ico': 'image/x-icon', '.woff2': 'font/woff2', '.map': 'application/json', '.wasm': 'application/wasm',
};

const CSP = [
  "default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data: blob:",
  "connect-src 'self' ws://127.0.0.1:* ws://localhost:*", "worker-src 'self' blob:", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'",
].join('; ');

export function tokenMatches(expected: string, given: string | null | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

function cookieToken(header: string | undefined): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === TOKEN_COOKIE) return decodeURIComponent(v.join('='));
  }
  return null;
}

function errorText(err: unknown): string {
  if (err && typeof err === 'object' && 'issues' in err && Array.isArray((err as { issues: unknown[] }).issues)) {
    const issues = (err as { issues: { path: (string | number)[]; message: string }[] }).issues;
    return 'invalid request: ' + issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
  }
  return err instanceof Error ? err.message : String(err);
}

export async function startWebServer(opts: WebServerOptions): Promise<WebServer> {
  const token = opts.token ?? randomBytes(24).toString('base64url');
  const host = opts.host ?? '127.0.0.1';
  const root = path.resolve(opts.staticDir);
  let port = 0;

  // A loopback Host only (a page on another name resolving to 127.0.0.1 — DNS rebinding — is refused), then the token.
  const hostOk = (req: http.IncomingMessage) => req.headers.host === `${host}:${port}` || req.headers.host === `localhost:${port}`;
  const authorized = (req: http.IncomingMessage, url: URL) => hostOk(req) &&
    (tokenMatches(token, url.searchParams.get(TOKEN_QUERY)) || tokenMatches(token, cookieToken(req.headers.cookie)));

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', `http://${host}`);
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Referrer-Policy', 'no-referrer');
      if (!authorized(req, url)) {
        res.writeHead(401, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end('401: open the address printed by `npm run web` (it carries the session token)\n');
        return;
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD' }).end();
        return;
      }
      if (tokenMatches(token, url.searchParams.get(TOKEN_QUERY))) {
        res.setHeader('Set-Cookie', `${TOKEN_COOKIE}=${encodeURIComponent(token)}; HttpOnly; SameSite=Strict; Path=/`);
      }
      const download = /^\/exports\/([\w.-]+\.(zip|xlsx))$/.exec(url.pathname);
      if (download && opts.downloadsDir) {
        try {
          const body = await readFile(path.join(opts.downloadsDir, download[1]!));
          res.writeHead(200, { 'Content-Type': download[2] === 'zip' ? 'application/zip' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'Content-Length': String(body.length), 'Content-Disposition': `attachment; filename="${download[1]}"`, 'Cache-Control': 'no-store' });
          res.end(req.method === 'HEAD' ? undefined : body);
        } catch {
          res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`no export named ${download[1]}\n`);
        }
        return;
      }
      // View original: the stored file, shown inline by the browser (its PDF viewer for PDFs).
      const original = /^\/originals\/(\d{1,12})$/.exec(url.pathname);
      if (original) {
        try {
          const handler = opts.handlers['jobs:original'];
          if (!handler) throw new Error('originals are not served here');
          const f = await handler({ id: Number(original[1]) }) as { fileName: string; mime: string; base64: string };
          const body = Buffer.from(f.base64, 'base64');
          const name = f.fileName.replace(/[^\w .-]/g, '_');
          res.writeHead(200, { 'Content-Type': f.mime, 'Content-Length': String(body.length), 'Content-Disposition': `inline; filename="${name}"`, 'Cache-Control': 'no-store' });
          res.end(req.method === 'HEAD' ? undefined : body);
        } catch (err) {
          res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`${errorText(err)}\n`);
        }
        return;
      }
      let rel = decodeURIComponent(url.pathname);
      if (rel === '/' || rel === '') rel = '/index.html';
      const file = path.resolve(root, '.' + rel);
      if (file !== root && !file.startsWith(root + path.sep)) {
        res.writeHead(403).end();
        return;
      }
      try {
        const st = await stat(file);
        if (!st.isFile()) throw new Error('not a file');
        const body = await readFile(file);
        const type = MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
        const headers: Record<string, string> = { 'Content-Type': type, 'Content-Length': String(body.length), 'Cache-Control': 'no-store' };
        if (type.startsWith('text/html')) headers['Content-Security-Policy'] = CSP;
        res.writeHead(200, headers);
        res.end(req.method === 'HEAD' ? undefined : body);
      } catch {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`not found: ${rel}\n`);
      }
    })();
  });

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: opts.maxMessageBytes ?? 512 * 1024 * 1024,
  });

  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', `http://${host}`);
    const origin = req.headers.origin;
    const originOk = !origin || origin === `http://${host}:${port}` || origin === `http://localhost:${port}`;
    if (url.pathname !== WS_PATH || !authorized(req, url) || !originOk) {
      socket.write('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });

  const send = (ws: WebSocket, msg: ServerMessage) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(msg));
  };

  wss.on('connection', (ws) => {
    ws.on('message', (data) => {
      let parsed: InvokeMessage;
      try {
        parsed = InvokeMessage.parse(JSON.parse(data.toString()));
      } catch (err) {
        send(ws, { t: 'result', id: -1, ok: false, error: `bad message: ${errorText(err)}` });
        return;
      }
      void (async () => {
        const { id, channel, request } = parsed;
        try {
          if (!Object.hasOwn(invokeChannels, channel)) throw new Error(`unknown channel ${channel}`);
          const c = channel as InvokeChannel;
          const handler = opts.handlers[c];
          if (!handler) throw new Error(`channel ${channel} has no handler in this build`);
          const valid = invokeChannels[c].request.parse(request);
          const response = await handler(valid);
          send(ws, { t: 'result', id, ok: true, response });
        } catch (err) {
          send(ws, { t: 'result', id, ok: false, error: errorText(err) });
        }
      })();
    });
  });

  const unsubscribers = (Object.keys(eventChannels) as EventChannel[]).map((channel) =>
    opts.subscribe(channel, (payload) => {
      const text = JSON.stringify({ t: 'event', channel, payload } satisfies ServerMessage);
      for (const ws of wss.clients) if (ws.readyState === ws.OPEN) ws.send(text);
    }),
  );

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  port = (server.address() as { port: number }).port;

  return {
    url: `http://${host}:${port}/?${TOKEN_QUERY}=${encodeURIComponent(token)}`,
    port,
    token,
    clients: () => wss.clients.size,
    async close() {
      for (const u of unsubscribers) u();
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((r) => wss.close(() => r()));
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
