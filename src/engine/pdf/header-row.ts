import { BOTH_WAYS_HEADS, COLUMN_WORDS, DATE_HEADS, HEADING_COUNT_WORDS, HEADING_WORDS, LONE_CELL_HEADS, NOT_A_TOTAL_WORDS, NOTICE_STARTS, POSTING_HEADINGS, STATEMENT_TITLE_WORDS, type ColumnKind } from '../data/labels.js';
import { CURRENCY_CODES } from '../data/currencies.js';
import { OCR_GLYPH_MISREADS } from '../data/ocr-confusables.js';
import { compact, type Cell, type Line } from './lines.js';
import { isMoneyText } from './tokens.js';
import { withoutAccents } from '../text-fold.js';
import { matchesMisencoded, misencodedKey } from './misencoded-letters.js';

/** A column of a transaction table, placed by its header word. */
export interface Column {
  kind: ColumnKind;
  x0: number;
  x1: number;
  /** The head's words (compacted), where one phrase names the column. */
  head?: string;
  /** A transaction date printed after a posting date ("Post Date | Trans Date"): the rows' own date. */
  transactionDate?: boolean;
}

const POSTING_DATE = new Set(DATE_HEADS.posting.map(compact));
const TRANSACTION_DATE = new Set(DATE_HEADS.transaction.map(compact));

const WORDS: { kind: ColumnKind; key: string; words: number }[] = [];
for (const [kind, list] of Object.entries(COLUMN_WORDS) as [ColumnKind, string[]][]) {
  for (const w of list) WORDS.push({ kind, key: compact(w), words: w.split(/\s+/).length });
}
WORDS.sort((a, b) => b.key.length - a.key.length);
/** By compacted word, or as printed where the word is marks only ("#"). */
const LONE_KIND = new Map(LONE_CELL_HEADS.flatMap((h) => h.words.map((w) => [compact(w) || w, h.kind] as const)));
const DATE_WORD = new RegExp([...COLUMN_WORDS.date, ...LONE_CELL_HEADS.filter((h) => h.kind === 'date').flatMap((h) => h.words)].map((w) => w.split(' ').map((x) => x.toLowerCase().replace(/[^a-z]/g, '')).join('')).filter(Boolean).join('|'));
const BY_KEY = new Map<string, ColumnKind>();
for (const w of WORDS) if (!BY_KEY.has(w.key)) BY_KEY.set(w.key, w.kind);

/**
 * A header phrase as OCR may print it: the letters a scan confuses made one ("Saldo" read
 * "Saido", "Sa1do", "Ba|ance"; "Datum" read "Daturn"). Only phrases of five letters or more,
 * and only folded forms that still name one kind, so a short or ambiguous word is never taken.
 */
export function ocrFold(text: string): string {
  return compact(text.toLowerCase().replace(/[1|!]/g, 'l').replace(/0/g, 'o').replace(/5/g, 's'))
    .replace(/rn/g, 'm').replace(/vv/g, 'w').replace(/i/g, 'l');
}
/** Head phrases of `minLength` letters or more, by their OCR fold (null: a fold naming more than one kind). */
function kindsByFold(minLength: number): Map<string, ColumnKind | null> {
  const out = new Map<string, ColumnKind | null>();
  for (const w of WORDS) {
    if (w.key.length < minLength) continue;
    const f = ocrFold(w.key);
    const had = out.get(f);
    out.set(f, had === undefined || had === w.kind ? w.kind : null);
  }
  return out;
}
const BY_FOLD = kindsByFold(5);

/**
 * A head word OCR garbled beyond ocrFold ("Descripfion", "Ba1ancc", "Amounl", "Withdrawa1s"):
 * the kind of the nearest folded phrases within one edit (two for phrases of nine letters or
 * more; a letter OCR confuses with the one printed half an edit, NEAR_LETTERS) of the folded text. Only for phrases of four letters or more and only when the nearest
 * phrases name one kind; asked only of an OCR reading that found no table by the exact words
 * (rows.ts), so a printed document's heads are never guessed at.
 */
function fuzzyKind(fold: string): ColumnKind | undefined {
  if (fold.length < 4 || fold.length > 40) return undefined;
  let best = fold.length >= 9 ? 2 : 1;
  let found: ColumnKind | null | undefined;
  for (const [key, kind] of FUZZY_FOLD) {
    if (!kind || Math.abs(key.length - fold.length) > best || key[0] !== fold[0] && key[key.length - 1] !== fold[fold.length - 1]) continue;
    const d = editsUpTo(key, fold, best);
    // The nearest phrases decide ("F. Operacién": "f operacion" one edit away, "n operacion" two).
    if (d < best) { best = d; found = kind; } else if (d === best && found !== undefined && found !== kind) found = null;
    else if (d === best) found = kind;
  }
  return found ?? undefined;
}

/**
 * Letters OCR reads one for another (data/ocr-confusables.ts OCR_GLYPH_MISREADS, one glyph for
 * one, either way round; "P. Operación" read for "F. Operación", composed fax-150 scan 975), by
 * both letters: one read for the other costs half an edit, so the head it is nearest wins a tie
 * ("p operacion": "f operacion" half an edit away, "n operacion" a whole one).
 */
const NEAR_LETTERS = new Set(OCR_GLYPH_MISREADS.filter(([a, b]) => /^[a-z]$/.test(a) && /^[a-z]$/.test(b)).flatMap(([a, b]) => [a + b, b + a]));

/** Levenshtein distance of a and b, a confusable letter pair half an edit, or max + 1 when it is more than max (a row-minimum cut-off; both strings short). */
function editsUpTo(a: string, b: string, max: number): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let low = i;
    for (let j = 1; j <= b.length; j++) {
      const x = a[i - 1]!, y = b[j - 1]!;
      const v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (x === y ? 0 : NEAR_LETTERS.has(x + y) ? 0.5 : 1));
      cur.push(v);
      if (v < low) low = v;
    }
    if (low > max) return max + 1;
    prev = cur;
  }
  return Math.min(prev[b.length]!, max + 1);
}

/** Currency marks printed in headers ("Balance $", "Amount (EUR)", "Débito (BRL)", "Withdrawals in Rs."): not words of the header. */
const CURRENCY = new RegExp(String.raw`(^|\s)(?:in\s)?\(?(?:[$£€₹]|r\$|s\$|rs\.?|${CURRENCY_CODES.join('|')})\)?(?=\s|$)`, 'gi');

/** A cell that is a currency mark and nothing else ("(CHF)", "$", "EUR"). */
const CURRENCY_ONLY = new RegExp(String.raw`^\(?(?:[$£€₹]|r\$|s\$|rs\.?|${CURRENCY_CODES.join('|')})\)?$`, 'i');

/**
 * The kind a header phrase names, currency marks aside; a phrase of parts that all name one
 * kind ("Debit/Withdrawal", "Withdrawals or Debits", "Vorgang/Buchungsinformation") names it.
 */
function phraseKind(text: string, fuzzy = false): ColumnKind | undefined {
  // Every line is tried as a header, each cell in windows of up to 6 words, so the same few
  // phrases come back again and again: each is read once (bounded; cleared when full).
  const cache = fuzzy ? fuzzyKindOf : kindOf;
  const known = cache.get(text);
  if (known !== undefined) return known ?? undefined;
  let kind = readPhraseKind(text);
  if (!kind && fuzzy) {
    const t = text.replace(CURRENCY, ' ').trim();
    kind = compact(t).length >= 4 ? fuzzyKind(ocrFold(t)) : undefined;
  }
  if (cache.size >= 10_000) cache.clear();
  cache.set(text, kind ?? null);
  return kind;
}
/** null: read, and names no kind (one lookup per phrase, not has() then get()). */
const kindOf = new Map<string, ColumnKind | null>();
const fuzzyKindOf = new Map<string, ColumnKind | null>();

const BOTH_WAYS = new Set(BOTH_WAYS_HEADS.map(([a, b]) => `${compact(a)}|${compact(b)}`));

function readPhraseKind(text: string): ColumnKind | undefined {
  const t = text.replace(CURRENCY, ' ').trim();
  const key = compact(t);
  const whole = key ? BY_KEY.get(key) ?? (key.length >= 5 ? BY_FOLD.get(ocrFold(t)) ?? undefined : undefined) ?? misencodedKind(t) : undefined;
  if (whole || !/[/&]|\bor\b|\band\b/i.test(t)) return whole;
  const parts = t.split(/\s*(?:\/|&|\bor\b|\band\b)\s*/i).map(compact).filter(Boolean);
  if (parts.length < 2) return undefined;
  const kinds = new Set(parts.map((p) => BY_KEY.get(p)));
  // "Charges/Credits", "Debits & Credits": one column for both directions, each amount signed by its own mark.
  if (parts.length === 2 && BOTH_WAYS.has(parts.join('|'))) return 'amount';
  return kinds.size === 1 ? [...kinds][0] : undefined;
}

/** The kind of the head phrases a phrase with misencoded letters matches letter for letter (./misencoded-letters.ts), where they name one kind. */
function misencodedKind(text: string): ColumnKind | undefined {
  const pattern = misencodedKey(text);
  if (!pattern || pattern.replace(/\?/g, '').length < 3) return undefined;
  let found: ColumnKind | undefined;
  for (const w of WORDS) {
    if (!matchesMisencoded(pattern, w.key)) continue;
    if (found && found !== w.kind) return undefined;
    found = w.kind;
  }
  return found;
}

/**
 * Splits one header cell into columns. A cell may hold one header ("Withdrawals/Debits") or,
 * when printed close together, several ("Date Description"): words are matched greedily,
 * longest phrase first, and placed in proportion to their position in the cell.
 */
function cellColumns(cell: Cell, fuzzy: boolean): { columns: Column[]; unknownWords: number } {
  const whole = phraseKind(cell.text, fuzzy) ?? LONE_KIND.get(compact(cell.text) || cell.text.trim());
  if (whole) return { columns: [{ kind: whole, x0: cell.x0, x1: cell.x1, head: compact(cell.text) }], unknownWords: 0 };
  // A bilingual header prints the translation in parentheses ("Datum (Date)", "■■■ (No)■■■ (Description)"):
  // when every parenthesised part names a column, those parts are the columns.
  const groups = [...cell.text.matchAll(/\(([^()]{1,40})\)/g)];
  if (groups.length) {
    const kinds = groups.map((g) => phraseKind(g[1]!));
    if (kinds.every(Boolean)) {
      if (groups.length === 1) return { columns: [{ kind: kinds[0]!, x0: cell.x0, x1: cell.x1 }], unknownWords: 0 };
      const perChar = (cell.x1 - cell.x0) / Math.max(1, cell.text.length);
      return { columns: groups.map((g, i) => ({ kind: kinds[i]!, x0: cell.x0 + g.index! * perChar, x1: cell.x0 + (g.index! + g[0].length) * perChar })), unknownWords: 0 };
    }
  }
  // Words with their positions, from the printed pieces (so "POSTING DATE"+"DESCRIPTION" printed
  // touching each other still gives two headers).
  const words: { text: string; x0: number; x1: number }[] = [];
  for (const part of cell.parts ?? [{ text: cell.text, x0: cell.x0, x1: cell.x1 }]) {
    const perChar = (part.x1 - part.x0) / Math.max(1, part.text.length);
    const re = /\S+/g;
    for (let m = re.exec(part.text); m; m = re.exec(part.text)) words.push({ text: m[0], x0: part.x0 + m.index * perChar, x1: part.x0 + (m.index + m[0].length) * perChar });
  }
  const columns: Column[] = [];
  let unknownWords = 0;
  for (let i = 0; i < words.length;) {
    let matched = 0;
    for (let n = Math.min(6, words.length - i); n >= 1; n--) {
      const phrase = words.slice(i, i + n).map((w) => w.text).join(' ');
      const kind = phraseKind(phrase, fuzzy);
      if (kind) {
        // A currency mark right after the head ("Paid In (EUR)": "Paid In (EUR)" names nothing,
        // its "In (EUR)" read as "in EUR") is the head's: its column spans it, as the figures
        // under both do (whole figures right-aligned under "(EUR)" fell outside the column).
        const mark = i + n < words.length && CURRENCY_ONLY.test(words[i + n]!.text) ? 1 : 0;
        columns.push({ kind, x0: words[i]!.x0, x1: words[i + n - 1 + mark]!.x1, head: compact(phrase) });
        matched = n + mark;
        break;
      }
    }
    if (matched) i += matched;
    // A currency mark alone ("(CHF)" of "Debit (CHF)", a cell of its own where OCR read the
    // head's words a Courier space apart) names no column and is no unknown word either: three
    // such cells outnumbered the heads read and the table was lost (composed scan 138, page 2).
    else { if (compact(words[i]!.text) && words[i]!.text.replace(CURRENCY, ' ').trim()) unknownWords++; i++; }
  }
  return { columns, unknownWords };
}

/** Every head phrase of four letters or more, folded, for fuzzyKind (null: names more than one kind). */
const FUZZY_FOLD = kindsByFold(4);

/** Characters ocrFold rewrites before compacting (1 | ! 0 5), or any outside ASCII (compact folds accents). */
const FOLDS_BEFORE_COMPACT = /[1|!05]|[^\x00-\x7f]/;
/**
 * ocrFold(line.text), asked of every line as a possible header. A line of plain ASCII without
 * the characters it rewrites compacts to its key (lines.ts: key = compact(text)), so only the
 * letter pairs are folded: the same string without reading the text again.
 */
function lineFold(line: Line): string {
  let f = foldOfText.get(line.text);
  if (f === undefined) {
    f = FOLDS_BEFORE_COMPACT.test(line.text) ? ocrFold(line.text) : line.key.replace(/rn/g, 'm').replace(/vv/g, 'w').replace(/i/g, 'l');
    if (foldOfText.size >= 10_000) foldOfText.clear();
    foldOfText.set(line.text, f);
  }
  return f;
}
/**
 * lineFold by line text (a line's key is compact(text), so the text alone decides it): every
 * line is asked again by each reading of the tables and each statement it falls in. Bounded,
 * cleared when full.
 */
const foldOfText = new Map<string, string>();

/**
 * The line's cells as heads: on an OCR line, a cell that names no column joined to the next when
 * the two, a space or two apart, name one together. OCR reads a head's words a Courier space
 * apart as cells of their own ("Money" "In" for "Money In", Courier 9 pt at 200 dpi, composed
 * scan 435): each alone an unknown word, they outnumbered the heads read and page 1's table was
 * lost, while page 2, its "Money In" read as one cell, was read. A text layer's cells are as
 * printed.
 */
function headCells(line: Line, ocr: boolean): Cell[] {
  if (!ocr || line.cells.length < 2) return line.cells;
  const out: Cell[] = [];
  for (let i = 0; i < line.cells.length; i++) {
    const cell = line.cells[i]!, next = line.cells[i + 1];
    const perChar = (cell.x1 - cell.x0) / Math.max(1, cell.text.length);
    if (next && next.x0 - cell.x1 <= perChar * 2.5 && !cellColumns(cell, false).columns.length && !cellColumns(next, false).columns.length) {
      const joined: Cell = { ...cell, text: `${cell.text} ${next.text}`, x1: next.x1, parts: [...(cell.parts ?? []), ...(next.parts ?? [])] };
      if (phraseKind(joined.text)) { out.push(joined); i++; continue; }
    }
    out.push(cell);
  }
  return out;
}

/**
 * The columns of a transaction table when `line` is its header row: a date column, at least
 * one money column, nearly every word recognised, and no money printed on the line.
 */
export function headerColumns(line: Line, fuzzy = false, datedUnder?: { x0: number; x1: number }, ocr = false, figuresUnder?: (x0: number, x1: number) => boolean): Column[] | null {
  // One cell of fewer than three words (two white-space runs with a word between make three).
  if (line.cells.length < 2 && line.cells[0] && !/\s\S+\s/.test(line.cells[0].text)) return null;
  // Every table header has a date column (garbled by OCR, its word is looked for word by word below).
  if (!fuzzy && !DATE_WORD.test(line.key) && !DATE_WORD.test(lineFold(line))) return null;
  if (fuzzy && /\d[.,]?\d/.test(line.text)) return null; // heads print no figures
  if (line.cells.some((c) => isMoneyText(c.text))) return null;
  // A label and its value ("Fecha de cargo: 25-07-2025", a card's payment box): no column heads.
  if (line.cells.some((c, i) => /:$/.test(c.text.trim()) && /\d/.test(line.cells[i + 1]?.text ?? ''))) return null;
  const columns: Column[] = [];
  let unknown = 0;
  let lone: Column | null = null;
  let firstUnread: { cell: Cell; words: number } | null = null;
  const unread: Cell[] = [];
  const unreadWords = new Map<Cell, number>();
  for (const [ci, cell] of headCells(line, ocr || fuzzy).entries()) {
    const r = cellColumns(cell, fuzzy);
    // A currency mark alone right after a head ("Debit" "(CHF)", read a Courier space apart by
    // OCR) is that head's: its column spans it, as the figures under both do.
    const prev = columns[columns.length - 1];
    if (!r.columns.length && !r.unknownWords && prev && ci > 0 && CURRENCY_ONLY.test(cell.text.trim()) && cell.x0 - prev.x1 < (cell.x1 - cell.x0) * 1.5) prev.x1 = Math.max(prev.x1, cell.x1);
    columns.push(...r.columns);
    unknown += r.unknownWords;
    if (!r.columns.length && r.unknownWords) { unread.push(cell); unreadWords.set(cell, r.unknownWords); }
    if (ci === 0 && !r.columns.length && r.unknownWords) firstUnread = { cell, words: r.unknownWords };
    if (compact(cell.text) === 'transaction' && r.columns.length === 1) lone = r.columns[0]!;
  }
  // Heads read loosely (an OCR reading with no table found) whose first head is unreadable
  // ("Date" read "eeeeee ee") right above a row dated under it: that head is the date column.
  if (fuzzy && firstUnread && datedUnder && !columns.some((c) => c.kind === 'date')
    && datedUnder.x0 < firstUnread.cell.x1 && datedUnder.x1 > firstUnread.cell.x0) {
    columns.push({ kind: 'date', x0: firstUnread.cell.x0, x1: firstUnread.cell.x1 });
    unknown -= firstUnread.words;
  }
  // "TRANSACTION" over "DATE" (a head on two lines whose second line is not read with it) beside
  // "PROCESS DATE" and another description column ("DETAILS"): the first word of a date column.
  if (lone) {
    const next = columns[columns.indexOf(lone) + 1];
    if (next?.kind === 'date' && columns.some((c) => c !== lone && c.kind === 'description')) lone.kind = 'date';
  }
  // An OCR line whose heads name one side of the money but not the other ("Data operazione |
  // Causale | Importo (CHF) | Saldo (CHF)" read with "Importo" as "papers": composed scan 446
  // lost all 30 rows, their figures under no column): the one unread head over a column of
  // figures is the side left unnamed — the amount beside a running balance, or the credits
  // beside the debits (and the reverse). The figures' signs are then read as for a printed head,
  // and reconciliation judges them. Two or more such heads are left unread (which is which?).
  if (ocr && !fuzzy && figuresUnder && columns.length) {
    const over = unread.filter((c) => !columns.some((k) => k.x1 > c.x0 && k.x0 < c.x1) && figuresUnder(c.x0, c.x1));
    const sides = columns.filter((c) => c.kind === 'debit' || c.kind === 'credit' || c.kind === 'amount');
    const cell = over.length === 1 ? over[0]! : null;
    const kind: ColumnKind | null = !cell ? null
      : !sides.length ? (columns.some((c) => c.kind === 'balance') ? 'amount' : null)
      : sides.length === 1 && sides[0]!.kind !== 'amount' ? (sides[0]!.kind === 'debit' ? 'credit' : 'debit') : null;
    if (cell && kind) {
      columns.push({ kind, x0: cell.x0, x1: cell.x1 });
      unknown -= unreadWords.get(cell) ?? 0;
    }
  }
  // A loan table: the principal column is the amount; the total paid splits into it and interest/fees.
  if (columns.some((c) => c.kind === 'principal')) {
    for (const c of columns) if (c.kind === 'amount' || c.kind === 'debit' || c.kind === 'credit') c.kind = 'other';
    for (const c of columns) if (c.kind === 'principal') c.kind = 'amount';
  }
  const kinds = new Set(columns.map((c) => c.kind));
  const money = columns.filter((c) => c.kind === 'debit' || c.kind === 'credit' || c.kind === 'amount' || c.kind === 'balance').length;
  if (!kinds.has('date') || money === 0 || columns.length < 2) return null;
  if (unknown > Math.max(1, columns.length / 2)) return null;
  // An OCR line taken as the heads by its other words: a head it read a letter or two off
  // ("Descripci6n", "Descripcidé6n") is matched loosely (fuzzyKind), a kind the line names no
  // other way. Left unread, the description column was lost, and with it the rows under it that
  // print no date (composed scan 119: 10 of 31 rows lost, their text a reference's).
  if (ocr && !fuzzy) {
    for (const cell of unread) {
      const kind = phraseKind(cell.text, true);
      if (kind && !kinds.has(kind)) { columns.push({ kind, x0: cell.x0, x1: cell.x1, head: compact(cell.text) }); kinds.add(kind); }
    }
  }
  columns.sort((a, b) => a.x0 - b.x0);
  const dates = columns.filter((c) => c.kind === 'date');
  if (dates.length >= 2 && POSTING_DATE.has(dates[0]!.head ?? '') && TRANSACTION_DATE.has(dates[1]!.head ?? '')) dates[1]!.transactionDate = true;
  return columns;
}

/** Every word the column heads are made of ("check", "number", "paid", "posting", "reference"). */
const HEAD_WORDS = new Set(Object.values(COLUMN_WORDS).flat().flatMap((p) => p.split(/\s+/)).map(compact).filter(Boolean));

/**
 * How many words of the line, four letters or more, are words of column heads as printed (no
 * letter guessed): a line of heads read loosely is taken without a dated row under it only
 * where several of its words read so (lines-below.ts looseHeadsOverColumns).
 */
export function exactHeadWords(line: Line): number {
  const seen = new Set<string>();
  for (const w of line.text.split(/[\s/&#.,:;()'"‘’“”-]+/)) {
    const c = compact(w);
    if (c.length >= 4 && HEAD_WORDS.has(c)) seen.add(c);
  }
  return seen.size;
}

/**
 * A further line of a header printed over three or more staggered lines ("Check | Amount" over
 * "Date Reference", over "number", over "paid number"): the line right under the header's last
 * line, closer than 1.6 of its size, with no figure and no date, every word a head word, every
 * cell under one of the header's columns and not all under the description column. Two lines
 * merge into the header (rows.ts); a third is no row's first line.
 */
export function continuesHeader(line: Line, above: Line, columns: Column[]): boolean {
  if (line.page !== above.page || line.y <= above.y || line.y - above.y >= line.size * 1.6 || /\d/.test(line.text)) return false;
  const words = line.text.split(/[\s/&#.,:()-]+/).map(compact).filter(Boolean);
  if (!words.length || words.some((w) => !HEAD_WORDS.has(w))) return false;
  let outsideDescription = false;
  for (const cell of line.cells) {
    let nearest: Column | null = null, gap = Infinity;
    for (const c of columns) {
      const d = Math.max(0, c.x0 - cell.x1, cell.x0 - c.x1);
      if (d < gap) { gap = d; nearest = c; }
    }
    if (!nearest || gap > line.size * 2) return false;
    if (nearest.kind !== 'description') outsideDescription = true;
  }
  return outsideDescription;
}

const HW = {
  credit: HEADING_WORDS.credit.map((w) => ` ${w} `),
  debit: HEADING_WORDS.debit.map((w) => ` ${w} `),
  balances: HEADING_WORDS.balances.map((w) => ` ${w} `),
  cardCredit: HEADING_WORDS.cardCredit.map((w) => ` ${w} `),
  cardDebit: HEADING_WORDS.cardDebit.map((w) => ` ${w} `),
};

/**
 * A count of items printed after a heading: "(12)", "(3 items)", "- 12 items", ": 5 transactions".
 * A bare number is no count (it may be an account's), only one in parentheses or with its word.
 */
const HEADING_COUNT = new RegExp(`\\s*(?:\\(\\s*\\d{1,4}(?:\\s+(?:${HEADING_COUNT_WORDS.join('|')}))?\\s*\\)|[-–:]?\\s*\\d{1,4}\\s+(?:${HEADING_COUNT_WORDS.join('|')}))\\s*$`, 'i');

/** The heading text without "(continued)" / "- continued", nor a count of its items ("Checks Paid (3)"). */
export function headingName(text: string): string {
  return text.replace(/\s+(?:account|acct)\.?\s*(?:#|no\.?|number)?:?\s*[\dXx*•-]{4,}\s*$/i, '')
    .replace(HEADING_COUNT, '')
    .replace(/\s*[-–(]*\s*continued\s*\)?\s*$/i, '').replace(HEADING_COUNT, '').trim();
}

/** A section heading: the sign it gives the rows under it (0 = a table of balances, not transactions); `pending`: rows not posted yet. */
export interface SectionHeading { sign: 1 | -1 | 0 | null; name: string; pending?: boolean }

const PENDING = new Set(POSTING_HEADINGS.pending);
const POSTED = new Set(POSTING_HEADINGS.posted);

/** 'pending' or 'posted' for a heading that says which rows follow, else null. */
function postingState(name: string): 'pending' | 'posted' | null {
  const key = fold(name).toLowerCase().replace(/\(\s*\d+\s*\)\s*$/, '').replace(/[^a-z]+/g, ' ').trim();
  return PENDING.has(key) ? 'pending' : POSTED.has(key) ? 'posted' : null;
}

/** The heading a line is (see SectionHeading); null when the line is not a heading. */
export function sectionHeading(line: Line, card = false, firstCell = false): SectionHeading | null {
  if (line.cells.some((c) => isMoneyText(c.text))) return null;
  const whole = headingOf(line.text.replace(/\s{2,}/g, ' '), card);
  if (whole || line.cells.length < 2 || !firstCell) return whole;
  // A heading with a remark printed beside it ("Deposits and Other Additions   There were 3 …").
  return headingOf(line.cells[0]!.text, card);
}

/**
 * headingOf by its text, for a card and for a bank statement: each line of a table is asked
 * (by every reading of it). The text alone decides; bounded, cleared when full. The headings
 * are shared: read, never changed.
 */
const headingsOf = { card: new Map<string, SectionHeading | null>(), bank: new Map<string, SectionHeading | null>() };

function headingOf(text: string, card: boolean): SectionHeading | null {
  const cache = card ? headingsOf.card : headingsOf.bank;
  let h = cache.get(text);
  if (h === undefined) {
    h = readHeading(text, card);
    if (cache.size >= 10_000) cache.clear();
    cache.set(text, h);
  }
  return h;
}

function readHeading(text: string, card: boolean): SectionHeading | null {
  const name = headingName(text);
  const state = postingState(name);
  if (state) return { sign: null, name, pending: state === 'pending' };
  if (/\d/.test(name) || NOT_A_SECTION.test(name) || NOTICE.test(name) || STATEMENT_TITLE.test(withoutAccents(name))) return null;
  // A line of running text ("or refunds.", "you will be charged for different"): a sentence's
  // middle or end, not a heading.
  if (/^\p{Ll}/u.test(name) || /[.,;]$/.test(name)) return null;
  const sign = wordSign(name, card);
  // A card's heading naming both directions ("General Payments & Charges") is still a heading:
  // it ends the previous section's sign, and its rows are signed by their own marks.
  if (sign === null && card && sides(name, card)?.both) return { sign: null, name };
  return sign === null ? null : { sign, name };
}

/** Headings about terms, not lists of transactions ("Minimum payments", "Payment due date"). */
// "Interest Charge Calculation" heads a table of rates and balances subject to them, not of
// charges; "Payment Information" the amounts due.
/** A notice ("NO INTEREST CHARGED ON THIS STATEM ENT", its last word split by the PDF): no section. */
const NOTICE = new RegExp(`^(?:${NOTICE_STARTS.join('|')})\\b`, 'i');
const STATEMENT_TITLE = new RegExp(`\\b(?:${STATEMENT_TITLE_WORDS.join('|')})\\b`, 'i');
const NOT_A_SECTION = /\b(minimum|due|rates?|limits?|available|apr|how|when|if|what|your rights|statement|calculation|information)\b/i;

/** Which directions a label's words name (balances: a table of balances), null when it has no words or too many. */
function sides(text: string, card: boolean): { credit: boolean; debit: boolean; balances: boolean; both: boolean } | null {
  // "… Credit Union" and "Line of Credit" name an institution or an account, not a kind of money.
  const words = withoutAccents(text.toLowerCase()).replace(/\bcredit unions?\b|\blines? of credit\b|\bcredit lines?\b/g, ' ').split(/[^a-z]+/).filter(Boolean);
  if (!words.length || words.length > 8) return null;
  const padded = ` ${words.join(' ')} `;
  const balances = HW.balances.some((w) => padded.includes(w));
  // On a card a payment is money in ("Payments", "Payments and Other Credits"), so a heading
  // naming payments and charges together ("General Payments & Charges") gives no direction.
  const credit = HW.credit.some((w) => padded.includes(w)) || (card && HW.cardCredit.some((w) => padded.includes(w)));
  // "Payments and Other Credits" (money in on a bank's card summary too): a payment word gives way to a credit word.
  const debit = HW.debit.some((w) => padded.includes(w) && !((credit || card) && /^ payments? $/.test(w))) || (card && HW.cardDebit.some((w) => padded.includes(w)));
  return { credit, debit, balances, both: credit && debit };
}

/** A label naming money of both directions ("Purchases, Cash Advances, Credits, Charges & Interest"): a net figure. */
export function namesBothWays(text: string, card = false): boolean {
  return !!sides(text, card)?.both;
}

/** The sign a label's words give (+ credits, − debits, 0 balances), null when unclear. */
export function wordSign(text: string, card = false): 1 | -1 | 0 | null {
  const s = sides(text, card);
  if (!s) return null;
  if (s.balances) return 0;
  if (s.credit === s.debit) return null;
  return s.credit ? 1 : -1;
}

// Amounts due ("Current Payment", "Overdue Payment (pay now)", "Past Due Amount") and credit
// lines ("Credit Access Line") are no totals of rows either.
const NOT_A_TOTAL = new RegExp(`\\b(?:${NOT_A_TOTAL_WORDS.join('|')})\\b`, 'i');
/** Accents folded; plain ASCII (most labels) has none to fold and is not normalised. */
const fold = withoutAccents;

/**
 * A year named alone ("Total comisiones en 2025", "Fees charged in 2024"), with no day or month
 * beside it: a year-to-date box's total, no total of the statement's rows.
 */
const YEAR_ALONE = /(?<![\d./-])(?:19|20)\d{2}(?![\d./-])/;
// (A day and month as dates print them, "31/12", "31-12", "31.12."; a figure's "170.69" is none.)
const DAY_OR_MONTH = /(?<!\d)\d{1,2}[/-]\d{1,2}(?!\d)|(?<!\d)\d{1,2}\.\d{1,2}\.|\d{1,2}\s+\p{L}{3,}\.?\s+(?:19|20)\d{2}|\p{L}{3,}\.?\s+\d{1,2},?\s+(?:19|20)\d{2}/u;

/** A label that names no total of rows (an amount due, a limit, a rate, a balance, a year's total). */
export function namesNoTotal(label: string): boolean {
  return NOT_A_TOTAL.test(fold(label)) || (YEAR_ALONE.test(label) && !DAY_OR_MONTH.test(label));
}

/**
 * The sign of a summary line's label ("Deposits, credits and interest" +), null when it is no
 * total; `printed`, the sign the figure's own operator gives, when the words give none (a card
 * summary's "Transactions + $1,234.56").
 */
export function summarySign(label: string, card = false, printed?: 1 | -1): 1 | -1 | null {
  if (namesNoTotal(label)) return null;
  const sign = wordSign(label.replace(/^\s*(total|subtotal)\b:?/i, ''), card);
  return sign === 1 || sign === -1 ? sign : printed ?? null;
}
