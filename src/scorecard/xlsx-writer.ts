import { ZipOut } from './zip-out.js';
import { neutralizeFormula } from '../contract/spreadsheet-text.js';

/**
 * A small streaming writer of Office Open XML workbooks (.xlsx), just what the scorecard needs:
 * worksheets of typed cells (numbers, shared strings, booleans, dates as serial numbers) with a
 * fixed set of shared cell styles, frozen header rows and column widths. Rows become XML text
 * directly, a chunk at a time, and are deflated as they come (./zip-out.ts; zlib works off the
 * main thread), so neither a cell object nor a style object is made per cell — exceljs's streaming
 * writer made and hashed one of each per cell, which is what made a 100k-transaction workbook
 * take 20+ s. The file is read back with exceljs in test/scorecard/exports.test.ts.
 */

/** Cell styles (indexes into cellXfs of styles.xml). Shared by every cell that uses them. */
export const XSTYLE = { none: 0, bold: 1, money: 2, date: 3, percent: 4, datetime: 5, decimal: 6, dateUS: 7, dateEU: 8 } as const;
export type XStyle = (typeof XSTYLE)[keyof typeof XSTYLE];

const NUM_FMTS: [id: number, code: string][] = [
  [164, '"$"#,##0.00;[Red]-"$"#,##0.00'],
  [165, 'yyyy-mm-dd'],
  [166, '0.00"%"'],
  [167, 'yyyy-mm-dd hh:mm'],
  [168, '0.##'],
  [169, 'mm/dd/yyyy'],
  [170, 'dd/mm/yyyy'],
];
/** numFmtId and fontId of each XSTYLE, in index order. */
const XFS: [numFmt: number, font: number][] = [[0, 0], [0, 1], [164, 0], [165, 0], [166, 0], [167, 0], [168, 0], [169, 0], [170, 0]];

/**
 * Excel's number format of money in a currency: its symbol as Intl writes it in English
 * (£, €, CA$, ₹), negative in red; a code Intl does not know is written after the amount.
 */
export function moneyFormat(currency: string): string {
  const code = currency.trim().toUpperCase();
  let symbol: string | null = null;
  try {
    symbol = new Intl.NumberFormat('en', { style: 'currency', currency: code }).formatToParts(1).find((p) => p.type === 'currency')?.value ?? null;
  } catch { /* not an ISO 4217 code Intl knows */ }
  if (!symbol || symbol === code) return `#,##0.00" ${code.replace(/"/g, '')}";[Red]-#,##0.00" ${code.replace(/"/g, '')}"`;
  const q = `"${symbol.replace(/"/g, '')}"`;
  return `${q}#,##0.00;[Red]-${q}#,##0.00`;
}

/** Excel's limits. */
export const MAX_ROWS = 1_048_576;
const MAX_TEXT = 32_767;

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const NS_R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const CHUNK = 1 << 18;

const SPECIAL = /[<>&"\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;
/** XML text/attribute escape; drops characters XML 1.0 cannot carry (controls, lone surrogates). */
export function xmlEscape(s: string): string {
  if (!SPECIAL.test(s)) return s;
  return s
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    .replace(/[<>&"]/g, (c) => (c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '&' ? '&amp;' : '&quot;'));
}

/** Column letters: 0 → A, 25 → Z, 26 → AA. */
export function columnLetters(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** Excel serial day number (1900 date system) of a UTC instant. */
export function excelSerial(ms: number): number {
  return ms / 86_400_000 + 25_569;
}

/** A sheet name Excel accepts: ≤ 31 characters, none of []:*?/\ . */
function sheetName(name: string, taken: Set<string>): string {
  const clean = name.replace(/[[\]:*?/\\]/g, '_') || 'Sheet';
  let base = clean.slice(0, 31);
  let n = 2;
  while (taken.has(base.toLowerCase())) base = `${clean.slice(0, 27)}~${n++}`;
  taken.add(base.toLowerCase());
  return base;
}

type Sink = ReturnType<ZipOut['entry']>;

export type XCell = string | number | boolean | Date | null | undefined;

export interface SheetOptions {
  /** Column widths in characters. */
  widths: number[];
  /** Rows frozen at the top (0 = none). */
  frozenRows?: number;
}

/** One worksheet being written. Call addRow for each row in order, then `await sheet.end()`. */
export class SheetWriter {
  private buf = '';
  private rowNum = 0;
  private readonly letters: string[] = [];
  private readonly stream: Sink;
  private readonly book: XlsxStreamWriter;

  constructor(book: XlsxStreamWriter, stream: Sink, opts: SheetOptions) {
    this.book = book;
    this.stream = stream;
    let head = `${HEAD}<worksheet xmlns="${NS}" xmlns:r="${NS_R}">`;
    const frozen = opts.frozenRows ?? 0;
    if (frozen > 0) {
      const tl = `A${frozen + 1}`;
      head += `<sheetViews><sheetView workbookViewId="0"><pane ySplit="${frozen}" topLeftCell="${tl}" activePane="bottomLeft" state="frozen"/>` +
        `<selection pane="bottomLeft" activeCell="${tl}" sqref="${tl}"/></sheetView></sheetViews>`;
    } else {
      head += '<sheetViews><sheetView workbookViewId="0"/></sheetViews>';
    }
    head += '<sheetFormatPr defaultRowHeight="15"/>';
    if (opts.widths.length) {
      head += '<cols>';
      opts.widths.forEach((w, i) => { head += `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`; });
      head += '</cols>';
    }
    this.buf = `${head}<sheetData>`;
  }

  /** Rows written so far. */
  get rows(): number { return this.rowNum; }

  /**
   * Appends a row. `styles[i]` (or `styles` for every cell) is the XSTYLE of cell i. Null,
   * undefined and '' leave the cell empty; numbers that are not finite too. Returns true when
   * enough text is buffered that the caller should `await sheet.flush()`.
   */
  addRow(values: readonly XCell[], styles: readonly number[] | number = 0): boolean {
    if (this.rowNum >= MAX_ROWS) throw new Error(`a worksheet holds at most ${MAX_ROWS} rows`);
    const r = String(++this.rowNum);
    let out = `<row r="${r}">`;
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (v === null || v === undefined || v === '') continue;
      const st = typeof styles === 'number' ? styles : (styles[i] ?? 0);
      const s = st ? ` s="${st}"` : '';
      const ref = (this.letters[i] ??= columnLetters(i)) + r;
      if (typeof v === 'number') {
        if (Number.isFinite(v)) out += `<c r="${ref}"${s}><v>${v}</v></c>`;
      } else if (typeof v === 'string') {
        // Text a spreadsheet could take for a formula is written with a leading apostrophe (OWASP).
        out += `<c r="${ref}"${s} t="s"><v>${this.book.stringIndex(neutralizeFormula(v))}</v></c>`;
      } else if (typeof v === 'boolean') {
        out += `<c r="${ref}"${s} t="b"><v>${v ? 1 : 0}</v></c>`;
      } else if (v instanceof Date) {
        const t = v.getTime();
        if (Number.isFinite(t)) out += `<c r="${ref}"${s}><v>${excelSerial(t)}</v></c>`;
      } else {
        out += `<c r="${ref}"${s} t="s"><v>${this.book.stringIndex(neutralizeFormula(String(v)))}</v></c>`;
      }
    }
    this.buf += `${out}</row>`;
    return this.buf.length >= CHUNK;
  }

  /** Hands the buffered XML to the zip stream, waiting while the compressor catches up. */
  async flush(): Promise<void> {
    if (!this.buf) return;
    const b = Buffer.from(this.buf, 'utf8');
    this.buf = '';
    await this.stream.write(b);
  }

  async end(): Promise<void> {
    this.buf += '</sheetData></worksheet>';
    await this.flush();
    await this.stream.end();
  }
}

/**
 * Usage: `const book = new XlsxStreamWriter(sheetNames, meta)`; for each name in order
 * `const sheet = book.sheet(opts)`, rows, `await sheet.end()`; then `await book.finish()`.
 */
export class XlsxStreamWriter {
  private readonly zip: ZipOut;
  private readonly names: string[];
  private readonly strings = new Map<string, number>();
  private stringRefs = 0;
  private next = 0;
  /** Money style index per currency code (XSTYLE.money is the first currency's). */
  private readonly money = new Map<string, number>();

  /**
   * `currencies`: the money formats the book needs, the main one first (XSTYLE.money); none
   * given: US dollars. Cells take a currency's style from `moneyStyle(code)`.
   */
  constructor(sheetNames: string[], meta: { creator: string; created: Date; compressionLevel?: number; currencies?: string[] }) {
    const currencies = [...new Set((meta.currencies?.length ? meta.currencies : ['USD']).map((c) => c.trim().toUpperCase()))];
    const numFmts: [number, string][] = NUM_FMTS.map(([id, code]) => [id, id === 164 ? moneyFormat(currencies[0]!) : code]);
    const xfs = [...XFS];
    currencies.forEach((c, i) => {
      if (i === 0) { this.money.set(c, XSTYLE.money); return; }
      const id = 170 + i;
      numFmts.push([id, moneyFormat(c)]);
      this.money.set(c, xfs.length);
      xfs.push([id, 0]);
    });
    const taken = new Set<string>();
    this.names = sheetNames.map((n) => sheetName(n, taken));
    this.zip = new ZipOut(meta.compressionLevel ?? 6, meta.created);
    const n = this.names.length;
    const add = (path: string, text: string) => this.zip.addBuffer(path, Buffer.from(text, 'utf8'));
    add('[Content_Types].xml', `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      this.names.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('') +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
      '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' +
      '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
      '<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/></Types>');
    add('_rels/.rels', `${HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
      '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
      '<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"/></Relationships>');
    add('docProps/core.xml', `${HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ` +
      'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
      `<dc:creator>${xmlEscape(meta.creator)}</dc:creator>` +
      `<dcterms:created xsi:type="dcterms:W3CDTF">${meta.created.toISOString().replace(/\.\d{3}Z$/, 'Z')}</dcterms:created></cp:coreProperties>`);
    add('docProps/app.xml', `${HEAD}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>${xmlEscape(meta.creator)}</Application></Properties>`);
    add('xl/workbook.xml', `${HEAD}<workbook xmlns="${NS}" xmlns:r="${NS_R}"><bookViews><workbookView/></bookViews><sheets>` +
      this.names.map((name, i) => `<sheet name="${xmlEscape(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('') + '</sheets></workbook>');
    add('xl/_rels/workbook.xml.rels', `${HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      this.names.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${NS_R}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('') +
      `<Relationship Id="rId${n + 1}" Type="${NS_R}/styles" Target="styles.xml"/>` +
      `<Relationship Id="rId${n + 2}" Type="${NS_R}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`);
    add('xl/styles.xml', `${HEAD}<styleSheet xmlns="${NS}">` +
      `<numFmts count="${numFmts.length}">${numFmts.map(([id, code]) => `<numFmt numFmtId="${id}" formatCode="${xmlEscape(code)}"/>`).join('')}</numFmts>` +
      '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
      '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      `<cellXfs count="${xfs.length}">${xfs.map(([fmt, font]) => `<xf numFmtId="${fmt}" fontId="${font}" fillId="0" borderId="0" xfId="0"` +
        `${fmt ? ' applyNumberFormat="1"' : ''}${font ? ' applyFont="1"' : ''}/>`).join('')}</cellXfs>` +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>');
  }

  /** The cell style of money in a currency given to the constructor (else the main currency's). */
  moneyStyle(currency: string | null | undefined): number {
    return (currency && this.money.get(currency.trim().toUpperCase())) || XSTYLE.money;
  }

  /** Index of a string in the shared-string table (each distinct text stored once). */
  stringIndex(s: string): number {
    this.stringRefs++;
    let i = this.strings.get(s);
    if (i === undefined) { i = this.strings.size; this.strings.set(s, i); }
    return i;
  }

  /** Starts the next worksheet (in the order of the names given to the constructor). */
  sheet(opts: SheetOptions): SheetWriter {
    if (this.next >= this.names.length) throw new Error('more worksheets than names');
    return new SheetWriter(this, this.zip.entry(`xl/worksheets/sheet${++this.next}.xml`), opts);
  }

  /** Writes the shared strings, closes the zip and returns the file's bytes. */
  async finish(): Promise<Uint8Array> {
    if (this.next !== this.names.length) throw new Error(`${this.names.length - this.next} worksheet(s) not written`);
    const stream = this.zip.entry('xl/sharedStrings.xml');
    let buf = `${HEAD}<sst xmlns="${NS}" count="${this.stringRefs}" uniqueCount="${this.strings.size}">`;
    for (const s of this.strings.keys()) {
      buf += `<si><t xml:space="preserve">${xmlEscape(s.length > MAX_TEXT ? s.slice(0, MAX_TEXT) : s)}</t></si>`;
      if (buf.length >= CHUNK) {
        await stream.write(Buffer.from(buf, 'utf8'));
        buf = '';
      }
    }
    await stream.write(Buffer.from(`${buf}</sst>`, 'utf8'));
    await stream.end();
    return new Uint8Array(this.zip.finish());
  }
}
