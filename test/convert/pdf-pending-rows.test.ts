/**
 * An online-banking printout ("Account activity", printed from the browser) lists the rows not
 * posted yet under a heading of their own — above the posted rows, or below them — with no
 * running balance. Those rows move no money yet: they are set aside (named in
 * nonTransactions, counted in a hint), and the posted rows reconcile by their running
 * balances. Drawn here with pdf-lib in the printout's shape, in English, German and French.
 */
import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';

interface Printout {
  title?: string;
  pendingHeading: string;
  postedHeading: string;
  pendingFirst: boolean;
  pending: [string, string, string][];
  posted: [string, string, string, string][];
  heads: [string, string, string, string];
}

const POSTED: Printout['posted'] = [
  ['01/13/2025', 'ORIG CO NAME:STRIPE TRANSFER', '3,210.55', '12,910.44'],
  ['01/10/2025', 'GUSTO PAYROLL', '-2,800.00', '9,699.89'],
  ['01/08/2025', 'CHECK 1043', '-412.19', '12,499.89'],
  ['01/06/2025', 'PENDING DEPOSIT REVERSAL ADJ', '1,500.00', '12,912.08'],
  ['01/03/2025', 'ATT BILL PAYMENT', '-87.92', '11,412.08'],
];
const PENDING: Printout['pending'] = [['01/15/2025', 'CARD PURCHASE AMAZON MKTPLACE', '-230.25'], ['01/14/2025', 'CARD PURCHASE SHELL OIL', '-200.00']];
const EN: Omit<Printout, 'pendingFirst'> = { pendingHeading: 'Pending transactions', postedHeading: 'Posted transactions', pending: PENDING, posted: POSTED, heads: ['Date', 'Description', 'Amount', 'Balance'] };

async function printout(p: Printout): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([612, 792]);
  let y = 750;
  const text = (pg: PDFPage, s: string, x: number, f: PDFFont = font, size = 9) => pg.drawText(s, { x, y, size, font: f });
  const right = (pg: PDFPage, s: string, xr: number) => pg.drawText(s, { x: xr - font.widthOfTextAtSize(s, 9), y, size: 9, font });
  text(page, '1/15/25, 10:32 AM', 30, font, 7); text(page, 'Account Activity - Online Banking', 250, font, 7); y -= 20;
  text(page, p.title ?? 'BUSINESS COMPLETE CHECKING (...4821)', 40, bold, 12); y -= 30;
  const pendingBlock = () => {
    text(page, p.pendingHeading, 40, bold, 10); y -= 14;
    text(page, p.heads[0], 40, bold); text(page, p.heads[1], 110, bold); right(page, p.heads[2], 450); y -= 12;
    for (const [d, desc, a] of p.pending) { text(page, d, 40); text(page, desc, 110); right(page, a, 450); y -= 12; }
    y -= 12;
  };
  const postedBlock = () => {
    text(page, p.postedHeading, 40, bold, 10); y -= 14;
    text(page, p.heads[0], 40, bold); text(page, p.heads[1], 110, bold); right(page, p.heads[2], 450); right(page, p.heads[3], 540); y -= 12;
    for (const [d, desc, a, b] of p.posted) { text(page, d, 40); text(page, desc, 110); right(page, a, 450); right(page, b, 540); y -= 12; }
    y -= 12;
  };
  if (p.pendingFirst) { pendingBlock(); postedBlock(); } else { postedBlock(); pendingBlock(); }
  y = 30; text(page, 'https://secure.examplebank.com/web/auth/dashboard#/overview', 30, font, 7); text(page, '1/1', 560, font, 7);
  return doc.save();
}

const convert = async (bytes: Uint8Array) => convertDocument({ fileName: 'activity.pdf', bytes, options: defaultConversionOptions({}) });

describe('rows under a heading of transactions not posted yet', () => {
  for (const pendingFirst of [true, false]) {
    it(`are set aside, and the posted rows reconcile (pending rows ${pendingFirst ? 'above' : 'below'} the posted ones)`, async () => {
      const doc = await convert(await printout({ ...EN, pendingFirst }));
      expect(doc.statements).toHaveLength(1);
      const s = doc.statements[0]!;
      expect(s.transactions.map((t) => t.amount).sort((a, b) => a - b)).toEqual([-280000, -41219, -8792, 150000, 321055]);
      expect(s).toMatchObject({ startBalance: 1150000, endBalance: 1291044 });
      expect(reconcile(s, 0).reconciled).toBe(true);
      expect(s.hints).toContain('2 rows under a heading of transactions not posted yet set aside (not counted).');
      expect(s.nonTransactions?.filter((n) => n.startsWith('pending: '))).toHaveLength(2);
    });
  }

  it('in German and French, with a count after the heading ("Vorgemerkte Umsätze (2)")', async () => {
    for (const [pendingHeading, postedHeading, heads] of [
      ['Vorgemerkte Umsätze (2)', 'Gebuchte Umsätze', ['Datum', 'Verwendungszweck', 'Betrag', 'Saldo']],
      ['Opérations en cours', 'Opérations comptabilisées', ['Date', 'Libellé', 'Montant', 'Solde']],
    ] as const) {
      const doc = await convert(await printout({ ...EN, pendingHeading, postedHeading, heads: [...heads] as Printout['heads'], pendingFirst: true }));
      const s = doc.statements[0]!;
      expect(s.transactions, pendingHeading).toHaveLength(5);
      expect(reconcile(s, 0).reconciled, pendingHeading).toBe(true);
    }
  });

  it('a row whose own words say "pending" (PENDING DEPOSIT REVERSAL ADJ) is a posted row like any other', async () => {
    const s = (await convert(await printout({ ...EN, pendingFirst: true }))).statements[0]!;
    expect(s.transactions.map((t) => t.description)).toContain('PENDING DEPOSIT REVERSAL ADJ');
  });

  it('the account masked after its title ("CHECKING (...4821)", "Savings x1234") is reported as its last digits, a weak number', async () => {
    for (const [title, account] of [['BUSINESS COMPLETE CHECKING (...4821)', '4821'], ['Business Savings x1234', '1234'], ['BUSINESS CHECKING', '']] as const) {
      const s = (await convert(await printout({ ...EN, title, pendingFirst: true }))).statements[0]!;
      expect({ title, account: s.accountNumber, strong: s.isStrongAccountNo }).toEqual({ title, account, strong: false });
    }
  });
});
