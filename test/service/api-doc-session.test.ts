/**
 * docs/api.md opens with a five-step curl session; this runs that fenced block verbatim with
 * bash against a real server, as a reader would paste it. Only the variables the doc itself
 * names are set: PORT (a free port) and LEDGERDROP_DATA_DIR (a temp data folder).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { unusedPort } from './unused-port.js';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'ledgerdrop-apidoc-'));
let group = 0;
afterAll(() => {
  if (group) try { process.kill(-group, 'SIGKILL'); } catch { /* already gone, as the block's last line asks */ }
  rmSync(dataDir, { recursive: true, force: true });
});

/** The first ```sh block under "## A first session". */
function firstSessionBlock(markdown: string): string {
  const at = markdown.indexOf('\n## A first session');
  if (at < 0) throw new Error('docs/api.md has no "## A first session" section');
  const m = /```sh\n([\s\S]*?)```/.exec(markdown.slice(at));
  if (!m) throw new Error('docs/api.md: no ```sh block in "A first session"');
  return m[1]!;
}

describe('docs/api.md, "A first session"', () => {
  it('runs verbatim: account, serve, authenticate, upload, scorecard; then the service stops', { timeout: 180_000 }, async () => {
    const block = firstSessionBlock(readFileSync(path.join(ROOT, 'docs/api.md'), 'utf8'));
    expect(block).toMatch(/ledgerdrop accounts add/);
    const port = await unusedPort();
    const child = spawn('bash', ['-e', '-o', 'pipefail', '-c', block], {
      cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PORT: String(port), LEDGERDROP_DATA_DIR: dataDir },
    });
    group = child.pid!;
    let stdout = '', stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code, stderr + stdout).toBe(0);
    expect(stdout).toContain(`listening on http://127.0.0.1:${port}`);
    expect(stdout).toContain(`data in ${dataDir}`);
    // The last line is the scorecard of APP-1 with the uploaded statement's figures.
    const scorecard = JSON.parse(stdout.trim().split('\n').pop()!) as { _metadata: unknown; metrics: { metricdata: [string, ...unknown[]][] } };
    expect(scorecard._metadata).toBeDefined();
    expect(scorecard.metrics.metricdata.map((r) => r[0])).toContain('True Revenue');
    // `kill $SERVER` stopped the service: the port is free again.
    const until = Date.now() + 30_000;
    for (;;) {
      const free = await new Promise<boolean>((resolve) => {
        const s = createServer().once('error', () => resolve(false)).listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
      });
      if (free) break;
      expect(Date.now() < until, 'the service still holds its port after `kill $SERVER`').toBe(true);
      await new Promise((r) => setTimeout(r, 200));
    }
  });
});
