/**
 * The wrap votes of a statement's tables (rows.ts readTables): whether wrapped rows begin or end
 * with their amount line, told by the widths of the lines where text and money lines meet.
 */

/** How a table's wrapped rows hang on their amount line, when the lines say so. */
export type Anchor = 'default' | 'amountFirst' | 'amountLast';

export interface AnchorVotes {
  /** A text line clearly narrower than the money line above it (a wrapped row's tail: rows begin with their amounts). */
  top: number;
  /** A text line clearly wider than the money line above it (the next row's first, full line: rows end with their amounts). */
  bottom: number;
  /** Rows whose amount came on a later line than their date (a dated notice with no amount at all is none). */
  datedNoMoney: number;
  /** Money line then text line where the first could have held the second's first word: no description wraps there. */
  topFits: number;
  /** Text line then money line where the first could have held the second's first word. */
  bottomFits: number;
  /** A dated row's last text line that could have held its money line's first word. */
  datedFits: number;
  /** Votes whose text block is told on both of its sides (see `tallyVotes`). */
  cleanTop: number;
  cleanBottom: number;
  /**
   * Blocks of text lines printed clearly nearer the money line below them than the one above
   * (`nearBelow`), or the other way (`nearAbove`): a table pads its rows, so a row's own lines lie
   * closer together than two rows' lines.
   */
  nearBelow: number;
  nearAbove: number;
}

export const noVotes = (): AnchorVotes => ({ top: 0, bottom: 0, datedNoMoney: 0, datedFits: 0, topFits: 0, bottomFits: 0, cleanTop: 0, cleanBottom: 0, nearBelow: 0, nearAbove: 0 });

export function addVotes(into: AnchorVotes, from: AnchorVotes): void {
  for (const k of Object.keys(from) as (keyof AnchorVotes)[]) into[k] += from[k];
}

/**
 * Two lines where a table's text and money lines meet: `head` the first's text width, `next` the
 * second's first word's; `text` names the block of text lines between two money lines (the index
 * of its first line); `gap` how far apart the two lines are printed.
 */
export interface WrapPair { kind: keyof Pick<AnchorVotes, 'top' | 'bottom' | 'datedNoMoney'>; head: number; next: number; text: number; gap: number }

/**
 * Adds a table's pairs to `votes`. Two lines are one wrapped description when the first could
 * not have taken the second's first word (the two would pass the column's widest line); they are
 * none when it could have, by a clear margin. Text lines that could wrap both the money line above
 * them and the one below (between two rows, dates printed once per day) say nothing of which they
 * belong to: they vote neither way. A vote is clean when the other side of its block is clearly no
 * wrap and printed no closer (a line wraps into the row below and the row above had room for its
 * first word).
 */
export function tallyVotes(pairs: WrapPair[], widest: number, votes: AnchorVotes): void {
  const wraps = pairs.filter((p) => p.head + p.next > widest + 0.5);
  const tops = new Set(wraps.filter((p) => p.kind === 'top').map((p) => p.text));
  const both = new Set(wraps.filter((p) => p.kind === 'bottom' && tops.has(p.text)).map((p) => p.text));
  const fits = pairs.filter((p) => p.head + p.next < widest - 1);
  for (const p of fits) votes[p.kind === 'top' ? 'topFits' : p.kind === 'bottom' ? 'bottomFits' : 'datedFits']++;
  for (const p of wraps) {
    if (both.has(p.text)) continue;
    votes[p.kind]++;
    if (p.kind === 'datedNoMoney') continue;
    const other = fits.find((q) => q.text === p.text && q.kind === (p.kind === 'top' ? 'bottom' : 'top'));
    if (other && p.gap <= other.gap + 0.5) votes[p.kind === 'top' ? 'cleanTop' : 'cleanBottom']++;
  }
  // Spacing: each block told on both its sides, whichever the widths say.
  const blocks = new Map<number, { top?: number; bottom?: number }>();
  for (const p of pairs) {
    if (p.kind === 'datedNoMoney') continue;
    const b = blocks.get(p.text) ?? {};
    b[p.kind] = p.gap;
    blocks.set(p.text, b);
  }
  for (const b of blocks.values()) {
    if (b.top === undefined || b.bottom === undefined) continue;
    if (b.top > b.bottom * NEARER) votes.nearBelow++;
    else if (b.bottom > b.top * NEARER) votes.nearAbove++;
  }
}

/** How much farther from one money line than the other a block of text lines lies to be told by its spacing. */
const NEARER = 1.25;

/**
 * Which way the votes read the rows, if any: two votes, twice the other way's; or a single clean
 * vote where no line of its kind contradicts it (a statement with one wrapped row). Lines broken
 * by field rather than by width (a reference on a line of its own) fit their neighbours somewhere,
 * and spacing between rows wider than within them marks the block: those keep the one vote from
 * deciding.
 */
export function votedAnchor(all: AnchorVotes): Anchor {
  if ((all.bottom >= 2 && all.bottom > all.top * 2) || (all.bottom === 1 && all.top === 0 && all.cleanBottom === 1 && all.bottomFits === 0)) return 'amountLast';
  if (all.datedNoMoney === 0 && ((all.top >= 2 && all.top > all.bottom * 2) || (all.top === 1 && all.bottom === 0 && all.cleanTop === 1 && all.topFits === 0))) return 'amountFirst';
  // Widths that lean one way without deciding (a wide column whose lines break near its edge,
  // where a line's first word fits or not by a hair): decided when the clean votes and the
  // spacing of every block told by it agree.
  if (all.bottom > all.top && all.cleanBottom > all.cleanTop && all.nearBelow >= 2 && all.nearAbove === 0) return 'amountLast';
  if (all.datedNoMoney === 0 && all.top > all.bottom && all.cleanTop > all.cleanBottom && all.nearAbove >= 2 && all.nearBelow === 0) return 'amountFirst';
  return 'default';
}

/**
 * Whether a statement's rows wrap by width alone, `notices` of its dated lines aside (dated lines
 * with no amount that could have held the next line's first word): its other dated rows whose
 * amount came on a later line wrapped into it, at least three for each such line, and none broke
 * short of the column's width (a reference on a line of its own, as some banks print rows, breaks
 * short: then those dated lines are such rows' first lines, no notices).
 */
export function wrapsByWidth(v: AnchorVotes, notices: number): boolean {
  return v.datedNoMoney >= 2 && v.datedNoMoney >= 3 * notices && v.datedFits <= notices;
}
