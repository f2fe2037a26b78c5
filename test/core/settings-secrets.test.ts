/**
 * Settings through `conf` (electron-store's engine) in a temp folder, the secret store with the
 * plain and a safeStorage-shaped cipher (and the basic_text warning), and saved connections.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { confStore, readUserSettings, writeUserSettings } from '../../src/desktop/settings.js';
import { FileSecretStore, protectionOf, safeStorageCipher, type SafeStorageLike } from '../../src/desktop/secrets.js';
import { Connections, LOCAL_ID } from '../../src/desktop/connections.js';
import { NetworkError } from '../../src/desktop/api-client.js';
import { tempDir } from './tmp.js';

const tmp = tempDir('ld-settings-');
afterAll(() => tmp.cleanup());

/** Stands in for Electron's safeStorage (not launchable here): XOR "encryption" + a backend name. */
function fakeSafeStorage(backend: string): SafeStorageLike {
  const x = (b: Buffer) => Buffer.from(b.map((c) => c ^ 0x5a));
  return {
    encryptStringAsync: async (s) => x(Buffer.from(s)),
    decryptStringAsync: async (b) => ({ result: x(b).toString(), shouldReEncrypt: false }),
    getSelectedStorageBackend: () => backend,
  };
}

describe('settings', () => {
  it('persist through conf in the data folder and are validated', () => {
    const dir = path.join(tmp.dir, 's1');
    const a = confStore(dir);
    expect(readUserSettings(a)).toEqual({ concurrency: 2, maxAttempts: 8, notifyOnComplete: true });
    writeUserSettings(a, { concurrency: 4, notifyOnComplete: false });
    expect(readUserSettings(confStore(dir))).toEqual({ concurrency: 4, maxAttempts: 8, notifyOnComplete: false });
    expect(() => writeUserSettings(a, { concurrency: 0 })).toThrow(/invalid settings: concurrency/);
    expect(() => writeUserSettings(a, { colour: 'red' })).toThrow(/invalid settings: .*colour/);
    expect(readUserSettings(a).concurrency).toBe(4);
    expect(statSync(path.join(dir, 'settings.json')).mode & 0o777).toBe(0o600);
  });
});

describe('secrets', () => {
  it('plain store: a 0600 file, values round-trip, delete works', async () => {
    const file = path.join(tmp.dir, 'plain', 'secrets.json');
    const s = new FileSecretStore(file);
    await s.set('connection:x:password', 'hunter2');
    expect(await new FileSecretStore(file).get('connection:x:password')).toBe('hunter2');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    await s.delete('connection:x:password');
    expect(await s.get('connection:x:password')).toBeNull();
    expect(s.protection).toBe('plain');
  });

  it('safeStorage cipher: nothing in clear on disk; basic_text on Linux is flagged as not keychain-protected', async () => {
    const file = path.join(tmp.dir, 'safe', 'secrets.json');
    const s = new FileSecretStore(file, safeStorageCipher(fakeSafeStorage('basic_text'), 'linux'));
    await s.set('p', 'super secret password');
    expect(readFileSync(file, 'utf8')).not.toContain('super secret password');
    expect(await s.get('p')).toBe('super secret password');
    expect(s.protection).toBe('basic_text');
    expect(safeStorageCipher(fakeSafeStorage('gnome_libsecret'), 'linux').protection).toBe('keychain');
    expect(protectionOf('darwin', undefined)).toBe('keychain');
    expect(protectionOf('linux', 'unknown')).toBe('basic_text');
  });
});

describe('connections', () => {
  it('the local engine is always there; remotes are saved with their password in the secret store', async () => {
    const dir = path.join(tmp.dir, 'c1');
    const secrets = new FileSecretStore(path.join(dir, 'secrets.json'));
    let endpoint: { url: string; username: string; password: string; product: 'pdfinsightstp' } | null = null;
    const c = new Connections(confStore(dir), secrets, () => endpoint);
    expect(c.defaultId()).toBe(LOCAL_ID);
    await expect(c.credentials(LOCAL_ID)).rejects.toBeInstanceOf(NetworkError);
    endpoint = { url: 'http://127.0.0.1:9', username: 'local', password: 'p', product: 'pdfinsightstp' };
    expect((await c.credentials(LOCAL_ID)).url).toBe('http://127.0.0.1:9');
    const saved = await c.save({ name: 'Team server', url: 'https://team.example/', username: 'ann', product: 'pdfinsights', password: 'pw', makeDefault: true });
    expect(saved.url).toBe('https://team.example');
    expect(c.defaultId()).toBe(saved.id);
    expect(await c.credentials(saved.id)).toEqual({ url: 'https://team.example', username: 'ann', password: 'pw', product: 'pdfinsights' });
    const again = new Connections(confStore(dir), secrets, () => endpoint);
    expect((await again.views()).map((v) => [v.id, v.kind, v.isDefault, v.hasPassword])).toEqual([[LOCAL_ID, 'embedded', false, true], [saved.id, 'remote', true, true]]);
    await expect(c.save({ id: LOCAL_ID, name: 'x', url: 'http://x', username: 'u', product: 'pdfinsights' })).rejects.toThrow('the local engine connection cannot be edited');
    expect(await c.remove(saved.id)).toBe(true);
    expect(await secrets.get(`connection:${saved.id}:password`)).toBeNull();
    expect(c.defaultId()).toBe(LOCAL_ID);
    expect(() => c.get('gone')).toThrow('no connection "gone"');
  });
});
