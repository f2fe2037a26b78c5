import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import WebSocket from 'ws';
import { buildRendererTo } from './build-renderer.js';

/** `npm run web`'s entry as a user runs it: prints the tokened URL, serves nothing without it, stops on SIGTERM. */
let rendererDir: string;
let dataDir: string;
let child: ChildProcess;
let url: string;
let stderr = '';

beforeAll(async () => {
  rendererDir = await buildRendererTo();
  dataDir = mkdtempSync(path.join(tmpdir(), 'ld-webcmd-'));
  child = spawn(process.execPath, ['bin/run-ts.mjs', 'src/cli/web.ts', '--port', '0', '--data', dataDir, '--no-open'], {
    env: { ...process.env, LEDGERDROP_RENDERER_DIR: rendererDir }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr!.on('data', (d) => { stderr += String(d); });
  url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += String(d);
      const m = /http:\/\/127\.0\.0\.1:\d+\/\?token=\S+/.exec(out);
      if (m) resolve(m[0]);
    });
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)));
  });
});

afterAll(async () => {
  if (child.exitCode === null) { child.kill('SIGKILL'); await once(child, 'exit'); }
  rmSync(rendererDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run web', () => {
  it('prints a 127.0.0.1 address with a token and serves the window only with it', async () => {
    const u = new URL(url);
    expect(u.hostname).toBe('127.0.0.1');
    expect(u.searchParams.get('token')!.length).toBeGreaterThanOrEqual(24);
    expect((await fetch(`${u.origin}/`)).status).toBe(401);
    const ok = await fetch(url);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('<div id="root"></div>');
  });

  it('answers contract calls over the WebSocket with the token, from the real core', async () => {
    const u = new URL(url);
    const ws = new WebSocket(`ws://${u.host}/ws?token=${u.searchParams.get('token')}`, { headers: { Origin: u.origin } });
    await once(ws, 'open');
    const reply = new Promise<Record<string, unknown>>((resolve) => ws.once('message', (d) => resolve(JSON.parse(String(d)))));
    ws.send(JSON.stringify({ t: 'invoke', id: 1, channel: 'core:info', request: {} }));
    expect(await reply).toMatchObject({ t: 'result', id: 1, ok: true, response: { dataDir } });
    ws.close();
    expect(existsSync(path.join(dataDir, 'core.sqlite'))).toBe(true);
  });

  it('refuses a bad port with a message, and stops cleanly on SIGTERM', async () => {
    const bad = spawn(process.execPath, ['bin/run-ts.mjs', 'src/cli/web.ts', '--port', 'eighty', '--no-open'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    bad.stderr!.on('data', (d) => { err += String(d); });
    const [code] = await once(bad, 'exit');
    expect(code).toBe(2);
    expect(err).toContain('--port must be a port number');
    child.kill('SIGTERM');
    const [exit] = await once(child, 'exit');
    expect(exit).toBe(0);
  });
});
