/**
 * `ledgerdrop intake` as a real process against the real service: it converts the files and
 * exits 0; killed with SIGKILL in the middle of uploads and started again with the same --data,
 * it resumes and the service ends up with every file converted exactly once; behind a gateway
 * answering 502 during an outage it waits (saying why) and exits 0; a file that ended in error
 * makes it exit 1 naming the file and the reason; a final refresh that fails is said.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { FaultProxy } from './fault-proxy.js';
import { mtjsonStatement, writeStatements } from './fixtures.js';
import { deadPort, serviceFileCounts, startRealService, tempDir, until, USER } from './helpers.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tmp = tempDir('ld-cli-');
let service: Awaited<ReturnType<typeof startRealService>>;
let proxy: FaultProxy;

beforeAll(async () => {
  service = await startRealService(path.join(tmp.dir, 'service'));
  proxy = await FaultProxy.start(service.url);
});
afterAll(async () => {
  proxy.setTarget(service.url);
  await proxy.close();
  await service.close();
  tmp.cleanup();
});

/** Runs intake; the password goes in on standard input (--password-stdin) unless `password` says otherwise. */
function intake(args: string[], serviceUrl = proxy.url, password: 'stdin' | 'argv' | 'none' = 'stdin'): { child: ChildProcess; output: () => string; exit: Promise<number | null> } {
  let out = '';
  const pw = password === 'stdin' ? ['--password-stdin'] : password === 'argv' ? ['--password', USER.password] : [];
  const child = spawn(process.execPath, [path.join(ROOT, 'bin/ledgerdrop.mjs'), 'intake',
    '--service', serviceUrl, '--user', USER.username, ...pw, '--product', USER.product, ...args], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  child.stdin!.end(password === 'stdin' ? `${USER.password}\n` : '');
  child.stdout!.on('data', (d) => { out += d; });
  child.stderr!.on('data', (d) => { out += d; });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exit };
}

describe('ledgerdrop intake', () => {
  it('refuses bad usage with a message naming the flag', async () => {
    const r = intake(['--app', 'A', '--product', 'gold']);
    expect(await r.exit).toBe(2);
    expect(r.output()).toMatch(/--product must be one of pdfinsightstp, pdfinsights, thumbprint \(got gold\)/);
  });

  it('the password: never needed in argv; none and no terminal is a usage error naming --password-stdin; --password works but warns', async () => {
    const none = intake(['--app', 'CLI-PW', '--data', path.join(tmp.dir, 'data-pw')], proxy.url, 'none');
    expect(await none.exit).toBe(2);
    expect(none.output()).toMatch(/no password given: use --password-stdin/);
    const files = writeStatements(path.join(tmp.dir, 'in-pw'), 1, 700);
    const argv = intake(['--app', 'CLI-PW', '--data', path.join(tmp.dir, 'data-pw'), ...files], proxy.url, 'argv');
    expect(await argv.exit).toBe(0);
    expect(argv.output()).toMatch(/ledgerdrop intake: warning: --password is visible to other users in the process list; prefer --password-stdin/);
    expect(argv.output()).toMatch(/CLI-PW: 1 converted, 0 failed/);
  });

  it('queues, converts, prints progress and exits 0 when the queue is empty', async () => {
    const files = writeStatements(path.join(tmp.dir, 'in-ok'), 3, 500);
    const r = intake(['--app', 'CLI-OK', '--data', path.join(tmp.dir, 'data-ok'), ...files]);
    expect(await r.exit).toBe(0);
    expect(r.output()).toMatch(/queued 3 file\(s\) for CLI-OK/);
    expect(r.output()).toMatch(/CLI-OK: 3 converted, 0 failed/);
    expect([...(await serviceFileCounts(service.url, 'CLI-OK')).values()]).toEqual([1, 1, 1]);
  });

  it('a bad file among good ones: the good ones convert, the bad one is named, exit 1', async () => {
    const files = writeStatements(path.join(tmp.dir, 'in-mixed'), 2, 600);
    const empty = path.join(tmp.dir, 'in-mixed', 'empty.pdf');
    writeFileSync(empty, '');
    const r = intake(['--app', 'CLI-MIXED', '--data', path.join(tmp.dir, 'data-mixed'), ...files, empty]);
    expect(await r.exit).toBe(1);
    expect(r.output()).toMatch(/queued 2 file\(s\); could not add: empty\.pdf is empty/);
    expect(r.output()).toMatch(/CLI-MIXED: 2 converted, 0 failed/);
  });

  it('--watch: files written into the folder are converted until SIGTERM, then exit 0', async () => {
    const watchDir = path.join(tmp.dir, 'watch-cli');
    mkdirSync(watchDir, { recursive: true });
    const r = intake(['--app', 'CLI-WATCH', '--data', path.join(tmp.dir, 'data-watch'), '--watch', watchDir]);
    await until(() => /watching /.test(r.output()), 'watching', 30_000);
    writeFileSync(path.join(watchDir, 'may.json'), mtjsonStatement(777));
    await until(() => /may\.json: done/.test(r.output()), 'watched file converted', 30_000);
    r.child.kill('SIGTERM');
    const code = await r.exit;
    expect(code, r.output()).toBe(0);
    expect([...(await serviceFileCounts(service.url, 'CLI-WATCH')).entries()]).toEqual([['may.json', 1]]);
  });

  it('SIGKILL mid-upload, restart with the same --data: every file converted exactly once', async () => {
    const dir = path.join(tmp.dir, 'in-kill');
    mkdirSync(dir, { recursive: true });
    const files: string[] = [];
    for (let i = 0; i < 6; i++) {
      const p = path.join(dir, `big-${i}.json`);
      writeFileSync(p, mtjsonStatement(900 + i, 1500)); // ~120 KB each
      files.push(p);
    }
    const data = path.join(tmp.dir, 'data-kill');
    // First upload crawls through the proxy (killed mid-body); the second reaches the service
    // complete but only after the client is dead (converted, answer never read).
    // Slow enough (about 5 s for the body) that a late poll on a loaded machine still kills it mid-body.
    proxy.inject('/uploadpdfs', { kind: 'slow', chunkBytes: 1024, tickMs: 40 });
    proxy.inject('/uploadpdfs', { kind: 'delay', ms: 1500 });
    const first = intake(['--app', 'CLI-KILL', '--data', data, '--concurrency', '2', ...files]);
    await until(() => proxy.log.filter((e) => e.path.endsWith('/uploadpdfs')).length >= 2 && proxy.log.some((e) => e.outcome === 'slow' && e.bytesIn > 8192), 'two uploads in flight', 60_000);
    first.child.kill('SIGKILL');
    expect(await first.exit).toBeNull();
    const db = new Database(path.join(data, 'core.sqlite'), { readonly: true });
    const left = db.prepare(`SELECT status, COUNT(*) AS n FROM jobs GROUP BY status`).all() as { status: string; n: number }[];
    db.close();
    expect(left.find((r) => r.status === 'uploading')?.n ?? 0).toBeGreaterThanOrEqual(1);
    expect(left.find((r) => r.status === 'done')?.n ?? 0).toBeLessThan(6);

    const second = intake(['--app', 'CLI-KILL', '--data', data, ...files]);
    expect(await second.exit, second.output()).toBe(0);
    expect(second.output()).toMatch(/resuming \d+ unfinished job\(s\)/);
    expect(second.output()).toMatch(/CLI-KILL: 6 converted, 0 failed/);
    const counts = await serviceFileCounts(service.url, 'CLI-KILL');
    expect([...counts.keys()].sort()).toEqual(files.map((f) => path.basename(f)).sort());
    expect([...counts.values()]).toEqual([1, 1, 1, 1, 1, 1]);
  });
});

describe('ledgerdrop intake through real-world failures', () => {
  it('behind a gateway answering 502 while the service is down: retry lines say why, every file converts once the service is back, exit 0', async () => {
    const dead = await deadPort();
    proxy.gateway = true;
    proxy.setTarget(dead);
    try {
      const files = writeStatements(path.join(tmp.dir, 'in-gw'), 4, 1_100);
      const r = intake(['--app', 'CLI-GW', '--data', path.join(tmp.dir, 'data-gw'), ...files]);
      await until(() => /queued \(waiting for service: 502 from gateway\)/.test(r.output()), 'a waiting line with its reason', 30_000);
      await until(() => proxy.count(/./, /^gateway 502/) >= 6, 'an outage of several probes', 30_000);
      proxy.setTarget(service.url);
      expect(await r.exit, r.output()).toBe(0);
      expect(r.output()).toMatch(/service: waiting for service: 502 from gateway/);
      expect(r.output()).toMatch(/CLI-GW: 4 converted, 0 failed, 0 cancelled; 4 statement\(s\)/);
      expect(r.output()).not.toMatch(/[<>]/);
      expect([...(await serviceFileCounts(service.url, 'CLI-GW')).values()]).toEqual([1, 1, 1, 1]);
    } finally {
      proxy.gateway = false;
      proxy.setTarget(service.url);
    }
  });

  it('a service that stays unreachable for --offline-limit seconds: exit 4 with one line saying so; the same command later converts every file once', async () => {
    const files = writeStatements(path.join(tmp.dir, 'in-off'), 2, 1_300);
    const data = path.join(tmp.dir, 'data-off');
    const r = intake(['--app', 'CLI-OFF', '--data', data, '--offline-limit', '2', ...files], await deadPort());
    expect(await r.exit, r.output()).toBe(4);
    const line = r.output().split('\n').find((l) => l.startsWith('ledgerdrop intake: the service at'));
    expect(line, r.output()).toMatch(/could not be reached for 2 s \(waiting for network: connection refused\); 2 file\(s\) stay queued in .*data-off: check --service/);
    // The same command with the service reachable again (the URL may change between runs).
    const again = intake(['--app', 'CLI-OFF', '--data', data]);
    expect(await again.exit, again.output()).toBe(0);
    expect(again.output()).toMatch(/resuming 2 unfinished job\(s\)/);
    expect(again.output()).toMatch(/CLI-OFF: 2 converted, 0 failed/);
    expect([...(await serviceFileCounts(service.url, 'CLI-OFF')).values()]).toEqual([1, 1]);
  });

  it('--offline-limit takes whole seconds only', async () => {
    const r = intake(['--app', 'A', '--offline-limit', '1.5']);
    expect(await r.exit).toBe(2);
    expect(r.output()).toMatch(/--offline-limit must be whole seconds from 0 \(wait forever\)/);
  });

  it('a file the service could not convert and one it refused: exit 1, one line per file with its reason; the others convert', async () => {
    const dir = path.join(tmp.dir, 'in-err');
    const files = writeStatements(dir, 1, 1_200);
    const notPdf = path.join(dir, 'scan.pdf');
    writeFileSync(notPdf, 'this is not a PDF at all');
    const badJson = path.join(dir, 'broken.json');
    writeFileSync(badJson, JSON.stringify({ accounts: [{ account_number: '1' }] }));
    const r = intake(['--app', 'CLI-ERR', '--data', path.join(tmp.dir, 'data-err'), ...files, notPdf, badJson]);
    expect(await r.exit, r.output()).toBe(1);
    expect(r.output()).toMatch(/CLI-ERR: 1 converted, 2 failed, 0 cancelled/);
    const failedLines = r.output().split('\n').filter((l) => l.startsWith('failed: '));
    expect(failedLines).toHaveLength(2);
    expect(failedLines.find((l) => l.startsWith('failed: scan.pdf: '))).toBeTruthy();
    expect(failedLines.find((l) => l.startsWith('failed: broken.json: '))).toBeTruthy();
  });

  it('an answer dropped (its retry replayed) and the final refresh failing: the summary still counts every statement and says it could not refresh', async () => {
    const files = writeStatements(path.join(tmp.dir, 'in-replay'), 3, 1_300);
    proxy.inject('/uploadpdfs', { kind: 'drop' });
    proxy.inject('/getresults', { kind: 'gateway', status: 502 }, 1_000);
    try {
      const r = intake(['--app', 'CLI-REPLAY', '--data', path.join(tmp.dir, 'data-replay'), '--concurrency', '1', ...files]);
      expect(await r.exit, r.output()).toBe(0);
      expect(proxy.count(/uploadpdfs$/, /^dropped answer 200/)).toBe(1);
      expect(r.output()).toMatch(/CLI-REPLAY: 3 converted, 0 failed, 0 cancelled; 3 statement\(s\)/);
      expect(r.output()).toMatch(/results of CLI-REPLAY could not be refreshed from the service \(502 from gateway\)/);
      expect([...(await serviceFileCounts(service.url, 'CLI-REPLAY')).values()]).toEqual([1, 1, 1]);
    } finally {
      proxy.clearFaults();
    }
  });
});
