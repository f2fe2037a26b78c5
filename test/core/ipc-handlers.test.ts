/**
 * The IPC handlers (the one place both bridges call) over a real core and the real service:
 * every channel of the contract is handled, requests are validated with messages naming the
 * field, core errors come back as clear messages, responses match the contract; and the sender
 * check that the Electron registration applies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { invokeChannels, type EventPayload } from '../../src/contract/ipc.js';
import { createIpcHandlers, type IpcHandlers } from '../../src/desktop/ipc-handlers.js';
import { isTrustedSender } from '../../src/shell/electron/ipc/sender.js';
import type { Core } from '../../src/desktop/index.js';
import { mtjsonStatement } from './fixtures.js';
import { coreFor, startRealService, tempDir, USER } from './helpers.js';

const tmp = tempDir('ld-ipc-');
let service: Awaited<ReturnType<typeof startRealService>>;
let core: Core;
let h: IpcHandlers;

beforeAll(async () => {
  service = await startRealService(path.join(tmp.dir, 'service'));
  core = await coreFor(path.join(tmp.dir, 'data'), service.url);
  h = createIpcHandlers(core);
});
afterAll(async () => {
  await core.close();
  await service.close();
  tmp.cleanup();
});

describe('createIpcHandlers', () => {
  it('handles every channel of the contract', () => {
    expect(Object.keys(h).sort()).toEqual(Object.keys(invokeChannels).sort());
  });

  it('refuses invalid requests with the field named, before the core sees them', async () => {
    await expect(h['files:addPaths']({ appnumber: 'A', paths: [] })).rejects.toThrow(/invalid request for files:addPaths: paths: /);
    await expect(h['apps:create']({ appnumber: '../x' })).rejects.toThrow(/appnumber: appnumber may not contain/);
    await expect(h['jobs:retry']({ id: 'one' })).rejects.toThrow(/invalid request for jobs:retry: id:/);
    await expect(h['apps:list']({ sort: 'size' })).rejects.toThrow(/invalid request for apps:list: sort:/);
    await expect(h['deal:set']({ appnumber: 'A', status: 'maybe' })).rejects.toThrow(/invalid request for deal:set: status:/);
    await expect(h['deal:addNote']({ appnumber: 'A', body: '   ' })).rejects.toThrow(/body: a note needs some text/);
    await expect(h['transactions:edit']({ appnumber: 'A', id: 1 })).rejects.toThrow(/give category or trueval/);
    await expect(h['deal:get']({ appnumber: 'NOT-THERE' })).rejects.toThrow(/no application "NOT-THERE"/);
    await expect(h['connections:save']({ name: 'x', url: 'ftp://h', username: 'u', product: 'pdfinsights' })).rejects.toThrow(/url must be http\(s\)/);
    await expect(h['watch:add']({ path: '/tmp', mode: 'application' })).rejects.toThrow(/appnumber is required when mode is "application"/);
    expect(core.listApps().map((a) => a.appnumber)).not.toContain('../x');
  });

  it('drop bytes → converted → stored detail, scorecard and transactions, with events', async () => {
    const events: EventPayload<'jobs:finished'>[] = [];
    const changed: string[] = [];
    const off = core.on('jobs:finished', (j) => events.push(j));
    core.on('results:changed', (r) => changed.push(r.appnumber));
    const app = await h['apps:create']({ appnumber: 'IPC-1', owner: 'Acme Bakery LLC' }) as { connectionId: string };
    expect(app.connectionId).toBe('svc');
    const jobs = await h['files:addBytes']({ appnumber: 'IPC-1', files: [{ name: 'march.json', base64: mtjsonStatement(4242).toString('base64') }] }) as { id: number }[];
    expect(jobs).toHaveLength(1);
    const again = await h['files:addBytes']({ appnumber: 'IPC-1', files: [{ name: 'march-copy.json', base64: mtjsonStatement(4242).toString('base64') }] }) as { id: number; duplicate: boolean }[];
    expect(again[0]).toMatchObject({ id: jobs[0]!.id, duplicate: true });
    await core.whenIdle();
    off();
    expect(events.map((e) => e.status)).toEqual(['done']);
    const detail = await h['apps:get']({ appnumber: 'IPC-1' }) as { app: { totalstatements: number; owner: string; jobCounts: Record<string, number> }; fileStatus: unknown[]; statements: unknown[] };
    expect(detail.app).toMatchObject({ totalstatements: 1, owner: 'Acme Bakery LLC', jobCounts: { done: 1 } });
    expect(detail.fileStatus).toHaveLength(1);
    const refreshed = await h['results:refresh']({ appnumber: 'IPC-1' }) as { resultsUpdatedAt: string | null };
    expect(refreshed.resultsUpdatedAt).not.toBeNull();
    expect(await h['results:transactions']({ appnumber: 'IPC-1' })).not.toBeNull();
    expect(changed).toContain('IPC-1');
    expect((await h['apps:list']({ search: 'acme' }) as { appnumber: string }[]).map((a) => a.appnumber)).toEqual(['IPC-1']);
    expect(await h['apps:list']({ search: '%' })).toEqual([]);
    await expect(h['jobs:cancel']({ id: jobs[0]!.id })).rejects.toThrow(`job ${jobs[0]!.id} is already done`);
    await expect(h['apps:get']({ appnumber: 'NOPE' })).rejects.toThrow('no application "NOPE"');
    await expect(h['files:pick']({ appnumber: 'IPC-1' })).rejects.toThrow('no file picker here: drop files instead');
  });

  it('settings, connections and core info', async () => {
    await expect(h['settings:set']({ colour: 'red' })).rejects.toThrow(/invalid settings: .*colour/);
    await expect(h['settings:set']({ concurrency: 99 })).rejects.toThrow(/concurrency/);
    expect(await h['settings:set']({ concurrency: 3 })).toMatchObject({ concurrency: 3, maxAttempts: 8 });
    expect(await h['connections:test']({ id: 'svc' })).toEqual({ ok: true, error: null });
    await expect(h['connections:save']({ name: 'Team', url: service.url, username: USER.username, product: 'pdfinsights' })).rejects.toThrow('a password is required for a new connection');
    const bad = await h['connections:save']({ id: 'team', name: 'Team', url: service.url, username: USER.username, password: 'wrong', product: 'pdfinsights' }) as { id: string; hasPassword: boolean };
    expect(bad).toMatchObject({ id: 'team', hasPassword: true });
    const tested = await h['connections:test']({ id: 'team' }) as { ok: boolean; error: string };
    expect(tested.ok).toBe(false);
    expect(tested.error).toMatch(/authentication failed/);
    expect(await h['connections:remove']({ id: 'team' })).toEqual({ removed: true });
    await expect(h['connections:remove']({ id: 'svc' })).rejects.toThrow(/used by 1 application/);
    expect(await h['core:info']({})).toMatchObject({ secretProtection: 'plain', secretWarning: true, canPickFiles: false });
    expect(await h['network:status']({})).toMatchObject({ online: true, service: service.url });
  });
});

describe('sender check', () => {
  const ok = { url: 'app://ledgerdrop/index.html', isMainFrame: true, isOurWindow: true };
  it('accepts only the main frame of our window on app://ledgerdrop', () => {
    expect(isTrustedSender(ok)).toBe(true);
    expect(isTrustedSender({ ...ok, isMainFrame: false })).toBe(false);
    expect(isTrustedSender({ ...ok, isOurWindow: false })).toBe(false);
    expect(isTrustedSender({ ...ok, url: 'https://evil.example/' })).toBe(false);
    expect(isTrustedSender({ ...ok, url: 'app://other/index.html' })).toBe(false);
    expect(isTrustedSender({ ...ok, url: 'file:///index.html' })).toBe(false);
    expect(isTrustedSender({ ...ok, url: null })).toBe(false);
  });
});
