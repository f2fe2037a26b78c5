/**
 * Whether a CSV export is the cash ledger of a brokerage account rather than a bank account's:
 * most of its rows are trades or distributions, by a type column of trade words, by
 * descriptions of a quantity bought or sold at a price, or by descriptions that open with a
 * broker's action. Its running balance still reconciles
 * like a bank account's; it is said to be an investment statement so that no one takes it for a
 * checking account.
 */
import { BROKERAGE_EXPORT_WORDS } from '../data/labels.js';

export interface BrokerageRow { description: string; type?: string }

const TYPES = new Set(BROKERAGE_EXPORT_WORDS.tradeTypes);
const verbs = BROKERAGE_EXPORT_WORDS.tradeVerbs.map((w) => w.replace(/ /g, '\\s+')).join('|');
// A trade as its description prints it: a verb, then a quantity at a price ("@ 98.35", "AT $12.10").
const TRADE = new RegExp(`\\b(?:${verbs})\\b.*?\\b\\d[\\d,.]*\\s+(?:shares?\\s+)?(?:@|at\\s)\\s*\\$?\\d`, 'i');

// Or a description that opens with one ("YOU BOUGHT ABCD", "SOLD 5 XYZ"): a broker's action.
const OPENS = new RegExp(`^\\s*(?:${BROKERAGE_EXPORT_WORDS.tradeOpenings.map((w) => w.replace(/ /g, '\\s+')).join('|')})\\b`, 'i');

const isTrade = (r: BrokerageRow) => (r.type !== undefined && TYPES.has(r.type.trim().toLowerCase())) || TRADE.test(r.description) || OPENS.test(r.description);

/** The evidence that the export is a brokerage account's (empty when it is not one). */
export function brokerageExportEvidence(rows: BrokerageRow[]): string[] {
  const trades = rows.filter(isTrade);
  if (trades.length < 2 || trades.length < rows.length / 2) return [];
  return [`${trades.length} of ${rows.length} rows are trades or distributions ("${trades[0]!.description}")`];
}
