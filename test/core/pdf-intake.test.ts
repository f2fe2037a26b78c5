/**
 * A generated bank-statement PDF (test/fixtures/generator) dropped on the core goes through the
 * queue to the real service's PDF engine; the results stored locally name the statement.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { createWriteStream } from 'node:fs';
import yazl from 'yazl';
import type { Core } from '../../src/desktop/index.js';
import { mtjsonStatement } from './fixtures.js';
import { makeStatementSpec, renderStatementPdf } from '../fixtures/generator/index.js';
import { coreFor, startRealService, tempDir } from './helpers.js';

const tmp = tempDir('ld-pdf-');
let service: Awaited<ReturnType<typeof startRealService>>;
let core: Core;

beforeAll(async () => {
  service = await startRealService(path.join(tmp.dir, 'service'));
  core = await coreFor(path.join(tmp.dir, 'data'), service.url);
});
afterAll(async () => {
  await core.close();
  await service.close();
  tmp.cleanup();
});

describe('PDF through the queue', () => {
  it('a generated statement PDF converts and its file_status is stored locally', async () => {
    const spec = makeStatementSpec({ seed: 11, layout: 'chase', months: 1, transactionsPerMonth: 12, accounts: 1 });
    const pdf = await renderStatementPdf(spec);
    const [job] = await core.addBytes('PDF-1', [{ name: 'chase-march.pdf', bytes: Buffer.from(pdf.bytes) }]);
    expect(job).toMatchObject({ fileName: 'chase-march.pdf', status: 'queued', size: pdf.bytes.length });
    await core.whenIdle();
    const done = core.listJobs('PDF-1')[0]!;
    expect(done.status, done.lastError ?? '').toBe('done');
    const items = core.getApp('PDF-1').fileStatus as { fileName?: string; numTransactions?: number }[];
    expect(items).toHaveLength(pdf.truth.length);
    expect(items[0]!.fileName).toBe('chase-march.pdf');
    // Reading accuracy is the PDF engine's own gate (test/convert); here: it went through.
    expect(typeof items[0]!.numTransactions).toBe('number');
  });

  it('a dropped zip: its entries are queued and converted, an unusable entry is named', async () => {
    const zipPath = path.join(tmp.dir, 'batch.zip');
    const zip = new yazl.ZipFile();
    zip.addBuffer(mtjsonStatement(8101), 'jan.json');
    zip.addBuffer(mtjsonStatement(8102), 'nested/feb.json');
    zip.addBuffer(Buffer.alloc(0), 'empty.json');
    zip.end();
    await new Promise<void>((resolve, reject) => zip.outputStream.pipe(createWriteStream(zipPath)).on('close', () => resolve()).on('error', reject));
    await expect(core.addPaths('ZIP-1', [zipPath])).rejects.toThrow('queued 2 file(s); could not add: batch.zip:empty.json: empty');
    await core.whenIdle();
    expect(core.listJobs('ZIP-1').map((j) => [j.fileName, j.status])).toEqual([['jan.json', 'done'], ['feb.json', 'done']]);
    expect(core.getApp('ZIP-1').app.totalstatements).toBe(2);
  });
});
