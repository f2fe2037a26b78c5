import { beforeAll, describe, expect, it } from 'vitest';
import { makeStatementSpec, renderStatementPdf, type StatementSpec } from '../fixtures/generator/index.js';
import { convertDocument } from '../../src/engine/index.js';
import { extractPdf } from '../../src/engine/pdf/extract.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { ConversionOptionsSchema } from '../../src/contract/api/conversion-options.js';
import { FRAUD_REASONS, analyzeFile, scoreStatement, type FraudFields } from '../../src/service/fraud/index.js';
import { withinApplication } from '../../src/service/fraud/application-checks.js';
import { fingerprintOf, statementTraits } from '../../src/service/fraud/fingerprint.js';
import { coverAndRetype, editContentStrings, type StringEdit } from './edit-pdf.js';

/**
 * The forger's careful edit: one deposit made $1,000 larger and every figure that depends on it
 * (the running balances after it, the closing balance, the deposit total) rewritten to match,
 * so the arithmetic reconciles. The values to write are the generator's own rendering of the
 * altered statement; the edits are made on the original file. The forensic signals must name
 * the edit, since no arithmetic signal can.
 */
const options = ConversionOptionsSchema.parse({});
const keyOf = (i: number) => FRAUD_REASONS[i]!.key;
const ARITHMETIC = ['not-reconciled', 'broken-running-balance', 'totals-mismatch'];
const DELTA = 100_000; // cents

interface Scored extends FraudFields { keys: string[]; reconciled: boolean; amounts: number[] }

async function score(bytes: Uint8Array): Promise<Scored> {
  const doc = await convertDocument({ fileName: 'statement.pdf', bytes, options });
  const file = await analyzeFile(bytes, 'statement.pdf', doc, options);
  expect(file).not.toBeNull();
  const s = doc.statements[0]!;
  const r = reconcile(s, 0);
  const f = scoreStatement(file!, s, doc.statements, r, { appnumbers: [] });
  return { ...f, keys: f.tpreasonsIndexes.map(keyOf), reconciled: r.reconciled && r.firstBroken === null, amounts: s.transactions.map((t) => t.amount) };
}

let original: Uint8Array;
let edits: (StringEdit & { size: number; w: number; x0: number })[];
let forgedAmount: number;
let next: Uint8Array;

beforeAll(async () => {
  const spec = makeStatementSpec({ seed: 3, layout: 'chase', months: 2 });
  const one: StatementSpec = { ...spec, statements: spec.statements.slice(0, 1) };
  const txns = one.statements[0]!.transactions;
  const target = txns.findIndex((t, i) => i >= 3 && t.amount > 0);
  forgedAmount = txns[target]!.amount + DELTA;
  const altered: StatementSpec = { ...one, statements: [{ ...one.statements[0]!, transactions: txns.map((t, i) => (i === target ? { ...t, amount: forgedAmount } : t)) }] };
  original = (await renderStatementPdf(one)).bytes;
  next = (await renderStatementPdf({ ...spec, statements: spec.statements.slice(1, 2) })).bytes;
  const goal = (await renderStatementPdf(altered)).bytes;
  // Same layout, same places: the printed strings that differ are the forger's list of edits.
  const [a, b] = [await extractPdf(original, 'a.pdf'), await extractPdf(goal, 'b.pdf')];
  edits = [];
  a.pages.forEach((pg, p) => {
    const other = b.pages[p]!;
    expect(other.items.length).toBe(pg.items.length);
    pg.items.forEach((it, i) => {
      const to = other.items[i]!;
      expect(Math.abs(to.y - it.y)).toBeLessThan(0.01);
      if (to.str !== it.str) edits.push({ page: pg.page, y: it.y, from: it.str, to: to.str, x: to.x, size: it.size, w: it.w, x0: it.x });
    });
  });
  // The amount, the balances after it, the closing balance and a total: more than one figure, all money.
  expect(edits.length).toBeGreaterThan(3);
  for (const e of edits) expect(e.to).toMatch(/^-?\$?[\d,]+\.\d\d$/);
});

describe('an amount edited with the balances rewritten to match', () => {
  it('the original: reconciled, no reason', async () => {
    const s = await score(original);
    expect(s.reconciled).toBe(true);
    expect(s).toMatchObject({ fraudscore: 100, keys: [] });
  });

  it('strings changed inside the content streams and saved as an incremental update: the arithmetic reconciles, the saves are named', async () => {
    const forged = await editContentStrings(original, edits, 'incremental');
    const s = await score(forged);
    expect(s.amounts).toContain(forgedAmount); // the engine reads the forged value …
    expect(s.reconciled).toBe(true); // … and every balance agrees with it
    expect(s.keys.filter((k) => ARITHMETIC.includes(k))).toEqual([]);
    expect(s.keys).toEqual(expect.arrayContaining(['incremental-updates', 'redefined-objects']));
    expect(s.tpreasons[s.keys.indexOf('incremental-updates')]).toBe('Saved 1 more time after creation (2 xref/trailer sections)');
    expect(s.fraudscore).toBeLessThan(100);
  });

  it('each figure covered with a white box and typed again in the same font: the white boxes and the text under them are named at the amount', async () => {
    const forged = await coverAndRetype(original, edits);
    const s = await score(forged);
    // The text layer holds both figures at each place (the printed one under its box, the new
    // one over it): what the engine reads there is not the question; the boxes are.
    expect(s.keys).toEqual(expect.arrayContaining(['white-box', 'overlaid-text']));
    const i = s.keys.indexOf('white-box');
    const first = edits[0]!;
    expect(s.tpreasons[i]).toContain(`on page ${first.page}`);
    expect(s.tpreasons[i]).toContain(`covering "${first.from}`);
    expect(s.tpreasons[i]).toContain(`(and ${edits.length - 1} more)`);
    // One evidence box per figure, each around where the figure was printed.
    expect(s.tpevidence![i]!.length).toBe(Math.min(10, edits.length));
    for (const [k, ev] of s.tpevidence![i]!.entries()) {
      const e = edits[k]!;
      const [x, y, w, h] = ev.box!;
      expect(ev.page).toBe(e.page);
      expect(x).toBeLessThanOrEqual(e.x0);
      expect(x + w).toBeGreaterThanOrEqual(e.x0 + e.w);
      expect(y).toBeLessThanOrEqual(e.y - e.size);
      expect(y + h).toBeGreaterThanOrEqual(e.y);
    }
  });

  it('the content-stream edit written as a whole new file by the same library with the old metadata: the file alone is clean; the next month does not chain to it', async () => {
    const forged = await editContentStrings(original, edits, 'rewrite');
    const s = await score(forged);
    expect(s.amounts).toContain(forgedAmount);
    expect(s.reconciled).toBe(true);
    // What no single-file signal can see: same producer, fonts, metrics and structure as the original.
    expect(s.keys).toEqual([]);
    // The month after it, genuine, opens at the genuine closing balance.
    const print = async (bytes: Uint8Array, fileName: string) => {
      const doc = await convertDocument({ fileName, bytes, options });
      const st = doc.statements[0]!;
      const traits = statementTraits(st, (await extractPdf(bytes, fileName)).pages, doc.pdf!);
      return fingerprintOf(st, traits, { fileName, sha256: fileName }, { startDate: st.startDate ?? '', endDate: st.endDate ?? '' });
    };
    const jan = await print(forged, 'jan.pdf');
    const feb = await print(next, 'feb.pdf');
    const found = withinApplication(feb, [jan]);
    expect(found.map((f) => f.key)).toContain('statements-do-not-chain');
    expect(found.find((f) => f.key === 'statements-do-not-chain')!.text).toMatch(/^Opening balance [\d,.]+ \(\d{4}-\d\d-\d\d, "feb\.pdf"\) differs from the closing balance [\d,.]+ of the statement before \(\d{4}-\d\d-\d\d, "jan\.pdf"\)$/);
    expect(withinApplication(feb, [await print(original, 'jan.pdf')]).map((f) => f.key)).not.toContain('statements-do-not-chain');
  });
});
