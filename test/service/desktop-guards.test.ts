import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PathGrants } from '../../src/desktop/path-grants.js';
import { isAllowedExternalUrl } from '../../src/shell/electron/ipc/external-links.js';
import { makeDataFolderPrivate } from '../../src/desktop/data-folder.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdrop-guards-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('files:addPaths grants', () => {
  it('allows picked files and files inside watched folders only (no .. or symlink way out)', () => {
    const watched = path.join(tmp, 'watched');
    fs.mkdirSync(watched);
    const inside = path.join(watched, 'a.pdf');
    const picked = path.join(tmp, 'picked.pdf');
    const secret = path.join(tmp, 'secret.txt');
    for (const f of [inside, picked, secret]) fs.writeFileSync(f, 'x');
    fs.symlinkSync(secret, path.join(watched, 'link.pdf'));
    const g = new PathGrants();
    g.grant([picked]);
    expect(g.refused([picked, inside], [watched])).toBeNull();
    expect(g.refused([secret], [watched])).toBe(secret);
    expect(g.refused([path.join(watched, '..', 'secret.txt')], [watched])).toBe(path.join(watched, '..', 'secret.txt'));
    expect(g.refused([path.join(watched, 'link.pdf')], [watched])).toBe(path.join(watched, 'link.pdf'));
    expect(g.refused([`${watched}-other/x.pdf`], [watched])).toBe(`${watched}-other/x.pdf`);
    expect(g.refused(['relative.pdf'], [watched])).toBe('relative.pdf');
  });
});

describe('openExternal allow-list', () => {
  it('only https links to the listed hosts', () => {
    expect(isAllowedExternalUrl('https://docs.ledgerdrop.app/guide')).toBe(true);
    for (const u of ['http://docs.ledgerdrop.app/', 'file:///etc/passwd', 'https://evil.example/', 'https://user:pw@docs.ledgerdrop.app/',
      'smb://host/share', 'https://docs.ledgerdrop.app.evil.example/', 'javascript:alert(1)', 'not a url', 'https://docs.ledgerdrop.app:8443/']) {
      expect(isAllowedExternalUrl(u), u).toBe(false);
    }
  });
});

describe('desktop data folder', () => {
  it.skipIf(process.platform === 'win32')('an existing, open folder becomes 0700 with files 0600; symlinks are left alone', async () => {
    const dir = path.join(tmp, 'data');
    fs.mkdirSync(path.join(dir, 'inbox'), { recursive: true, mode: 0o755 });
    fs.chmodSync(dir, 0o755);
    fs.writeFileSync(path.join(dir, 'core.sqlite'), 'x', { mode: 0o644 });
    fs.writeFileSync(path.join(dir, 'inbox', 'blob'), 'x', { mode: 0o644 });
    const outside = path.join(tmp, 'outside.txt');
    fs.writeFileSync(outside, 'x', { mode: 0o644 });
    fs.symlinkSync(outside, path.join(dir, 'link'));
    const r = await makeDataFolderPrivate(dir);
    expect(r.tightened).toBe(4);
    const mode = (p: string) => fs.statSync(p).mode & 0o777;
    expect(mode(dir)).toBe(0o700);
    expect(mode(path.join(dir, 'inbox'))).toBe(0o700);
    expect(mode(path.join(dir, 'core.sqlite'))).toBe(0o600);
    expect(mode(path.join(dir, 'inbox', 'blob'))).toBe(0o600);
    expect(mode(outside)).toBe(0o644);
    const fresh = path.join(tmp, 'fresh', 'data');
    await makeDataFolderPrivate(fresh);
    expect(mode(fresh)).toBe(0o700);
  });
});

describe('electron-builder fuses', () => {
  it('the build flips RunAsNode off, cookie encryption on, ASAR integrity and app-from-ASAR-only on (names electron-builder knows)', () => {
    const yml = fs.readFileSync(path.resolve('electron-builder.yml'), 'utf8');
    const block = /^electronFuses:\n((?: {2}\w+: (?:true|false)\n)+)/m.exec(yml);
    expect(block).not.toBeNull();
    const fuses = Object.fromEntries([...block![1]!.matchAll(/^ {2}(\w+): (true|false)$/gm)].map((m) => [m[1], m[2] === 'true']));
    expect(fuses).toMatchObject({ runAsNode: false, enableCookieEncryption: true, enableEmbeddedAsarIntegrityValidation: true, onlyLoadAppFromAsar: true });
    const scheme = JSON.parse(fs.readFileSync(path.resolve('node_modules/app-builder-lib/scheme.json'), 'utf8'));
    const known = Object.keys(scheme.definitions.FuseOptionsV1.properties);
    for (const k of Object.keys(fuses)) expect(known).toContain(k);
  });
});
