import { compact, linesByPage, type Cell, type Line } from './lines.js';
import { isMoneyText } from './tokens.js';
import { isDate, hasFigure, isValues, overlaps } from './line-kinds.js';
import { headerColumns, sectionHeading } from './header-row.js';
import { dayOf } from './day-headings.js';
import { gluedBreaks, joinLines, type GluedBreaks } from './glued-breaks.js';

/**
 * A table that pads its rows says by its spacing which row a description line belongs to: a
 * row's own lines keep a description's line spacing, two rows stand further apart. Where the
 * description lines between two lines of figures fall into two runs, the first one line's
 * spacing under the figures above, the second one line's spacing over the figures below, a row's
 * gap between them, each run joins the line of figures it keeps the spacing of. WebKit
 * (wkhtmltopdf) draws a few rows of a table aligned to the rows' foot with their figures on their
 * first line ("FUNDKITE LLC COLLECTION 236113 | 2.068,25" over "Ref 4945727648"), and the line
 * under them was read, by the other rows' way, as the next row's first. Lines on one side only
 * are left to the wrap votes (./wrap-votes.ts), and so is a table that keeps one spacing
 * throughout (no padding): its spacing says nothing.
 */

/** A row's own lines lie within this multiple of the description's line spacing. */
const PITCH_TOLERANCE = 1.2;
/** Two rows' lines stand at least this multiple of the description's line spacing apart (their cells' padding). */
const ROW_GAP = 1.35;
/** Lines further apart than this, in the type's size, are no longer one table's. */
const MAX_GAP_EM = 2.5;
/** A description's lines stand at least this far apart, in the type's size (WebKit's lines drawn half a line off are no spacing). */
const MIN_PITCH_EM = 0.9;
/** The two lines' type sizes differ by at most this share (a reference under a description is set a little smaller). */
const SIZE_TOLERANCE = 0.2;


/** The line of figures with a run's lines joined: in a cell of its words in their column, else as cells of their own beside its figures; null where they would lie over its figures. */
function joined(values: Line, run: Line[], after: boolean, breaks: GluedBreaks): Line | null {
  const words = run.flatMap((l) => l.cells);
  const figures = values.cells.filter((c) => isMoneyText(c.text) || isDate(c));
  if (words.some((w) => figures.some((f) => overlaps(w, f)))) return null;
  const edge = Math.min(...run.map((l) => l.x0));
  // (Up to an em left of them: a cell cut off a date run into it starts where the date column
  // ends, not where its words were printed, ./glued-column-dates.ts.)
  const cell = values.cells.find((c) => !figures.includes(c) && c.x0 - edge <= 0.5 * values.size && edge - c.x0 <= values.size);
  let cells: Cell[];
  if (cell) {
    // (Joined as a description's lines are: a word broken after its hyphen is one word, ./glued-breaks.ts.)
    const text = joinLines([...(after ? [cell.text] : []), ...run.map((l) => l.cells.map((c) => c.text).join(' ')), ...(after ? [] : [cell.text])], breaks);
    const x0 = Math.min(cell.x0, edge), x1 = Math.max(cell.x1, ...run.map((l) => l.x1));
    const merged: Cell = { ...cell, text, x0, x1, parts: [{ text, x0, x1 }] };
    cells = values.cells.map((c) => (c === cell ? merged : c));
  } else {
    if (run.length > 1 || words.some((w) => values.cells.some((c) => overlaps(w, c)))) return null;
    cells = [...values.cells, ...words].sort((a, b) => a.x0 - b.x0);
  }
  const text = cells.map((c) => c.text).join('  ');
  return { ...values, cells, x0: Math.min(...cells.map((c) => c.x0)), x1: Math.max(...cells.map((c) => c.x1)), text, key: compact(text) };
}

/**
 * The description's spacing on a page whose rows' figures are set in the middle of their cells
 * (jsPDF's autoTable, valign middle), where a chain's least gap is half a line: a description of
 * two lines (its words over a reference) stands one line over and one line under its figures,
 * each half its spacing off them; one of three lines is printed on its figures' line, its other
 * lines a whole spacing over and under it. Measured on each line of figures with a line of words
 * right over and right under it, at like distances: their span, or (the figures' line holding
 * words of its own) one of them. The median of those; 0 where none is.
 */
function middlePitch(page: Line[], minPitch: number): number {
  const found: number[] = [];
  for (let k = 1; k + 1 < page.length; k++) {
    const values = page[k]!, over = page[k - 1]!, under = page[k + 1]!;
    if (!isValues(values) || isValues(over) || isValues(under)) continue;
    const up = values.y - over.y, down = under.y - values.y;
    if (Math.abs(up - down) > (PITCH_TOLERANCE - 1) * Math.min(up, down)) continue;
    const words = values.cells.some((c) => !isMoneyText(c.text) && !isDate(c) && [over, under].some((l) => l.cells.some((w) => overlaps(w, c))));
    const pitch = words ? Math.min(up, down) : up + down;
    if (pitch >= minPitch && pitch <= MAX_GAP_EM * values.size) found.push(pitch);
  }
  found.sort((a, b) => a - b);
  return found.length ? found[found.length >> 1]! : 0;
}

export function rowsBySpacing(lines: Line[]): Line[] {
  const pages = linesByPage(lines);
  const dropped = new Set<Line>();
  const replaced = new Map<Line, Line>();
  const current = (l: Line) => replaced.get(l) ?? l;
  let breaks: GluedBreaks | undefined;
  for (const page of pages.values()) {
    // The page's spacing where its figures stand half a line off their descriptions, found once asked.
    let middle: number | undefined;
    let i = page.findIndex(isValues);
    while (i >= 0) {
      let j = i + 1;
      while (j < page.length && !isValues(page[j]!)) j++;
      if (j >= page.length) break;
      const above = page[i]!, below = page[j]!, between = page.slice(i + 1, j);
      i = j;
      // (A heading of rows not posted yet, or of posted ones, heads a list: no row's words. Joined
      // to the pending list's first row under a day's last one, "Authorisations not yet posted"
      // and its note became that row's description, and the row a posted one.)
      if (!between.length || between.some((l) => dayOf(l) || headerColumns(l) || sectionHeading(l)?.pending !== undefined)) continue;
      const chain = [above, ...between, below];
      if (chain.some((l, k) => k > 0 && (l.y - chain[k - 1]!.y > MAX_GAP_EM * l.size || Math.min(l.size, chain[k - 1]!.size) < Math.max(l.size, chain[k - 1]!.size) * (1 - SIZE_TOLERANCE)))) continue;
      // The description's spacing: the chain's closest lines (a row's own).
      const gaps = chain.slice(1).map((l, k) => l.y - chain[k]!.y);
      const minPitch = MIN_PITCH_EM * Math.max(...chain.map((l) => l.size));
      let pitch = Math.min(...gaps);
      if (pitch < minPitch) pitch = (middle ??= middlePitch(page, minPitch));
      if (pitch < minPitch) continue;
      // Exactly one row's gap among them, every other gap one line's spacing.
      const wide = gaps.map((g, k) => (g > ROW_GAP * pitch ? k : -1)).filter((k) => k >= 0);
      if (wide.length !== 1 || gaps.some((g) => g > PITCH_TOLERANCE * pitch && g <= ROW_GAP * pitch)) continue;
      const cut = wide[0]!; // between chain[cut] and chain[cut + 1]
      const up = between.slice(0, cut), down = between.slice(cut);
      // Lines on one side only are a row printed as the table prints its rows, which the wrap
      // votes read (./wrap-votes.ts); joined here, every such row's lines would leave the votes.
      if (!up.length || !down.length) continue;
      breaks ??= gluedBreaks(lines.map((l) => [l.text]));
      const a = up.length ? joined(current(above), up, true, breaks) : current(above);
      const b = down.length ? joined(current(below), down, false, breaks) : current(below);
      if (!a || !b) continue;
      if (up.length) replaced.set(above, a);
      if (down.length) replaced.set(below, b);
      for (const l of between) dropped.add(l);
    }
  }
  if (!dropped.size) return lines;
  return lines.filter((l) => !dropped.has(l)).map(current);
}
