/**
 * Money heads printed apart from their figures. An HTML table aligns its head cells left (or
 * centres them, a browser's default) while its figures are right-aligned: "Amount" starts at
 * the column's left edge, the figures end at its right edge, and in a wide column the two never
 * overlap. Taken by the heads alone, the figures lay beside the table (no row was read at all:
 * a statement printed by Chromium lost all 20 rows), or under the next column's head (money out
 * read as money in). The figures tell where each column is: right-aligned figures of one column
 * end at one x. Each edge of the figures under a header belongs to the money head from whose
 * start to the next head's start it ends; where every edge has a column of its own that way and
 * some edge's figures stand under no head or nearer another head than their own, each money
 * column with figures spans its head and its figures. A header whose heads are over their
 * figures is left as printed.
 */
import type { Column } from './header-row.js';
import type { Line } from './lines.js';
import { intervalDistance, isMoneyCell, moneyColumn, splitCells } from './row-cells.js';

/** Lines under a header looked at, at most (one page's table). */
const MAX_LINES = 120;
const MONEY_KINDS = new Set(['debit', 'credit', 'amount', 'balance']);

/** Figures ending at one x: the leftmost start of the widest and the start of the narrowest. */
interface Edge { x0: number; x1: number; narrowest: number; n: number }

/**
 * The header's columns, its money columns widened over their figures where the figures stand
 * apart from the heads (see above); `cols` itself when they do not. `isHeader` tells a later
 * header, where the table's lines end.
 */
export function moneyColumnsOverFigures(cols: Column[], lines: readonly Line[], header: number, isHeader: (l: Line) => boolean): Column[] {
  const money = cols.filter((c) => MONEY_KINDS.has(c.kind)).sort((a, b) => a.x0 - b.x0);
  const head = lines[header];
  if (!money.length || !head) return cols;
  const tol = Math.max(1, head.size * 0.3);
  // Figures ending left of every money head are no money column's (a summary's figures printed
  // under the rows, at the descriptions: "Vorig saldo | 22068.26 €"): counted, they made one edge
  // too many, and the heads alone placed the figures (ReportLab seed 562: "61.09 €", ending under
  // "Af" but 12 pt nearer "Bij", read as a credit, the statement unreconciled).
  const edges = figureEdges(lines, header, isHeader, descriptionSpan(cols)).filter((e) => e.x1 >= money[0]!.x0 - tol);
  if (!edges.length || edges.length > money.length) return cols;
  // Each edge's column: the one from whose head's start to the next head's start it ends (so
  // for heads aligned left, centred or right over right-aligned figures), one edge a column, in
  // order. A page may print figures under some columns only (a card's page of charges, no credit).
  const owner = edges.map((e) => money.findIndex((c, i) => e.x1 >= c.x0 - tol && (i + 1 === money.length || e.x1 <= money[i + 1]!.x0 + tol)));
  if (owner.some((o, k) => o < 0 || (k > 0 && o <= owner[k - 1]!))) return cols;
  // Some figures under no money head, or nearer another head than their own (a monospaced
  // "-$34.00" ending 56 pt right of "Amount" and 10 pt left of "Balance"): otherwise the heads
  // already say where the figures are.
  const astray = (e: Edge, k: number) => !money.some((c) => intervalDistance(e.x0, e.x1, c.x0, c.x1) === 0)
    || moneyColumn(money, e.x0, e.x1) !== money[owner[k]!] || moneyColumn(money, e.narrowest, e.x1) !== money[owner[k]!];
  if (!edges.some(astray)) return cols;
  const widened = new Map(edges.map((e, k) => {
    const c = money[owner[k]!]!;
    return [c, { ...c, x0: Math.min(c.x0, e.x0), x1: Math.max(c.x1, e.x1) }] as const;
  }));
  return cols.map((c) => widened.get(c) ?? c);
}

/** Figures ending at one x, at least, for a column of figures the heads did not name. */
const MIN_UNNAMED_FIGURES = 3;

/**
 * A ledger's side whose head OCR did not read ("Date | Libellé | [Débits] | Crédits", composed
 * motion-any scan 1009: every debit read as a credit, the only money column its heads named):
 * with one of the debit and credit heads read and no amount head, the one column of figures
 * (MIN_UNNAMED_FIGURES or more, each overlapping the middle one) that stands under no money head,
 * right of the descriptions' start and left of a money column (that side's or the balance's), is
 * the other side's. Figures right of every money head may be a balance whose head was lost too:
 * left alone, as are figures in two such columns. `cols` itself when there is none.
 * `printedHead`: a text layer's heads are as printed, so there the column is taken only under a
 * head the line prints and no word list names (a side's head in words we do not know, or with a
 * letter its font maps wrong: "SaÇdas" for "Saídas" beside "Créditos"), never under blank space.
 */
export function unreadSideColumn(cols: Column[], lines: readonly Line[], header: number, isHeader: (l: Line) => boolean, printedHead = false): Column[] {
  const money = cols.filter((c) => MONEY_KINDS.has(c.kind));
  const debit = money.find((c) => c.kind === 'debit'), credit = money.find((c) => c.kind === 'credit');
  const side = debit ?? credit;
  if (!side || (debit && credit) || money.some((c) => c.kind === 'amount')) return cols;
  const desc = cols.find((c) => c.kind === 'description');
  const descSpan = descriptionSpan(cols);
  // Figures under no money head between the descriptions' start and the last money column.
  const right = Math.max(...money.map((m) => m.x0));
  const page = lines[header]!.page;
  const cells: { x0: number; x1: number }[] = [];
  for (let i = header + 1; i < lines.length && i <= header + MAX_LINES; i++) {
    const l = lines[i]!;
    if (l.page !== page) break;
    const figures = tableFigures(l, descSpan);
    if (!figures.length && isHeader(l)) break;
    for (const c of figures) {
      if (c.x1 < right && (!desc || c.x0 > desc.x0) && !money.some((m) => intervalDistance(c.x0, c.x1, m.x0, m.x1) === 0)) cells.push({ x0: c.x0, x1: c.x1 });
    }
  }
  if (cells.length < MIN_UNNAMED_FIGURES) return cols;
  // One column: every such figure overlaps the middle one (aligned left, right or centred).
  const mid = [...cells].sort((a, b) => a.x0 + a.x1 - b.x0 - b.x1)[cells.length >> 1]!;
  if (!cells.every((c) => intervalDistance(c.x0, c.x1, mid.x0, mid.x1) === 0)) return cols;
  const x0 = Math.min(...cells.map((c) => c.x0)), x1 = Math.max(...cells.map((c) => c.x1));
  if (money.some((m) => intervalDistance(x0, x1, m.x0, m.x1) === 0)) return cols;
  if (printedHead && !lines[header]!.cells.some((c) => intervalDistance(c.x0, c.x1, x0, x1) === 0 && !cols.some((k) => intervalDistance(c.x0, c.x1, k.x0, k.x1) === 0))) return cols;
  return [...cols, { kind: debit ? 'credit' : 'debit', x0, x1 } as Column].sort((a, b) => a.x0 - b.x0);
}

interface Span { x0: number; x1: number }

/** Where the descriptions are printed: from their head's start to the next head's start right of it. */
function descriptionSpan(cols: Column[]): Span | null {
  const desc = cols.find((c) => c.kind === 'description');
  if (!desc) return null;
  const next = Math.min(...cols.filter((c) => c.x0 > desc.x0 + 2).map((c) => c.x0));
  return { x0: desc.x0, x1: next };
}

/**
 * A line's figures: its money cells, and figures run on after text in one cell ("Opening
 * balance 1,234.56", a line printer's columns one space apart), save those the description
 * column holds: "W/ CASH BACK 20.00" is a description's own figure, and as a column's it moved
 * the credit column's edge over the descriptions (composed seed 5018 --traits amountsFirst: the
 * row split in two at it).
 */
function tableFigures(l: Line, desc: Span | null): { x0: number; x1: number }[] {
  const out: { x0: number; x1: number }[] = [];
  for (const c of l.cells) {
    if (isMoneyCell(c)) { out.push(c); continue; }
    for (const part of splitCells([c]).slice(1)) {
      if (isMoneyCell(part) && !(desc && part.x0 > desc.x0 && part.x1 < desc.x1)) out.push(part);
    }
  }
  return out;
}

/**
 * The right edges the decimal figures under the header end at, left to right (each with the
 * leftmost start of its figures): figures within a third of the type size of one edge share it.
 */
function figureEdges(lines: readonly Line[], header: number, isHeader: (l: Line) => boolean, desc: Span | null): Edge[] {
  const page = lines[header]!.page;
  const cells: { x0: number; x1: number }[] = [];
  let size = lines[header]!.size;
  for (let i = header + 1; i < lines.length && i <= header + MAX_LINES; i++) {
    const l = lines[i]!;
    if (l.page !== page) break;
    const figures = tableFigures(l, desc);
    // Heads print no figure: only a line without one may be the next table's heads.
    if (!figures.length && isHeader(l)) break;
    size = Math.max(size, l.size);
    for (const c of figures) cells.push({ x0: c.x0, x1: c.x1 });
  }
  cells.sort((a, b) => a.x1 - b.x1);
  const tol = Math.max(0.5, size * 0.3);
  const edges: Edge[] = [];
  for (const c of cells) {
    const last = edges[edges.length - 1];
    if (last && c.x1 - last.x1 <= tol) { last.n++; last.x0 = Math.min(last.x0, c.x0); last.narrowest = Math.max(last.narrowest, c.x0); continue; }
    edges.push({ x0: c.x0, x1: c.x1, narrowest: c.x0, n: 1 });
  }
  return edges;
}
