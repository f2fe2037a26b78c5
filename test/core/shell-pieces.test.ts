/**
 * The pure pieces the Electron shell relies on (it cannot be launched here): the app://
 * protocol mapping and CSP, and the preload bridge built from the contract's channel names
 * over an ipcRenderer stand-in.
 */
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { APP_CSP, contentTypeFor, resolveAppFile } from '../../src/desktop/app-protocol.js';
import { createPreloadBridge, type IpcRendererLike } from '../../src/preload/bridge.js';
import { EVENT_CHANNELS, EVENT_PREFIX, INVOKE_CHANNELS } from '../../src/preload/channels.js';
import { EVENT_PREFIX as CONTRACT_PREFIX, eventChannelNames, invokeChannelNames } from '../../src/contract/ipc.js';

describe('app:// protocol', () => {
  const root = path.resolve('/opt/ledgerdrop/renderer');
  it('maps our URLs into the renderer folder and nothing outside it', () => {
    expect(resolveAppFile(root, 'app://ledgerdrop/index.html')).toBe(path.join(root, 'index.html'));
    expect(resolveAppFile(root, 'app://ledgerdrop/')).toBe(path.join(root, 'index.html'));
    expect(resolveAppFile(root, 'app://ledgerdrop/apps/APP-1')).toBe(path.join(root, 'index.html'));
    expect(resolveAppFile(root, 'app://ledgerdrop/assets/index-1.js')).toBe(path.join(root, 'assets/index-1.js'));
    expect(resolveAppFile(root, 'app://ledgerdrop/%2e%2e/%2e%2e/etc/passwd.txt')).toBe(path.join(root, 'etc/passwd.txt'));
    // Encoded ../ cannot climb out: it is normalised inside the folder.
    expect(resolveAppFile(root, 'app://ledgerdrop/..%2f..%2f..%2fsecrets.json')).toBe(path.join(root, 'secrets.json'));
    for (const u of ['app://ledgerdrop/..%2f..%2fx.js', 'app://ledgerdrop/a/%2e%2e/%2e%2e/%2e%2e/b.css', 'app://ledgerdrop/%5c..%5c..%5cwin.ini']) {
      expect(resolveAppFile(root, u)!.startsWith(root + path.sep)).toBe(true);
    }
    expect(resolveAppFile(root, 'app://other/index.html')).toBeNull();
    expect(resolveAppFile(root, 'https://ledgerdrop/index.html')).toBeNull();
    expect(resolveAppFile(root, 'app://ledgerdrop/a%00.js')).toBeNull();
  });
  it('serves a strict CSP and the right content types', () => {
    expect(APP_CSP).toContain("default-src 'none'");
    expect(APP_CSP).toContain("script-src 'self'");
    expect(APP_CSP).not.toMatch(/unsafe-eval/);
    expect(APP_CSP).toContain("frame-ancestors 'none'");
    expect(contentTypeFor('/x/index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeFor('/x/a.JS')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeFor('/x/blob.bin')).toBe('application/octet-stream');
  });
});

describe('preload bridge', () => {
  it('its channel lists are exactly the contract', () => {
    expect([...INVOKE_CHANNELS].sort()).toEqual([...invokeChannelNames].sort());
    expect([...EVENT_CHANNELS].sort()).toEqual([...eventChannelNames].sort());
    expect(EVENT_PREFIX).toBe(CONTRACT_PREFIX);
  });

  it('passes only contract channels and unsubscribes listeners', async () => {
    const sent: [string, unknown][] = [];
    const handlers = new Map<string, Set<(e: unknown, p: unknown) => void>>();
    const ipc: IpcRendererLike = {
      invoke: async (channel, request) => { sent.push([channel, request]); return { ok: channel }; },
      on: (channel, l) => { if (!handlers.has(channel)) handlers.set(channel, new Set()); handlers.get(channel)!.add(l as (e: unknown, p: unknown) => void); },
      removeListener: (channel, l) => { handlers.get(channel)?.delete(l as (e: unknown, p: unknown) => void); },
    };
    const bridge = createPreloadBridge(ipc, INVOKE_CHANNELS, EVENT_CHANNELS);
    expect(await bridge.invoke('apps:list', {})).toEqual({ ok: 'apps:list' });
    await expect(bridge.invoke('shell:exec' as 'apps:list', {})).rejects.toThrow('unknown channel "shell:exec"');
    expect(sent).toEqual([['apps:list', {}]]);
    const got: unknown[] = [];
    const off = bridge.on('jobs:changed', (p) => got.push(p));
    for (const l of handlers.get('event:jobs:changed')!) l({ sender: 'x' }, { id: 1 });
    off();
    expect(handlers.get('event:jobs:changed')!.size).toBe(0);
    expect(got).toEqual([{ id: 1 }]);
    expect(() => bridge.on('secret:event' as 'jobs:changed', () => {})).toThrow('unknown event "secret:event"');
    expect(Object.isFrozen(bridge)).toBe(true);
  });
});
