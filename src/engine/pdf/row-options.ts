/**
 * How rows.ts reads a statement's tables: the document's date order, languages and decimal mark,
 * its running heads and feet, whether it is a card's and read by OCR, and what its earlier
 * statements told (votes on how rows wrap, implied heads).
 */
import type { Lang } from '../data/labels.js';
import type { ImpliedHeads } from './implied-header.js';
import type { AnchorVotes } from './wrap-votes.js';

export interface RowOptions {
  dmy: boolean;
  langs: Lang[];
  decimalComma: boolean;
  /** Lines printed on most pages (headers/footers): ignored inside tables. */
  boilerplate: Set<string>;
  noneedalphas: boolean;
  card?: boolean;
  /** Read from OCR pages: heads garbled by OCR may be matched loosely when no table is found otherwise. */
  ocr?: boolean;
  /** The pages read by OCR (a document may mix them with text pages, whose print is as printed). */
  ocrPages?: ReadonlySet<number>;
  /** The document's language: on OCR pages, whose month names a date cell may hold misread (./misread-dates.ts). */
  language?: Lang;
  /** Set by readTables on its second reading of an OCR statement that found no table. */
  fuzzyHeads?: boolean;
  /** Votes of the document's earlier statements (added to here): one file, one way of wrapping rows. */
  anchorVotes?: AnchorVotes;
  /** Heads implied by the document's earlier statement with none printed (./implied-header.ts), added to here. */
  impliedHeads?: ImpliedHeads;
}
