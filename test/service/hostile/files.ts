/**
 * Hostile documents made on the spot (nothing stored in the repository): PDFs that cost a
 * reader dearly, an MTJson statement spanning millennia, a CSV of too many rows, formula text.
 */
import zlib from 'node:zlib';

/** A one-page PDF whose content stream is `content` (deflated when `flate`), with a valid xref table. */
export function onePagePdf(content: Buffer, opts: { flate?: boolean; deflated?: Buffer } = {}): Buffer {
  const body = opts.deflated ?? (opts.flate ? zlib.deflateSync(content) : content);
  const filter = opts.deflated || opts.flate ? ' /Filter /FlateDecode' : '';
  const objs = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>'),
    Buffer.concat([Buffer.from(`<< /Length ${body.length}${filter} >>\nstream\n`), body, Buffer.from('\nendstream')]),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  const offsets: number[] = [];
  let len = parts[0]!.length;
  objs.forEach((o, i) => {
    offsets.push(len);
    const b = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), o, Buffer.from('\nendobj\n')]);
    parts.push(b);
    len += b.length;
  });
  const rows = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  parts.push(Buffer.from(`xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${rows}trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${len}\n%%EOF\n`));
  return Buffer.concat(parts);
}

/** A page whose content saves the graphics state `depth` times before any text (1 KB deflated). */
export function nestedSavesPdf(depth = 200_000): Buffer {
  return onePagePdf(Buffer.from(`${'q '.repeat(depth)}BT /F1 12 Tf 72 700 Td (Statement) Tj ET ${'Q '.repeat(depth)}`), { flate: true });
}

/**
 * A page whose content stream inflates to `bytes` zero bytes, deflated chunk by chunk (run-length
 * strategy: fast, ~1 KB per MB) so the test never holds the inflated size in memory.
 */
export async function flateBombPdf(bytes: number): Promise<Buffer> {
  const d = zlib.createDeflate({ level: 9, strategy: zlib.constants.Z_RLE, chunkSize: 1 << 20 });
  const out: Buffer[] = [];
  d.on('data', (b: Buffer) => out.push(b));
  const chunk = Buffer.alloc(16 * 1024 * 1024);
  for (let left = bytes; left > 0; left -= chunk.length) {
    if (!d.write(left >= chunk.length ? chunk : chunk.subarray(0, left))) await new Promise((r) => d.once('drain', r));
  }
  await new Promise<void>((r) => d.end(() => r()));
  return onePagePdf(Buffer.alloc(0), { deflated: Buffer.concat(out) });
}

/** MTJson with one statement from `start` to `end` (two transactions at its ends). */
export function longPeriodMtjson(start = '0001-01-01', end = '9999-12-31'): string {
  return JSON.stringify({
    accounts: [{
      bank_name: 'Test Bank', account_name: 'Checking', account_number: '123456789', account_type: 'checking', account_owner: 'ACME LLC',
      statements: [{ start_date: start, end_date: end, start_balance: '100.00', end_balance: '150.00', transactions: [
        { date: start, description: 'DEPOSIT', amount: '100.00' }, { date: end, description: 'FEE', amount: '-50.00' },
      ] }],
    }],
  });
}

/** A CSV export (Date, Description, Amount, Balance) of `rows` rows in one month. */
export function bigCsv(rows: number): string {
  const lines = ['Date,Description,Amount,Balance'];
  let bal = 1_000_000;
  for (let i = 0; i < rows; i++) {
    const amt = i % 2 ? -137 : 250;
    bal += amt;
    lines.push(`2024-03-${String((i % 28) + 1).padStart(2, '0')},CARD PURCHASE ${i},${(amt / 100).toFixed(2)},${(bal / 100).toFixed(2)}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * A one-page PDF 1.5 whose page dictionary lives in an object stream (`/Type /ObjStm`, found
 * through a cross-reference stream) that inflates to about `bytes` bytes: the dictionary, then
 * blanks. pdf.js decodes object streams with its own decoder, not DecompressionStream.
 */
export async function objectStreamBombPdf(bytes: number): Promise<Buffer> {
  const page = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>';
  const header = '3 0 ';
  const d = zlib.createDeflate({ level: 9, strategy: zlib.constants.Z_RLE, chunkSize: 1 << 20 });
  const out: Buffer[] = [];
  d.on('data', (b: Buffer) => out.push(b));
  d.write(Buffer.from(header + page, 'latin1'));
  const chunk = Buffer.alloc(16 * 1024 * 1024, 0x20);
  for (let left = bytes; left > 0; left -= chunk.length) {
    if (!d.write(left >= chunk.length ? chunk : chunk.subarray(0, left))) await new Promise((r) => d.once('drain', r));
  }
  // Every compressed byte is out once the readable side ends (the end callback only means written).
  const ended = new Promise<void>((r) => d.once('end', () => r()));
  d.end();
  await ended;
  const objstm = Buffer.concat(out);
  const content = Buffer.from('BT /F1 12 Tf 72 700 Td (Statement) Tj ET');
  const objs: Array<[number, Buffer]> = [
    [1, Buffer.from('<< /Type /Catalog /Pages 2 0 R >>')],
    [2, Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>')],
    [4, Buffer.concat([Buffer.from(`<< /Length ${content.length} >>\nstream\n`), content, Buffer.from('\nendstream')])],
    [5, Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>')],
    [6, Buffer.concat([Buffer.from(`<< /Type /ObjStm /N 1 /First ${header.length} /Length ${objstm.length} /Filter /FlateDecode >>\nstream\n`), objstm, Buffer.from('\nendstream')])],
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.5\n')];
  const offsets = new Map<number, number>();
  let len = parts[0]!.length;
  for (const [n, o] of objs) {
    offsets.set(n, len);
    const b = Buffer.concat([Buffer.from(`${n} 0 obj\n`), o, Buffer.from('\nendobj\n')]);
    parts.push(b);
    len += b.length;
  }
  // Cross-reference stream, W [1 4 2]: type, offset (or object stream number), generation (or index).
  const xrefAt = len;
  offsets.set(7, xrefAt);
  const row = (type: number, a: number, b: number) => Buffer.from([type, (a >>> 24) & 255, (a >>> 16) & 255, (a >>> 8) & 255, a & 255, (b >>> 8) & 255, b & 255]);
  const rows = [row(0, 0, 65535)];
  for (let n = 1; n <= 7; n++) rows.push(n === 3 ? row(2, 6, 0) : row(1, offsets.get(n)!, 0));
  const table = Buffer.concat(rows);
  parts.push(Buffer.concat([Buffer.from(`7 0 obj\n<< /Type /XRef /Size 8 /W [1 4 2] /Root 1 0 R /Length ${table.length} >>\nstream\n`), table, Buffer.from('\nendstream\nendobj\n')]));
  parts.push(Buffer.from(`startxref\n${xrefAt}\n%%EOF\n`));
  return Buffer.concat(parts);
}
