import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfigFile } from '../../src/service/config-file.js';
import { authenticate, Client, jsonFile, twoMonths } from './helpers.js';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'ld-serve-config-'));
function writeJson(dir: string, value: unknown): string {
  const file = path.join(dir, 'service.json');
  fs.writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
  return file;
}

describe('readConfigFile', () => {
  it('reads the operator\'s settings', () => {
    expect(readConfigFile(writeJson(tmp(), { maxFilesPerRequest: 2, providers: {} }))).toEqual({ maxFilesPerRequest: 2, providers: {} });
  });
  it.each([
    ['{ not json', /is not valid JSON/],
    [[1, 2], /must hold a JSON object/],
    [{ maxUploadByte: 10 }, /unknown setting "maxUploadByte"/],
    [{ queueDepth: '10' }, /"queueDepth" must be a number/],
    [{ workerThreads: 0 }, /workerThreads must be at least 1/],
  ])('refuses %j naming the problem', (value, message) => {
    expect(() => readConfigFile(writeJson(tmp(), value))).toThrow(message);
  });
  it('names a missing file', () => {
    expect(() => readConfigFile('/nonexistent/service.json')).toThrow(/cannot read config file .*ENOENT/);
  });
});

describe('ledgerdrop serve --config', () => {
  const bin = path.resolve('bin/ledgerdrop.mjs');
  const exit = (p: ReturnType<typeof spawn>) => new Promise<number | null>((res) => p.on('exit', res));

  it('applies the file\'s limits to the running service, and refuses a bad file before listening', async () => {
    const dataDir = tmp();
    const add = spawn(process.execPath, [bin, 'accounts', 'add', 'op', '--password', 'pw', '--product', 'pdfinsightstp', '--data', dataDir]);
    expect(await exit(add)).toBe(0);

    const bad = spawn(process.execPath, [bin, 'serve', '--port', '0', '--data', dataDir, '--config', writeJson(dataDir, { maxFilesPerReq: 1 })]);
    const badErr: string[] = [];
    bad.stderr!.on('data', (d) => badErr.push(String(d)));
    expect(await exit(bad)).toBe(3); // unreadable input: a --config file that cannot be used (README, "Exit codes")
    expect(badErr.join('')).toMatch(/unknown setting "maxFilesPerReq"/);

    const serve = spawn(process.execPath, [bin, 'serve', '--port', '0', '--data', dataDir, '--config', writeJson(dataDir, { maxFilesPerRequest: 1 })]);
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let buf = '';
        serve.stdout!.on('data', (d) => {
          buf += String(d);
          const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(buf);
          if (m) resolve(m[1]!);
        });
        serve.on('exit', (code) => reject(new Error(`serve exited ${code}`)));
      });
      const tok = await authenticate(url, 'op', 'pw', 'pdfinsightstp');
      const client = new Client(url, tok.text, 'pdfinsightstp');
      const two = await client.post('/uploadpdfs', { appnumber: 'CFG-1', accounttype: 'MTJson' }, [jsonFile(twoMonths('1111'), 'a.json'), jsonFile(twoMonths('2222'), 'b.json')]);
      expect(two.status).toBe(413);
      const one = await client.post('/uploadpdfs', { appnumber: 'CFG-1', accounttype: 'MTJson' }, [jsonFile(twoMonths('1111'), 'a.json')]);
      expect(one.status).toBe(200);
    } finally {
      serve.kill('SIGTERM');
      await exit(serve);
    }
  }, 60_000);
});
