import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { convertDocument, ConversionError } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { reconcile } from '../../src/engine/statement/reconcile.js';
import { sequenceStatements } from '../../src/engine/statement/select.js';
import { ofxConverter, ofxAmount, decodeOfx } from '../../src/engine/formats/ofx.js';
import { parseOfxTree, textOf, find } from '../../src/engine/formats/ofx-tree.js';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/formats/${name}`, import.meta.url)));
const fixtureText = (name: string) => readFileSync(new URL(`../fixtures/formats/${name}`, import.meta.url), 'utf8');
const convert = (bytes: Uint8Array | string, fileName = 'download.ofx') =>
  convertDocument({ fileName, bytes: typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes, options: defaultConversionOptions() });

async function errorOf(p: Promise<unknown>): Promise<ConversionError> {
  try { await p; } catch (e) { if (e instanceof ConversionError) return e; throw e; }
  throw new Error('expected a ConversionError');
}

describe('OFX/QFX converter', () => {
  it('reads an SGML v1 QFX (cp1252, unclosed tags) with a bank and a credit-card statement', async () => {
    const doc = await convert(fixture('ofx-sgml-bank-and-card.qfx'), 'export.qfx');
    expect(doc.format).toBe('ofx');
    expect(doc.statements).toHaveLength(2);
    const [bank, card] = doc.statements;
    expect(bank).toMatchObject({
      bankName: 'Granite State Savings', accountNumber: '000123456789', isStrongAccountNo: true, accountTypeStr: 'Checking',
      docType: 'Bank Statement', startDate: '2025-02-01', endDate: '2025-02-28', endBalance: 250000, startBalance: 74500, currencyCode: 'USD',
    });
    // newest-first in the file, oldest-first out
    expect(bank!.transactions.map((t) => [t.date, t.amount, t.description])).toEqual([
      ['2025-02-03', -15, 'Fee A & B'],
      ['2025-02-10', 300025, 'SQUARE DEPOSIT'],
      ['2025-02-15', -120000, 'CHECK 2051'],
      ['2025-02-28', -4510, 'CAFÉ LUMIÈRE'],
    ]);
    expect(bank!.transactions[1]).toMatchObject({ memo: 'SQ *BATCH 88', type: 'CREDIT' });
    expect(bank!.transactions[2]!.checkNumber).toBe('2051');
    expect(card).toMatchObject({ accountTypeStr: 'CCard', docType: 'Credit Card Statement', accountNumber: '4111222233334444', startBalance: -49000, endBalance: -34000 });
    expect(card!.transactions.map((t) => t.amount)).toEqual([-8999, 25000, -1001]);
    for (const s of doc.statements) expect(reconcile(s, 0).reconciled).toBe(true);
    const seq = sequenceStatements(doc, { accountseqno: -1, monthseqno: -1, readempty: false });
    expect(seq.map((s) => s.accountSequence)).toEqual([0, 1]);
  });

  it('reads an XML v2 file with CDATA and running balances (ACCTBAL), which fix the start balance', async () => {
    const doc = await convert(fixture('ofx-xml-savings.ofx'));
    const [s] = doc.statements;
    expect(s).toMatchObject({ bankName: 'Pine Ridge Federal Credit Union', accountNumber: '9988776655', accountTypeStr: 'Savings', startBalance: 100000, endBalance: 90033 });
    expect(s!.transactions.map((t) => [t.description, t.amount, t.balance])).toEqual([['DIVIDEND <Q4>', 33, 100033], ['TRANSFER TO CHECKING', -10000, 90033]]);
    const r = reconcile(s!, 0);
    expect(r.reconciled).toBe(true);
    expect(r.checkedBalances).toBe(2);
  });

  it('reports the first running balance that breaks the chain', async () => {
    const doc = await convert(fixtureText('ofx-xml-savings.ofx').replace('<ACCTBAL>900.33', '<ACCTBAL>900.03'));
    const r = reconcile(doc.statements[0]!, 0);
    expect(r.firstBroken).toMatchObject({ index: 1, expected: 90033, printed: 90003 });
  });

  it('derives the start from the first running balance; a ledger balance that disagrees fails reconciliation', async () => {
    const text = fixtureText('ofx-xml-savings.ofx').replace(/<STMTTRN>\s*<TRNTYPE>INT[\s\S]*?<\/STMTTRN>/, '');
    const doc = await convert(text);
    const s = doc.statements[0]!;
    expect(s.startBalance).toBe(100033); // from the remaining row's running balance
    expect(reconcile(s, 0).reconciled).toBe(true);
    const noBal = await convert(fixtureText('ofx-xml-savings.ofx').replace('<LEDGERBAL>\n          <BALAMT>900.33', '<LEDGERBAL>\n          <BALAMT>950.33'));
    expect(reconcile(noBal.statements[0]!, 0)).toMatchObject({ reconciled: false, difference: -5000 });
  });

  it('accepts several STMTRS for several accounts, and statements without a transaction list', async () => {
    const one = (acct: string, type: string, bal: string) => `<STMTTRNRS><TRNUID>1<STMTRS><CURDEF>CAD<BANKACCTFROM><BANKID>1<ACCTID>${acct}<ACCTTYPE>${type}</BANKACCTFROM><LEDGERBAL><BALAMT>${bal}<DTASOF>20250331</LEDGERBAL></STMTRS></STMTTRNRS>`;
    const doc = await convert(`OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><BANKMSGSRSV1>${one('111222333', 'MONEYMRKT', '10.5')}${one('444555666', 'CREDITLINE', '-7')}</BANKMSGSRSV1></OFX>`);
    expect(doc.statements.map((s) => [s.accountNumber, s.accountTypeStr, s.startBalance, s.endBalance, s.endDate, s.currencyCode, s.bankName])).toEqual([
      ['111222333', 'MoneyMarket', 1050, 1050, '2025-03-31', 'CAD', 'Unknown'],
      ['444555666', 'Line of Credit', -700, -700, '2025-03-31', 'CAD', 'Unknown'],
    ]);
    expect(sequenceStatements(doc, { accountseqno: 2, monthseqno: -1, readempty: true }).map((s) => s.statement.accountNumber)).toEqual(['444555666']);
  });

  it('gives a bank of the shared bank list its canonical name, web address and phones', async () => {
    const doc = await convert(fixtureText('ofx-xml-savings.ofx').replace('Pine Ridge Federal Credit Union', 'Wells Fargo'));
    expect(doc.statements[0]).toMatchObject({ bankName: 'Wells Fargo Bank, N.A.', bankURL: 'www.wellsfargo.com' });
    expect(doc.statements[0]!.bankPhones!.length).toBeGreaterThan(0);
    const unknown = await convert(fixture('ofx-xml-savings.ofx'));
    expect(unknown.statements[0]!.bankURL).toBeUndefined();
  });

  it('does not take a list period years away from the transactions as the statement period', async () => {
    const doc = await convert(fixtureText('ofx-xml-savings.ofx').replace('<DTSTART>20250101', '<DTSTART>19700101'));
    expect(doc.statements[0]).toMatchObject({ startDate: '2025-01-05', endDate: '2025-01-31' });
    expect(doc.statements[0]!.hints!.join(' ')).toContain('DTSTART 1970-01-01 is over a year before the first transaction');
  });

  it('widens a list period that does not hold its transactions (a card download dated the moment of download), and names an issuer by its OFX ORG code', async () => {
    const trn = (date: string, amt: string, id: string) => `<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>${date}000000.000[-7:MST]<TRNAMT>${amt}<FITID>${id}<NAME>SHOP ${id}</STMTTRN>`;
    const card = (org: string) => `OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><FI><ORG>${org}<FID>1</FI></SONRS></SIGNONMSGSRSV1>`
      + '<CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><CURDEF>USD<CCACCTFROM><ACCTID>300011112222333</CCACCTFROM>'
      + `<BANKTRANLIST><DTSTART>20250310050000.000[-7:MST]<DTEND>20250310050000.000[-7:MST]${trn('20250112', '-12.5', 'A1')}${trn('20250203', '-40', 'A2')}</BANKTRANLIST>`
      + '<LEDGERBAL><BALAMT>-152.50<DTASOF>20250205</LEDGERBAL></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>';
    const s = (await convert(card('AMEX'))).statements[0]!;
    expect(s).toMatchObject({ startDate: '2025-01-12', endDate: '2025-03-10', bankName: 'American Express', accountTypeStr: 'CCard', startBalance: -10000, endBalance: -15250 });
    expect(s.hints!.join(' ')).toContain('DTSTART 2025-03-10 is after the first transaction; the period starts at 2025-01-12');
    expect(reconcile(s, 0).reconciled).toBe(true);
    // A code is matched whole: an ORG merely containing one is no such bank.
    expect((await convert(card('AMEXICO CU'))).statements[0]!.bankName).toBe('AMEXICO CU');
    expect((await convert(card('Ally'))).statements[0]!.bankName).toBe('Ally Bank');
  });

  // A card's download masks its number as its PDF statement does ("XXXXXXXXXXXX1234"): both
  // report the visible digits, so the months of one card, downloaded or printed, are one account.
  it('reports a masked account id as its visible digits, a full one as it is', async () => {
    const card = (acct: string) => 'OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><CURDEF>USD<CCACCTFROM><ACCTID>' + acct + '</CCACCTFROM>'
      + '<BANKTRANLIST><DTSTART>20250101<DTEND>20250131<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20250112<TRNAMT>-12.50<FITID>A1<NAME>SHOP</STMTTRN></BANKTRANLIST>'
      + '<LEDGERBAL><BALAMT>-12.50<DTASOF>20250131</LEDGERBAL></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>';
    expect((await convert(card('XXXXXXXXXXXX1234'))).statements[0]).toMatchObject({ accountNumber: '1234', isStrongAccountNo: false });
    expect((await convert(card('************1234'))).statements[0]).toMatchObject({ accountNumber: '1234', isStrongAccountNo: false });
    expect((await convert(card('4111000022223333'))).statements[0]).toMatchObject({ accountNumber: '4111000022223333', isStrongAccountNo: true });
  });

  it('says an investment-only file is an investment statement', async () => {
    const doc = await convert(fixture('ofx-investment.ofx'));
    expect(doc.detectedDocType).toBe('Investment Statement');
    expect(doc.statements).toEqual([]);
    expect(doc.error).toMatch(/investment statement/);
  });

  const sgmlWith = (trn: string, bal = '<BALAMT>10.00') =>
    `OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>1<ACCTID>123456789<ACCTTYPE>CHECKING</BANKACCTFROM>`
    + `<BANKTRANLIST><DTSTART>20250101<DTEND>20250131<STMTTRN><TRNTYPE>DEBIT${trn}<FITID>X9<NAME>SHOP</STMTTRN></BANKTRANLIST><LEDGERBAL>${bal}<DTASOF>20250131</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;

  it.each([
    ['a transaction without date', sgmlWith('<TRNAMT>-1.00'), 'transaction 1 (FITID X9): DTPOSTED is missing'],
    ['an impossible date', sgmlWith('<DTPOSTED>20250230<TRNAMT>-1.00'), 'DTPOSTED is not a valid OFX date: "20250230"'],
    ['a currency sign in an amount', sgmlWith('<DTPOSTED>20250110<TRNAMT>$1.00'), 'TRNAMT is not a decimal number: "$1.00"'],
    ['an amount with a third decimal', sgmlWith('<DTPOSTED>20250110<TRNAMT>-1.005'), 'TRNAMT has more than 2 decimals: "-1.005"'],
    ['an empty amount', sgmlWith('<DTPOSTED>20250110<TRNAMT>'), 'TRNAMT is empty'],
    ['an empty ledger balance', sgmlWith('<DTPOSTED>20250110<TRNAMT>-1.00', '<BALAMT> '), 'LEDGERBAL.BALAMT is empty'],
    ['a missing account id', sgmlWith('<DTPOSTED>20250110<TRNAMT>-1.00').replace('<ACCTID>123456789', ''), 'BANKACCTFROM.ACCTID is missing'],
    ['a file with no statement', 'OFXHEADER:100\n\n<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>15500<SEVERITY>ERROR</STATUS></SONRS></SIGNONMSGSRSV1></OFX>', 'no STMTRS or CCSTMTRS); sign-on status code 15500'],
    ['an account listing', '<OFX><SIGNUPMSGSRSV1><ACCTINFOTRNRS><ACCTINFORS><ACCTINFO><DESC>x</ACCTINFO></ACCTINFORS></ACCTINFOTRNRS></SIGNUPMSGSRSV1></OFX>', 'lists accounts (ACCTINFO)'],
    ['a .ofx file that is not OFX', 'Date,Amount\n2025-01-01,5', 'no <OFX> element found'],
  ])('rejects %s with a clear message', async (_name, text, message) => {
    const err = await errorOf(convert(text));
    expect(err.message).toContain(message);
    expect(err.message.startsWith('OFX:')).toBe(true);
  });

  it('decodes in the character set the header declares', () => {
    const body = (head: string) => new Uint8Array([...new TextEncoder().encode(`${head}\n\n<OFX><NAME>`), 0xc3, 0xa9, ...new TextEncoder().encode('</OFX>')]);
    expect(decodeOfx(body('OFXHEADER:100\nENCODING:USASCII\nCHARSET:1252'))).toContain('<NAME>Ã©');
    expect(decodeOfx(body('OFXHEADER:100\nENCODING:UTF-8\nCHARSET:NONE'))).toContain('<NAME>é');
    expect(decodeOfx(body('<?xml version="1.0" encoding="windows-1252"?>'))).toContain('<NAME>Ã©');
  });

  it('converts exact cents: comma decimals, leading dot, trailing zeros', () => {
    expect(ofxAmount('1234,56').cents).toBe(123456);
    expect(ofxAmount('-.07').cents).toBe(-7);
    expect(ofxAmount('+19.900').cents).toBe(1990);
    expect(ofxAmount('0.1').cents).toBe(10);
    expect(ofxAmount('-0.00').cents).toBe(0);
    expect(ofxAmount('1e3').problem).toMatch(/not a decimal/);
    expect(ofxAmount('99999999999999999999.99').problem).toMatch(/too large/);
  });

  it('parses mixed markup: closed and unclosed leaves, empty leaves, entities', () => {
    const tree = parseOfxTree('<OFX><A><NAME><MEMO>m1</MEMO><B>x &lt;y&gt;<C>z</C></A></OFX>');
    const a = find(tree, 'A')!;
    expect(textOf(a, 'NAME')).toBe('');
    expect(textOf(a, 'MEMO')).toBe('m1');
    expect(textOf(a, 'B')).toBe('x <y>');
    expect(textOf(a, 'C')).toBe('z');
    expect(a.children.map((c) => c.name)).toEqual(['NAME', 'MEMO', 'B', 'C']);
  });

  it('is chosen by extension or by content, and not for PDFs or CSV', () => {
    const opts = defaultConversionOptions();
    const ofx = fixture('ofx-xml-savings.ofx');
    expect(ofxConverter.accepts({ fileName: 'download.txt', bytes: ofx, options: opts })).toBe(true);
    expect(ofxConverter.accepts({ fileName: 'download.txt', bytes: fixture('ofx-sgml-bank-and-card.qfx'), options: opts })).toBe(true);
    expect(ofxConverter.accepts({ fileName: 'a.pdf', bytes: new TextEncoder().encode('%PDF-1.7\n'), options: opts })).toBe(false);
    expect(ofxConverter.accepts({ fileName: 'a.csv', bytes: new TextEncoder().encode('Date,Amount\n'), options: opts })).toBe(false);
  });
});
