/** One core per data folder: live owners refused by pid, stale locks (killed owner) taken over. */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { lockDataFolder } from '../../src/desktop/data-lock.js';
import { createCore } from '../../src/desktop/index.js';
import { memoryStore } from '../../src/desktop/settings.js';
import { tempDir } from './tmp.js';

const tmp = tempDir('ld-lock-');
afterAll(() => tmp.cleanup());

describe('data folder lock', () => {
  it('refuses a live owner by pid, takes over a dead one, releases on close', async () => {
    const dir = path.join(tmp.dir, 'a');
    mkdirSync(dir, { recursive: true });
    const live = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      writeFileSync(path.join(dir, 'core.lock'), String(live.pid));
      expect(() => lockDataFolder(dir)).toThrow(`in use by another Ledgerdrop process (pid ${live.pid})`);
    } finally {
      live.kill('SIGKILL');
    }
    const dead = spawnSync(process.execPath, ['-e', 'process.pid'], { stdio: 'ignore' }).pid!;
    writeFileSync(path.join(dir, 'core.lock'), String(dead));
    const release = lockDataFolder(dir);
    expect(() => lockDataFolder(dir)).toThrow('already open in this process');
    release();
    expect(existsSync(path.join(dir, 'core.lock'))).toBe(false);
  });

  it('a second core on the same data folder is refused until the first closes', async () => {
    const dataDir = path.join(tmp.dir, 'b');
    const first = await createCore({ dataDir, engine: false, settings: memoryStore() });
    await expect(createCore({ dataDir, engine: false, settings: memoryStore() })).rejects.toThrow(/already open in this process/);
    await first.close();
    const second = await createCore({ dataDir, engine: false, settings: memoryStore() });
    await second.close();
  });
});
