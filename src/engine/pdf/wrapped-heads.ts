/**
 * Column heads that wrap inside their cells: a table whose head cells are paragraphs (ReportLab's
 * Paragraph heads, an HTML table's narrow th) sets a long head on two or three lines and a short
 * one on one, each aligned to the head row's top, middle or bottom. The heads then stand on two
 * or three lines that each may read as a header of their own and none whole: "Date | Date |
 * Débits | Crédit" over "d'opération | valeur | Réf. | Opérations | (EUR) | (€) | Solde (€)"
 * (bottom), "Transaction Description | Booking | Amount | Running" over "Date | Balance" (top),
 * "Bedrag" over "Boekdatum | Rentedatum | Mededelingen | Saldo (€)" over "(EUR)" (middle). Read
 * line by line, the last line read was taken for the heads, without its date or amount column,
 * and no row was read. The lines read as one header where together they name more kinds of
 * column than any of them alone, or as many kinds in more head cells.
 */
import { headerColumns, sectionHeading, type Column } from './header-row.js';
import type { Line } from './lines.js';
import { intervalDistance, isMoneyCell, mergeLines, wholeFigureText } from './row-cells.js';
import { parseDateStart } from './tokens.js';
import type { Lang } from '../data/labels.js';

/** The most lines one head cell wraps onto. */
const MAX_HEAD_LINES = 3;

export interface WrappedHeads {
  /** The index of the band's last line (the rows start below it). */
  end: number;
  /** The band's lines merged into one, at its last line's place. */
  line: Line;
}

/**
 * A whole figure in a cell of its own, grouped or with a side's word or a currency's mark
 * ("169,110 CR", "150 DR", "R$ 3 057"): a statement in whole units prints its balance brought
 * forward so, right under the heads ("Balance b/f | 169,110 CR"), where it was merged into them
 * and its "Balance" and "CR" made columns over the descriptions and the balances. A bare small
 * number ("1", a note's mark) may stand among heads.
 */
const wholeFigure = (text: string) => wholeFigureText(text) !== null && !/^\d{1,3}$/.test(text.trim());

const kinds = (cols: Column[] | null) => new Set((cols ?? []).map((c) => c.kind).filter((k) => k !== 'other')).size;
/**
 * Heads read by the kinds of column they name, then by how many head cells they print: "Data"
 * over "Descrizione | D/C Importo | Valuta" over "contabile" (jsPDF's heads set in the middle of
 * their cells) names the same kinds with the middle line alone (its value date's "Valuta" a date
 * column), but the booking date's head, over no cell of that line, only together; read alone,
 * the rows' dates left of the descriptions were read as their words (jspdf-sweep seed 87). (A
 * title over a head, "Opérations" over "Date", adds no cell: merged, its word made a second
 * description column, calc-sweep seed 62.)
 */
const score = (line: Line) => kinds(headerColumns(line)) * 100 + line.cells.length;

/**
 * A band of head lines starting at `li`: two or three lines of words alone (no figure, no date,
 * no reference number, no section heading), in one type, each right under the last (closer than
 * 1.6 of its size), each word of an upper line over one cell of the line under it or over none
 * (a head of its own there: a title across several heads is none), that together name more kinds
 * of column than any one of them, a date column among them. Or null.
 */
export function wrappedHeads(lines: readonly Line[], li: number, opts: { dmy: boolean; langs: Lang[]; card?: boolean }): WrappedHeads | null {
  const first = lines[li]!;
  const wordsOnly = (l: Line) => !l.cells.some((c) => isMoneyCell(c) || wholeFigure(c.text)) && !/\d{4}/.test(l.text) && !l.cells.some((c) => !!parseDateStart(c.text, opts.dmy, opts.langs)) && !sectionHeading(l, opts.card, true);
  if (!wordsOnly(first)) return null;
  const band: Line[] = [first];
  for (let k = li + 1; k < lines.length && band.length < MAX_HEAD_LINES; k++) {
    const l = lines[k]!, above = band[band.length - 1]!;
    if (l.page !== first.page || l.y <= above.y || l.y - above.y >= 1.6 * above.size || Math.abs(l.size - first.size) > 0.5 || !wordsOnly(l)) break;
    if (!above.cells.every((t) => l.cells.filter((c) => intervalDistance(c.x0, c.x1, t.x0, t.x1) === 0).length <= 1)) break;
    band.push(l);
  }
  if (band.length < 2) return null;
  // The merged bands first (most lines of prose stop here, naming no date column); then the lines alone.
  const merges: { n: number; line: Line; score: number }[] = [];
  for (let n = 2; n <= band.length; n++) {
    const merged = band.slice(1, n).reduce((m, l) => mergeLines(m, l), band[0]!);
    const cols = headerColumns(merged);
    if (cols && cols.some((c) => c.kind === 'date')) merges.push({ n, line: merged, score: kinds(cols) * 100 + merged.cells.length });
  }
  if (!merges.length) return null;
  let bestScore = Math.max(...band.map(score));
  let best: WrappedHeads | null = null;
  for (const m of merges) if (m.score > bestScore) { best = { end: li + m.n - 1, line: m.line }; bestScore = m.score; }
  return best;
}
