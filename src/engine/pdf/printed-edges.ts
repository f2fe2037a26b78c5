/**
 * Where a table's figures are printed, learned from the rows read under its header. The heads
 * alone tell too little: right-aligned figures may overhang their head ("Amount" ending 10 pt
 * left of the figures under it, PNC's checking template), and a note printed beside a table has
 * no head over it. Two readings depend on it (rows.ts):
 * - a whole number ("2", no cents) whose right edge is the edge its column's decimal figures
 *   share is that column's figure (the template's interest payment of $2.00 was dropped);
 * - a cell starting well right of every head and every figure read under them lies beside the
 *   table: no row, no part of one ("There are 3 checks listed totaling | 331.22" right of the
 *   checks table was read as a fourth check, its words the third check's description).
 */
import type { Money } from './tokens.js';
import type { Column } from './header-row.js';
import type { Cell } from './lines.js';
import { intervalDistance } from './row-cells.js';

const MONEY_KINDS = new Set(['debit', 'credit', 'amount', 'balance']);
const WHOLE = /^(-\s?)?(\d{1,3}(?:,\d{3})+|\d{1,3}(?:\.\d{3})+|\d{1,7})$/;

/** Right edges of the decimal figures read under one header's money columns. */
export class PrintedEdges {
  private readonly edges = new Map<Column, number[]>();
  private right = -Infinity;

  /** A decimal figure read under `col`, ending at `x1`. */
  note(col: Column, x1: number): void {
    if (!MONEY_KINDS.has(col.kind)) return;
    const list = this.edges.get(col) ?? [];
    // Bounded: the edge is told by its first figures; a long table adds nothing after them.
    if (list.length < 64) list.push(x1);
    this.edges.set(col, list);
    this.right = Math.max(this.right, x1);
  }

  /**
   * A whole number's money column: the one at least two of whose decimal figures, and at least
   * half of them, end where it ends (within a tenth of the type size: a right-aligned column's
   * figures end at one x, to rounding). Null when no column's figures say so.
   */
  wholeNumber(c: Cell, size: number): { col: Column; money: Money } | null {
    const m = WHOLE.exec(c.text);
    if (!m) return null;
    const tol = Math.max(0.5, size * 0.1);
    for (const [col, list] of this.edges) {
      const at = list.filter((x) => Math.abs(x - c.x1) <= tol).length;
      if (at < 2 || at * 2 < list.length) continue;
      const units = Number(m[2]!.replace(/[,.]/g, ''));
      if (!Number.isSafeInteger(units * 100)) return null;
      return { col, money: { cents: (m[1] ? -units : units) * 100, explicit: !!m[1], marker: null } };
    }
    return null;
  }

  /**
   * Whether a figure is a word of a wrapped description: it starts where the description column
   * starts (its text is set flush left there) and ends more than two type sizes away from the
   * money column it is nearest, from that column's head and from every figure read under it.
   * A narrow justified description wraps "CASH BACK | 20.00 | WALGREENS" one word a line
   * (FOP); the "20.00" alone on its line was read as a row of its own.
   */
  inDescription(c: Cell, desc: Column | undefined, col: Column, size: number): boolean {
    if (!desc || !MONEY_KINDS.has(col.kind) || Math.abs(c.x0 - desc.x0) > Math.max(1, size * 0.25)) return false;
    const far = size * 2;
    if (intervalDistance(c.x0, c.x1, col.x0, col.x1) <= far) return false;
    return (this.edges.get(col) ?? []).every((x) => Math.abs(x - c.x1) > far);
  }

  /**
   * Whether a cell lies beside the table: it starts more than three type sizes right of every
   * head and every figure read under them. Not when the last column is the descriptions, whose
   * long lines run on past their head with nothing to tell them from a note.
   */
  beside(c: Cell, columns: Column[], size: number): boolean {
    let last: Column | null = null;
    for (const k of columns) if (!last || k.x1 > last.x1) last = k;
    if (!last || last.kind === 'description') return false;
    return c.x0 > Math.max(last.x1, this.right) + size * 3;
  }
}
