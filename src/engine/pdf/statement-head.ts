/**
 * The statement's head (the lines above its first table: account number, period, holder), as
 * the cells it printed. A line atop a later page that only repeats them ("Número de cuenta:
 * 3281404017 | Periodo: 01 ene 2025 al 31 ene 2025", printed on page 2 of a two-page
 * statement, so on too few pages to be boilerplate) is that page's running head: no row's first
 * line (composed seed 7232 --traits fonts=embedded read it as the page's first description).
 */
import type { Line } from './lines.js';

/** A cell as printed, case and spacing aside (digits kept: an account number is the point). */
const key = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();
/** Shorter keys ("EUR", a day) repeat by chance. */
const MIN_KEY = 8;
/** Bounded: a head is a few dozen cells; a document with no table adds nothing past this. */
const MAX_KEYS = 400;

export class StatementHead {
  private readonly keys = new Set<string>();

  /** A line above the statement's first table. */
  note(line: Line): void {
    for (const c of line.cells) {
      const k = key(c.text);
      if (k.length >= MIN_KEY && this.keys.size < MAX_KEYS) this.keys.add(k);
    }
  }

  /**
   * Whether every cell of `line` repeats a cell of the head (each long enough to tell: short ones
   * are never noted). A cell of marks only, no letter or digit, is no print of its own: a speck
   * OCR read as "|" between a scanned running head's cells (composed 543 at 150 dpi: page 2's
   * "Crédit Maritime du Nord | Relevé de compte courant" was read as a heading of credits, and
   * every row under it without its flag a credit).
   */
  repeats(line: Line): boolean {
    const cells = line.cells.filter((c) => /[\p{L}\p{N}]/u.test(c.text));
    return cells.length > 0 && cells.every((c) => this.keys.has(key(c.text)));
  }
}
