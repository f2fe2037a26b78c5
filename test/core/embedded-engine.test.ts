/**
 * The default connection: the core starts the real service as a child process on 127.0.0.1
 * with an account it provisions itself, converts through it, and its supervisor restarts the
 * engine after it is killed (the queue waits meanwhile and resumes by itself). Also a watched
 * folder (chokidar, per-application subfolders) feeding the same queue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createCore, type Core } from '../../src/desktop/index.js';
import { mtjsonStatement } from './fixtures.js';
import { FAST, tempDir, until } from './helpers.js';

const tmp = tempDir('ld-embedded-');
let core: Core;

beforeAll(async () => {
  core = await createCore({ dataDir: path.join(tmp.dir, 'data'), ...FAST, watchStabilityMs: 200 });
  await core.engine!.ready();
});
afterAll(async () => {
  await core.close();
  tmp.cleanup();
});

describe('embedded local engine', () => {
  it('is the default connection, listens on loopback and converts', async () => {
    const conns = await core.listConnections();
    expect(conns[0]).toMatchObject({ id: 'local', kind: 'embedded', isDefault: true });
    expect(conns[0]!.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await core.addBytes('EMB-1', [{ name: 'a.json', bytes: mtjsonStatement(7001) }]);
    await core.whenIdle();
    expect(core.listJobs('EMB-1').map((j) => j.status)).toEqual(['done']);
    expect(core.getApp('EMB-1').app.totalstatements).toBe(1);
  });

  it('is restarted by the supervisor after SIGKILL; queued work resumes by itself', async () => {
    const engine = core.engine!;
    const oldPid = engine.pid!;
    const oldUrl = engine.url;
    process.kill(oldPid, 'SIGKILL');
    await until(() => engine.state !== 'running', 'engine noticed down');
    await core.addBytes('EMB-1', [{ name: 'b.json', bytes: mtjsonStatement(7002) }]);
    await core.whenIdle();
    expect(engine.restarts).toBe(1);
    expect(engine.pid).not.toBe(oldPid);
    expect(engine.url).not.toBe(oldUrl);
    expect(core.listJobs('EMB-1').map((j) => j.status)).toEqual(['done', 'done']);
    expect(core.getApp('EMB-1').app.totalstatements).toBe(2);
  });

  it('a watched folder queues files by subfolder (appnumber) once written', async () => {
    const root = path.join(tmp.dir, 'watched');
    mkdirSync(path.join(root, 'WATCH-7'), { recursive: true });
    const view = await core.addWatchFolder({ path: root, mode: 'per-application' });
    expect(view).toMatchObject({ active: true, error: null, mode: 'per-application' });
    writeFileSync(path.join(root, 'WATCH-7', 'april.json'), mtjsonStatement(7003));
    writeFileSync(path.join(root, 'loose.json'), mtjsonStatement(7004));
    await until(() => core.listJobs('WATCH-7').length === 1, 'watched file queued');
    await core.whenIdle();
    expect(core.listJobs('WATCH-7')[0]).toMatchObject({ fileName: 'april.json', status: 'done' });
    expect(core.listApps().map((a) => a.appnumber)).not.toContain('loose.json');
    expect(await core.removeWatchFolder(view.id)).toBe(true);
    expect(core.listWatchFolders()).toEqual([]);
  });
});
