/**
 * A text layer whose font maps accented letters wrong (Ghostscript's re-written fonts: "Saídas"
 * read "SaÇdas" or "Sa‚das"; UTF-8 bytes written into a one-byte font: "DÃ©bito") still names
 * its columns: the misread letter stands for one letter, the rest must match a head exactly
 * (pdf/misencoded-letters.ts). Before, the debit head named nothing and every debit was read
 * as a credit (a composed statement re-written by Ghostscript: F1 0.31).
 */
import { describe, expect, it } from 'vitest';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { matchesMisencoded, misencodedKey } from '../../src/engine/pdf/misencoded-letters.js';
import { plainPdf } from '../fixtures/generator/plain-pdf.js';

const ROWS: [string, string, string, string][] = [
  ['03/03/2025', 'PAGAMENTO CONTA LUZ', '187,92', ''],
  ['06/03/2025', 'DEPOSITO EM DINHEIRO', '', '1.500,00'],
  ['10/03/2025', 'FOLHA DE PAGAMENTO', '2.800,00', ''],
  ['13/03/2025', 'TRANSFERENCIA RECEBIDA', '', '3.210,55'],
];
const FEE: [string, string, string, string] = ['17/03/2025', 'TARIFA PACOTE SERVICOS', '45,00', ''];

/**
 * A Portuguese statement whose debit and credit heads print as given; no running balance and no
 * closing balance (`closing` false), so only the heads can sign the rows.
 */
async function statement(debitHead: string, creditHead: string, closing = true, rows = ROWS): Promise<Uint8Array> {
  const pen = await plainPdf();
  pen.text('Banco Exemplo', 40, { bold: true, size: 12 }); pen.down(18);
  pen.text('Extrato de conta corrente', 40, { bold: true }); pen.down(12);
  pen.text('Conta: 4410228731', 40); pen.down(12);
  pen.text('Periodo: 01/03/2025 a 31/03/2025', 40); pen.down(20);
  pen.text('Saldo anterior', 40); pen.right('11.500,00', 540); pen.down(12);
  if (closing) { pen.text('Saldo atual', 40); pen.right(rows.length > ROWS.length ? '13.177,63' : '13.222,63', 540); }
  pen.down(20);
  pen.text('Data', 40, { bold: true }); pen.text('Descricao', 110, { bold: true }); pen.right(debitHead, 450, { bold: true }); pen.right(creditHead, 540, { bold: true }); pen.down(14);
  for (const [d, desc, out, inn] of rows) { pen.text(d, 40); pen.text(desc, 110); if (out) pen.right(out, 450); if (inn) pen.right(inn, 540); pen.down(12); }
  return pen.save();
}

const read = async (bytes: Uint8Array) =>
  (await convertDocument({ fileName: 'extrato.pdf', bytes, options: defaultConversionOptions({ accounttype: 'autoDetect' }) })).statements;

describe('heads whose accented letters the font maps wrong', () => {
  it.each([
    ['as printed', 'Saídas', 'Créditos'],
    ['a WinAnsi symbol for the letter', 'Sa‚das', 'Cr‚ditos'],
    ['an accented capital inside the word', 'SaÇdas', 'CrÉditos'],
    ['UTF-8 bytes read one by one', 'SaÃ­das', 'CrÃ©ditos'],
  ])('%s: the debit and credit columns are named and the rows signed by them', async (_how, debit, credit) => {
    const [s] = await read(await statement(debit, credit));
    expect(s!.transactions.map((t) => t.amount)).toEqual([-18792, 150000, -280000, 321055]);
    expect(reconcile(s!, 0).reconciled).toBe(true);
    // Without a closing balance to reconcile against, the heads alone sign the rows.
    const [open] = await read(await statement(debit, credit, false));
    expect(open!.transactions.map((t) => t.amount)).toEqual([-18792, 150000, -280000, 321055]);
  });
});

describe('a side\'s head in words no list names, beside the other side\'s', () => {
  // "Saques" names no column: its three debits went to "Créditos", the only money head.
  it('the column of figures under it is the other side\'s', async () => {
    for (const closing of [true, false]) {
      const [s] = await read(await statement('Saques', 'Créditos', closing, [...ROWS, FEE]));
      expect(s!.transactions.map((t) => t.amount)).toEqual([-18792, 150000, -280000, 321055, -4500]);
      if (closing) expect(reconcile(s!, 0).reconciled).toBe(true);
    }
  });
});

describe('misencoded letters (by example)', () => {
  it('marks each misread letter, and only between letters', () => {
    expect(misencodedKey('Sa‚das (BRL)')).toBe('sa?dasbrl');
    expect(misencodedKey('SaÇdas')).toBe('sa?das');
    expect(misencodedKey('DÃ©bito')).toBe('d?bito');
    expect(misencodedKey('LibellÃ©')).toBe('libell?');
    expect(misencodedKey('Hist•rico')).toBe('hist?rico');
    // Readable words, punctuation and a currency mark beside a word are no misread letters.
    for (const ok of ['Débito', 'Crédito (€)', 'Date/Time', "Payee's name", 'TRANSAÇÃO', 'Ref. #', 'Montant €']) expect(misencodedKey(ok)).toBeNull();
    // Three misread letters in a phrase: not a head misread here and there.
    expect(misencodedKey('D•b•t Am•unt')).toBeNull();
  });

  it('matches a head letter for letter, each ? one letter', () => {
    expect(matchesMisencoded('sa?das', 'saidas')).toBe(true);
    expect(matchesMisencoded('sa?das', 'saldo')).toBe(false);
    expect(matchesMisencoded('cr?ditos', 'creditos')).toBe(true);
    expect(matchesMisencoded('cr?ditos', 'credits')).toBe(false);
  });
});
