import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, startTestService, type Client, type FileField, type TestService } from '../service/helpers.js';
import { makeStatementSpec, renderStatementPdf, type StatementSpec } from '../fixtures/generator/index.js';
import { setInfo } from './edit-pdf.js';

/**
 * Statements of one account compared through the service: consecutive months must chain and
 * keep the holder and the producer; the same statement must not come back in another file of
 * another application. The reason names both files (and the other application).
 */
let svc: TestService;
let tp: Client;
const pdf = (bytes: Uint8Array, name: string): FileField => ({ name, bytes, type: 'application/pdf' });
const spec = makeStatementSpec({ seed: 21, layout: 'chase', months: 2 });
const month = (i: number, over: Partial<StatementSpec> = {}): StatementSpec => ({ ...spec, ...over, statements: [spec.statements[i]!] });
const keysOf = (item: any) => item.tpreasonsIndexes as number[];

beforeAll(async () => {
  svc = await startTestService();
  tp = await newAccount(svc, 'pdfinsightstp', { conversions: 100 });
});
afterAll(async () => { await svc?.stop(); });

describe('statements of one account within and across applications', () => {
  it('genuine consecutive months: no signal between them', async () => {
    const [a, b] = await Promise.all([renderStatementPdf(month(0)), renderStatementPdf(month(1))]);
    const up = await tp.post('/uploadpdfs', { appnumber: 'AP-1' }, [pdf(a.bytes, 'jan.pdf'), pdf(b.bytes, 'feb.pdf')]);
    expect(up.status).toBe(200);
    for (const item of up.json.file_status) expect(keysOf(item).filter((i) => i >= 26 && i <= 29)).toEqual([]);
  });

  it('a second month with another holder, an opening balance that does not chain, and another producer', async () => {
    const a = await renderStatementPdf(month(0));
    const owner = { ...spec.owner, name: 'MARGARET OKAFOR', company: undefined, lines: ['MARGARET OKAFOR', ...spec.owner.lines.slice(1)] };
    const second = { ...spec.statements[1]!, startBalance: spec.statements[1]!.startBalance + 250_000 };
    const b = await setInfo((await renderStatementPdf({ ...spec, owner, statements: [second] })).bytes, { producer: 'Skia/PDF m120' });
    const up = await tp.post('/uploadpdfs', { appnumber: 'AP-2' }, [pdf(a.bytes, 'jan.pdf'), pdf(b, 'feb.pdf')]);
    expect(up.status).toBe(200);
    const [first, later] = up.json.file_status;
    expect(keysOf(first).filter((i) => i >= 26)).toEqual([]);
    expect(keysOf(later)).toEqual(expect.arrayContaining([26, 27, 28]));
    const text = (i: number) => later.tpreasons[keysOf(later).indexOf(i)] as string;
    expect(text(26)).toMatch(/^Opening balance [\d,.]+ \(\d{4}-\d\d-\d\d, "feb\.pdf"\) differs from the closing balance [\d,.]+ of the statement before \(\d{4}-\d\d-\d\d, "jan\.pdf"\)$/);
    expect(text(27)).toMatch(/^The holder is "MARGARET OKAFOR" in "feb\.pdf" but ".+" in "jan\.pdf", a statement of the same account$/);
    expect(text(28)).toMatch(/producer "Skia\/PDF m120 \/ Ledgerdrop test fixtures" vs "Ledgerdrop statement generator/);
    expect(later.tpevidence[keysOf(later).indexOf(26)]).toEqual([{ file: 'feb.pdf' }, { file: 'jan.pdf' }]);
    expect(later.fraudscore).toBeLessThan(50);
  });

  it('the same statement in another file sent to another application is named with that application', async () => {
    const a = await renderStatementPdf(month(0));
    await tp.post('/uploadpdfs', { appnumber: 'AP-3' }, [pdf(a.bytes, 'jan-broker1.pdf')]);
    const copy = await setInfo(a.bytes, { creator: 'Ledgerdrop test fixtures, resaved' }); // other bytes, same statement
    const up = await tp.post('/uploadpdfs', { appnumber: 'AP-4' }, [pdf(copy, 'jan-broker2.pdf')]);
    const [item] = up.json.file_status;
    expect(keysOf(item)).toContain(29);
    expect(item.tpreasons[keysOf(item).indexOf(29)]).toMatch(/was uploaded before to application "AP-1" as "jan\.pdf" \(another file\)/);
    expect(item.tpevidence[keysOf(item).indexOf(29)]).toEqual(expect.arrayContaining([{ file: 'jan-broker2.pdf' }, { file: 'jan-broker1.pdf', appnumber: 'AP-3' }]));
  });
});
