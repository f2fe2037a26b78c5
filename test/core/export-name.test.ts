import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { unusedExportName } from '../../src/desktop/local-export.js';

describe('local export file names', () => {
  const dirs: string[] = [];
  afterEach(() => { for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true }); });

  it('two exports in the same second get two files: the second never overwrites the first', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ledgerdrop-exports-'));
    dirs.push(dir);
    const stem = 'APP-7-2026-11-23T14-50-01';
    expect(unusedExportName(dir, stem)).toBe(`${stem}.zip`);
    writeFileSync(path.join(dir, `${stem}.zip`), 'first');
    expect(unusedExportName(dir, stem)).toBe(`${stem}-2.zip`);
    writeFileSync(path.join(dir, `${stem}-2.zip`), 'second');
    expect(unusedExportName(dir, stem)).toBe(`${stem}-3.zip`);
  });
});
