import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startService } from '../../src/service/index.js';
import { authenticate } from './helpers.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdrop-clipw-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const bin = path.resolve('bin/ledgerdrop.mjs');

function run(args: string[], stdin: string | null): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [bin, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '', err = '';
    p.stdout.on('data', (d) => { out += String(d); });
    p.stderr.on('data', (d) => { err += String(d); });
    p.on('exit', (code) => resolve({ code, out, err }));
    if (stdin !== null) p.stdin.end(stdin); else p.stdin.end();
  });
}

describe('ledgerdrop accounts add: the password never needs to be in argv', () => {
  it('--password-stdin reads the first line; no password and no terminal is a usage error; --password warns', async () => {
    const ok = await run(['accounts', 'add', 'stdin-user', '--password-stdin', '--product', 'pdfinsights', '--data', dataDir], 's3cret pw\nignored\n');
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/account stdin-user \(pdfinsights\) saved/);
    const none = await run(['accounts', 'add', 'x', '--product', 'pdfinsights', '--data', dataDir], null);
    expect(none.code).toBe(2);
    expect(none.err).toMatch(/--password-stdin/);
    const empty = await run(['accounts', 'add', 'x', '--password-stdin', '--product', 'pdfinsights', '--data', dataDir], '');
    expect(empty.code).toBe(2);
    const both = await run(['accounts', 'add', 'x', '--password-stdin', '--password', 'p', '--product', 'pdfinsights', '--data', dataDir], 'p\n');
    expect(both.code).toBe(2);
    const argv = await run(['accounts', 'add', 'argv-user', '--password', 'p w', '--product', 'pdfinsights', '--data', dataDir], null);
    expect(argv.code).toBe(0);
    expect(argv.err).toMatch(/warning: --password is visible/);
    const svc = await startService({ dataDir });
    try {
      expect((await authenticate(svc.url, 'stdin-user', 's3cret pw', 'pdfinsights')).status).toBe(200);
      expect((await authenticate(svc.url, 'stdin-user', 's3cret pw\nignored', 'pdfinsights')).status).toBe(401);
    } finally {
      await svc.close();
    }
  }, 60_000);
});
