/**
 * How each section of a statement wraps its rows (rows.ts readTablesOnce): a statement may print
 * its sections two ways (Commerce Bank: deposits with their date and amount on a wrapped row's
 * first line, ATM and card rows with them on its last). A section is a run of tables under one
 * section name: its heads repeated atop the next page (under its title "… (continued)") go on
 * with it. Each section's wrap votes (./wrap-votes.ts) are tallied apart, and a section whose
 * first row printed its words over its figures says so outright.
 */
import { noVotes, tallyVotes, votedAnchor, type Anchor, type WrapPair } from './wrap-votes.js';

/**
 * How a section is read again, as the reading before found it: its anchor, and whether its rows
 * begin on their dated line and end with their amounts (rows.ts datedFirstRows: a section after
 * one printing its rows so may print them its own way, its words over its date and figures).
 */
export interface SectionRead { anchor?: Anchor; datedFirst?: boolean }

export class SectionWrap {
  /** The current section (index), and the name it was opened under (null: none yet). */
  private at = -1;
  private name: string | undefined | null = null;
  private pairs: WrapPair[][] = [];
  private firstRowOver: boolean[] = [];
  /** Per section: its last line was words alone, after a line with figures (see `line`). */
  private lastWordsAlone: boolean[] = [];
  private figures = false;
  /** Per section, its rows dated on their first line and ended by an undated line with their amount. */
  private dated: number[] = [];

  /**
   * A table begins (under section `name`): a new section unless it goes on with the last one.
   * Reading again section by section (`known`), how a new section is read, else null.
   */
  table(name: string | undefined, known: SectionRead[] | undefined): SectionRead | null {
    if (this.at >= 0 && name === this.name) return null;
    this.at++;
    this.name = name;
    this.figures = false;
    this.pairs[this.at] = [];
    this.dated[this.at] = 0;
    return known ? known[this.at] ?? null : null;
  }

  /** A wrap pair of the current section's table (also kept with the statement's `all`). */
  pair(all: WrapPair[], p: WrapPair): void {
    all.push(p);
    if (this.at >= 0) this.pairs[this.at]!.push(p);
  }

  /**
   * A line of the current section's rows read: with an amount, dated, or words alone. A section
   * whose last line is words alone under its figures wrapped them under its last row's figures:
   * no row of the section comes after it to take them (the mirror of its first row's words over
   * its figures). A page's foot is no section's end: the rows run on atop the next page.
   */
  line(amount: boolean, dated: boolean): void {
    if (this.at < 0) return;
    this.lastWordsAlone[this.at] = this.figures && !amount && !dated;
    this.figures ||= amount;
  }

  /** A row of the current section dated on its first line took its amount from an undated line below. */
  datedFirstRow(): void {
    if (this.at >= 0) this.dated[this.at]!++;
  }

  /** Per section, whether rows were read dated on their first line and ended by their amount's line. */
  datedFirst(): boolean[] {
    return this.dated.map((n) => n > 0);
  }

  /** The current section's first row printed its words over its figures: its rows end with them. */
  endsWithFigures(): void {
    if (this.at >= 0) this.firstRowOver[this.at] = true;
  }

  /** Each section's own anchor, as its lines say ('default': they do not say). */
  anchors(widest: number): Anchor[] {
    return this.pairs.map((pairs, i) => {
      if (this.firstRowOver[i] && !this.lastWordsAlone[i]) return 'amountLast';
      if (this.lastWordsAlone[i] && !this.firstRowOver[i]) return 'amountFirst';
      const votes = noVotes();
      tallyVotes(pairs, widest, votes);
      return votedAnchor(votes);
    });
  }
}

/**
 * The anchor of each section where sections wrap their rows two ways: a section its own lines
 * decide, else as the statement's (`whole`, told by all its lines); null where every section reads
 * as the statement does, as to whether rows end with their figures (then nothing is read again).
 */
export function mixedAnchors(own: Anchor[], whole: Anchor): Anchor[] | null {
  const resolved = own.map((a) => (a === 'default' ? whole : a));
  const last = resolved.map((a) => a === 'amountLast');
  return last.includes(true) && last.includes(false) ? resolved : null;
}
