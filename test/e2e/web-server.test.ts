import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EventEmitter } from 'node:events';
import http from 'node:http';
import WebSocket from 'ws';
import { startWebServer, type WebServer } from '../../src/shell/web/web-server.js';
import type { EventChannel } from '../../src/contract/ipc.js';

/**
 * The browser bridge's server on its own: token on every request, cookie after the first,
 * WebSocket refused without the token or from another origin, requests validated against the
 * contract's schemas, events broadcast. (The e2e suite runs it with the real core.)
 */
let dir: string;
let server: WebServer;
const events = new EventEmitter();
const seen: unknown[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'ld-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>t</title><div id=root></div>');
  writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(path.join(path.dirname(dir), 'ld-secret.txt'), 'secret');
  server = await startWebServer({
    staticDir: dir,
    handlers: {
      'apps:list': async (req) => { seen.push(req); return [{ appnumber: 'A-1', appid: 1, owner: 'o', totalstatements: 2, totalstatements_reconciled: 1, jobCounts: { done: 2 }, lastActivity: null }]; },
      'jobs:retry': async () => { throw new Error('no job 99'); },
    },
    subscribe: (channel: EventChannel, listener) => {
      events.on(channel, listener);
      return () => events.off(channel, listener);
    },
  });
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const base = () => `http://127.0.0.1:${server.port}`;

function connect(url: string, headers: Record<string, string> = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
  });
}

function call(ws: WebSocket, id: number, channel: string, request: unknown): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const onMsg = (data: WebSocket.RawData) => {
      const m = JSON.parse(data.toString());
      if (m.t === 'result' && m.id === id) { ws.off('message', onMsg); resolve(m); }
    };
    ws.on('message', onMsg);
    ws.send(JSON.stringify({ t: 'invoke', id, channel, request }));
  });
}

describe('web server: token', () => {
  it('prints a loopback URL carrying the token', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{20,}$/);
  });

  it('serves nothing without the token', async () => {
    for (const p of ['/', '/index.html', '/assets/app.js', '/?token=wrong']) {
      const r = await fetch(base() + p);
      expect(r.status, p).toBe(401);
      expect(await r.text()).not.toContain('<div id=root>');
    }
  });

  it('serves the page with the token, sets an HttpOnly cookie that then opens the assets', async () => {
    const r = await fetch(server.url);
    expect(r.status).toBe(200);
    expect(await r.text()).toContain('<div id=root>');
    expect(r.headers.get('content-security-policy')).toContain("default-src 'self'");
    const cookie = r.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    const asset = await fetch(base() + '/assets/app.js', { headers: { cookie: cookie.split(';')[0]! } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toContain('javascript');
  });

  it('refuses another Host name even with the token (DNS rebinding)', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port: server.port, path: `/?token=${server.token}`, headers: { Host: `evil.example:${server.port}` } }, (res) => { res.resume(); resolve(res.statusCode!); });
      req.on('error', reject);
    });
    expect(status).toBe(401);
  });

  it('does not serve files outside the renderer folder', async () => {
    const r = await fetch(`${base()}/..%2fld-secret.txt?token=${server.token}`);
    expect([403, 404]).toContain(r.status);
    expect(await r.text()).not.toContain('secret');
  });

  it('refuses the WebSocket without the token, with a wrong one, or from another origin', async () => {
    await expect(connect(`ws://127.0.0.1:${server.port}/ws`)).rejects.toThrow(/401/);
    await expect(connect(`ws://127.0.0.1:${server.port}/ws?token=nope`)).rejects.toThrow(/401/);
    await expect(connect(`ws://127.0.0.1:${server.port}/ws?token=${server.token}`, { Origin: 'http://evil.example' })).rejects.toThrow(/401/);
  });
});

describe('web server: the IPC contract over the WebSocket', () => {
  let ws: WebSocket;
  beforeAll(async () => { ws = await connect(`ws://127.0.0.1:${server.port}/ws?token=${server.token}`, { Origin: `http://127.0.0.1:${server.port}` }); });
  afterAll(() => ws.close());

  it('answers a channel through its handler with the validated request', async () => {
    const r = await call(ws, 1, 'apps:list', { search: 'A' });
    expect(r.ok).toBe(true);
    expect((r.response as { appnumber: string }[])[0]!.appnumber).toBe('A-1');
    expect(seen.at(-1)).toEqual({ search: 'A' });
  });

  it('refuses a request that does not match the contract, naming the field', async () => {
    const before = seen.length;
    const r = await call(ws, 2, 'apps:list', { search: 42 });
    expect(r.ok).toBe(false);
    expect(String(r.error)).toMatch(/search/);
    expect(seen.length).toBe(before);
  });

  it('refuses a channel outside the contract', async () => {
    const r = await call(ws, 3, 'fs:readFile', { path: '/etc/passwd' });
    expect(r).toMatchObject({ ok: false, error: 'unknown channel fs:readFile' });
  });

  it('says when a contract channel has no handler, and passes handler errors through', async () => {
    expect(await call(ws, 4, 'settings:get', {})).toMatchObject({ ok: false, error: expect.stringMatching(/no handler/) });
    expect(await call(ws, 5, 'jobs:retry', { id: 99 })).toMatchObject({ ok: false, error: 'no job 99' });
  });

  it('broadcasts core events to connected windows', async () => {
    const got = new Promise<Record<string, unknown>>((resolve) => ws.once('message', (d) => resolve(JSON.parse(d.toString()))));
    events.emit('network:changed', { online: false, waiting: 3, service: 'local' });
    expect(await got).toEqual({ t: 'event', channel: 'network:changed', payload: { online: false, waiting: 3, service: 'local' } });
  });
});
