/**
 * What the window asks the desktop shell for, through the real IPC handlers over a real core
 * (SQLite in a temp folder, no engine): "Show in folder" after an export (export:reveal, the
 * shell's showItemInFolder injected like the file picker), and the data folder chosen in
 * Settings (dataFolder:choose): checked, kept in the settings store (conf), used by the next
 * start, and nothing moved.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCore, type Core } from '../../src/desktop/index.js';
import { DATA_FOLDER_KEY, startDataFolder } from '../../src/desktop/data-folder.js';
import { confStore } from '../../src/desktop/settings.js';
import { createIpcHandlers } from '../../src/desktop/ipc-handlers.js';
import type { InvokeChannel, InvokeRequest, InvokeResponse } from '../../src/contract/ipc.js';

const dirs: string[] = [];
const cores: Core[] = [];
const temp = (prefix: string) => { const d = mkdtempSync(path.join(tmpdir(), prefix)); dirs.push(d); return d; };
const open = async (dataDir: string, extra: Parameters<typeof createCore>[0] extends infer O ? Partial<O> : never = {}) => {
  const core = await createCore({ dataDir, engine: false, ...extra });
  cores.push(core);
  const handlers = createIpcHandlers(core);
  const h = <C extends InvokeChannel>(channel: C, request: InvokeRequest<C>) => handlers[channel](request) as Promise<InvokeResponse<C>>;
  return { core, h };
};

afterEach(async () => {
  for (const c of cores.splice(0)) await c.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('export:reveal', () => {
  it('shows a finished export in the file manager through the injected shell function', async () => {
    const shown: string[] = [];
    const dataDir = temp('ld-reveal-');
    const { h } = await open(dataDir, { revealPath: (f) => void shown.push(f) });
    expect(await h('core:info', {})).toMatchObject({ canReveal: true, canPickFolder: false, dataDirNext: null });
    mkdirSync(path.join(dataDir, 'exports'));
    const zip = path.join(dataDir, 'exports', 'ACME-1-20260101.zip');
    writeFileSync(zip, 'PK');
    expect(await h('export:reveal', { path: zip })).toEqual({ revealed: true });
    expect(shown).toEqual([zip]);
    // Only exports of this data folder, and only ones that still exist.
    await expect(h('export:reveal', { path: path.join(dataDir, 'core.sqlite') })).rejects.toThrow(/is not an export of this data folder/);
    await expect(h('export:reveal', { path: path.join(dataDir, 'exports', '..', 'exports', '..', 'secrets.json') })).rejects.toThrow(/not an export/);
    await expect(h('export:reveal', { path: path.join(dataDir, 'exports', 'gone.zip') })).rejects.toThrow(/gone\.zip no longer exists/);
    expect(shown).toHaveLength(1);
  });

  it('in the browser (no shell function) says to download instead', async () => {
    const dataDir = temp('ld-reveal-');
    const { h } = await open(dataDir);
    expect(await h('core:info', {})).toMatchObject({ canReveal: false, canPickFolder: false });
    await expect(h('export:reveal', { path: path.join(dataDir, 'exports', 'x.zip') })).rejects.toThrow(/download the export instead/);
    await expect(h('dataFolder:pick', {})).rejects.toThrow(/type the folder’s full path/);
  });
});

describe('dataFolder:choose', () => {
  it('refuses what cannot be a data folder, naming the problem, and stores nothing', async () => {
    const dataDir = temp('ld-data-');
    const { h } = await open(dataDir);
    const other = temp('ld-other-');
    writeFileSync(path.join(other, 'notes.txt'), 'mine');
    await expect(h('dataFolder:choose', { path: 'relative/folder' })).rejects.toThrow(/"relative\/folder" is not an absolute path/);
    await expect(h('dataFolder:choose', { path: '   ' })).rejects.toThrow(/enter the folder’s full path/);
    await expect(h('dataFolder:choose', { path: path.join(other, 'notes.txt') })).rejects.toThrow(/is a file, not a folder/);
    await expect(h('dataFolder:choose', { path: other })).rejects.toThrow(/is not empty and is not a Ledgerdrop data folder/);
    await expect(h('dataFolder:choose', { path: path.join(other, 'missing', 'deeper') })).rejects.toThrow(/missing does not exist/);
    expect(confStore(dataDir).get(DATA_FOLDER_KEY)).toBeUndefined();
    expect((await h('core:info', {})).dataDirNext).toBeNull();
    expect(readFileSync(path.join(other, 'notes.txt'), 'utf8')).toBe('mine');
  });

  it('keeps an empty folder for the next start, which opens it; the old folder is left as it was', async () => {
    const dataDir = temp('ld-data-');
    const { core, h } = await open(dataDir);
    core.createApp('KEEP-1', { owner: 'Acme' });
    const next = temp('ld-next-');
    const r = await h('dataFolder:choose', { path: next });
    expect(r.next).toBe(next);
    expect(r.message).toMatch(/when Ledgerdrop next starts \(restart to switch\)/);
    expect(r.message).toMatch(/not moved or copied/);
    expect((await h('core:info', {})).dataDirNext).toBe(next);
    expect((await h('core:info', {})).dataDir).toBe(dataDir);
    await core.close();
    cores.splice(cores.indexOf(core), 1);

    // Persisted in conf: the next start resolves to the chosen folder (an explicit --data still wins).
    const store = confStore(dataDir);
    expect(store.get(DATA_FOLDER_KEY)).toBe(next);
    expect(startDataFolder(undefined, store, dataDir)).toBe(next);
    expect(startDataFolder('/srv/explicit', store, dataDir)).toBe('/srv/explicit');
    const second = await open(startDataFolder(undefined, store, dataDir), { locationStore: store });
    expect(second.core.dataDir).toBe(next);
    expect(second.core.listApps()).toEqual([]);
    expect((await second.h('core:info', {})).dataDirNext).toBeNull();
    // Nothing moved: the first folder still holds its application.
    expect(existsSync(path.join(dataDir, 'core.sqlite'))).toBe(true);
    await second.core.close();
    cores.splice(cores.indexOf(second.core), 1);
    const back = await open(dataDir);
    expect(back.core.listApps().map((a) => a.appnumber)).toEqual(['KEEP-1']);
  });

  it('accepts a folder that already holds Ledgerdrop data, a new folder in a writable one, and the current folder as "keep"', async () => {
    const dataDir = temp('ld-data-');
    const { h } = await open(dataDir);
    const existing = temp('ld-existing-');
    writeFileSync(path.join(existing, 'core.sqlite'), '');
    expect((await h('dataFolder:choose', { path: existing })).message).toMatch(/already holds Ledgerdrop data/);
    const fresh = path.join(temp('ld-parent-'), 'Ledgerdrop');
    const r = await h('dataFolder:choose', { path: fresh });
    expect(r).toMatchObject({ next: fresh });
    expect(r.message).toMatch(/will be created/);
    expect(existsSync(fresh)).toBe(false);
    expect(await h('dataFolder:choose', { path: dataDir })).toEqual({ next: null, message: `Ledgerdrop keeps using ${dataDir}.` });
    expect(confStore(dataDir).get(DATA_FOLDER_KEY)).toBeUndefined();
  });
});
