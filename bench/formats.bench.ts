import { convertDocument } from '../src/engine/index.js';
import { defaultConversionOptions, type ConversionOptions } from '../src/contract/api/conversion-options.js';

/**
 * Structured formats (MTJson, Plaid, OFX, CSV): transactions per second for one large export
 * of each, converted in this thread. Prints figures only.
 */
const N = 20_000;

function day(i: number): string {
  const month = (Math.floor(i / 28) % 12) + 1;
  return `2025-${String(month).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
}

function inputs(): { name: string; bytes: Uint8Array; options: Partial<ConversionOptions> }[] {
  const enc = (s: string) => new TextEncoder().encode(s);
  let balance = 100_000;
  const csv = ['Date,Description,Amount,Balance'];
  const ofx: string[] = [];
  const mt: unknown[] = [];
  const plaid: unknown[] = [];
  for (let i = 0; i < N; i++) {
    const cents = i % 3 === 0 ? 12_345 : -4_321;
    balance += cents;
    const d = day(Math.floor(i / 60));
    const amount = (cents / 100).toFixed(2);
    csv.push(`${d.slice(5, 7)}/${d.slice(8)}/${d.slice(0, 4)},"CARD PURCHASE ${i}, STORE",${amount},${(balance / 100).toFixed(2)}`);
    ofx.push(`<STMTTRN><TRNTYPE>OTHER<DTPOSTED>${d.replace(/-/g, '')}<TRNAMT>${amount}<FITID>${i}<NAME>CARD PURCHASE ${i}</STMTTRN>`);
    mt.push({ date: d, description: `CARD PURCHASE ${i}`, amount: cents / 100 });
    plaid.push({ transaction_id: `t${i}`, date: d, amount: -cents / 100, original_description: `CARD PURCHASE ${i}`, pending: false });
  }
  const end = (balance / 100).toFixed(2);
  return [
    { name: 'MTJson', options: { accounttype: 'MTJson' }, bytes: enc(JSON.stringify({ accounts: [{ bank_name: 'Bench Bank', account_number: '12345678', statements: [{ start_date: '2025-01-01', end_date: '2025-12-31', start_balance: 1000, end_balance: Number(end), transactions: mt }] }] })) },
    { name: 'Plaid', options: { accounttype: 'Plaid' }, bytes: enc(JSON.stringify({ report: { date_generated: '2025-12-31T00:00:00Z', items: [{ institution_name: 'Bench Bank', accounts: [{ mask: '0001', type: 'depository', subtype: 'checking', balances: { current: Number(end) }, transactions: plaid }] }] } })) },
    { name: 'OFX', options: {}, bytes: enc(`OFXHEADER:100\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>1<ACCTID>12345678<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST><DTSTART>20250101<DTEND>20251231${ofx.join('')}</BANKTRANLIST><LEDGERBAL><BALAMT>${end}<DTASOF>20251231</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`) },
    { name: 'CSV', options: {}, bytes: enc(csv.join('\n')) },
  ];
}

export async function run(): Promise<void> {
  for (const input of inputs()) {
    const options = defaultConversionOptions(input.options);
    const fileName = `bench.${input.name.toLowerCase()}`;
    await convertDocument({ fileName, bytes: input.bytes.slice(), options }); // warm-up
    const runs = 5;
    let transactions = 0;
    const t0 = performance.now();
    for (let r = 0; r < runs; r++) {
      const doc = await convertDocument({ fileName, bytes: input.bytes.slice(), options });
      transactions = doc.statements.reduce((n, s) => n + s.transactions.length, 0);
    }
    const ms = (performance.now() - t0) / runs;
    console.log(`  ${input.name.padEnd(6)} ${(input.bytes.length / 1e6).toFixed(2)} MB, ${transactions} transactions: ${ms.toFixed(0)} ms per file, ${Math.round((transactions / ms) * 1000)} transactions/s`);
  }
}
