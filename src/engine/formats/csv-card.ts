/**
 * Whether a CSV export is a credit card's, from evidence, for files not declared one
 * (accounttype Bank or autoDetect): a header naming the card member (+2) or a card number (+1;
 * +2 when it is filled on every row, money in and out: the account's own number) or the card
 * used on each row (+1; +2 filled on every row), a column of merchants (+1),
 * a card payment thanked for (+2), a type column of sales (+1), a running balance (−1: card
 * exports print none, bank exports mostly do). Two points make a card. And which side its
 * amounts are printed from: a card's payments are money in for the holder, so payments printed
 * negative say the charges are printed positive (the issuer's side), and the signs are turned.
 */
import { CARD_EXPORT_HEADS, CARD_PAYMENT_WORDS } from '../data/labels.js';
import { normalizeHeader } from './csv-columns.js';

export interface CardRow { description: string; amount: number; type?: string }

const words = (list: string[]) => new RegExp(`\\b(?:${list.map((w) => w.replace(/ /g, '\\s+')).join('|')})\\b`, 'i');
const PAYMENT = words(CARD_PAYMENT_WORDS.payment);
const THANKS = words(CARD_PAYMENT_WORDS.thanks);
const HOLDER = new Set(CARD_EXPORT_HEADS.holder);
const NUMBER = new Set(CARD_EXPORT_HEADS.number);
const SALE = new Set(CARD_EXPORT_HEADS.saleTypes);
const USED = new Set(CARD_EXPORT_HEADS.used);
const MERCHANT = new Set(CARD_EXPORT_HEADS.merchant);

/** A card's payment as its issuer words it. */
export const isCardPayment = (description: string): boolean => PAYMENT.test(description) && THANKS.test(description);

/** The card-used column of a file (CARD_EXPORT_HEADS.used), and whether every row names a card in it. */
export interface UsedCards { column: number; everyRow: boolean }

/** The column naming the card used on each row ("Card Used For Transaction"), if the header has one. */
export function usedCardColumn(header: string[]): number | undefined {
  const i = header.findIndex((h) => USED.has(normalizeHeader(h)));
  return i >= 0 ? i : undefined;
}

/** Every piece of evidence of a card export, with its score (two points make a card). */
export function cardExportScore(header: string[], rows: CardRow[], hasBalance: boolean, accountColumn?: number, used?: UsedCards): { score: number; evidence: string[] } {
  const heads = header.map((h) => normalizeHeader(h));
  const evidence: string[] = [];
  let score = 0;
  const holder = header.find((_, i) => HOLDER.has(heads[i]!));
  if (holder) { score += 2; evidence.push(`a "${holder.trim()}" column`); }
  const number = header.find((_, i) => NUMBER.has(heads[i]!));
  // Kept as the account column, the card number is on every row (csv.ts drops it when only
  // some rows carry it: a bank export's debit-card purchases); on money in as well as out, it
  // is the account's own number, as a card issuer's export prints it and a bank's does not.
  const everyRow = number !== undefined && accountColumn !== undefined && header[accountColumn] === number
    && rows.some((r) => r.amount > 0) && rows.some((r) => r.amount < 0);
  if (!holder && number) { score += everyRow ? 2 : 1; evidence.push(everyRow ? `a "${number.trim()}" column on every row, money in and out` : `a "${number.trim()}" column`); }
  // The card used on every row: an issuer's export of the account's cards (a bank's names its debit card on card rows only).
  if (!holder && used) { score += used.everyRow ? 2 : 1; evidence.push(`a "${header[used.column]!.trim()}" column${used.everyRow ? ' filled on every row' : ''}`); }
  const merchant = header.find((_, i) => MERCHANT.has(heads[i]!));
  if (merchant) { score += 1; evidence.push(`a "${merchant.trim()}" column`); }
  const paid = rows.filter((r) => isCardPayment(r.description));
  if (paid.length) { score += 2; evidence.push(`${paid.length === 1 ? 'a payment' : `${paid.length} payments`} thanked for ("${paid[0]!.description}")`); }
  const sales = rows.filter((r) => r.type && SALE.has(r.type.trim().toLowerCase())).length;
  if (sales >= Math.max(1, rows.length * 0.3)) { score += 1; evidence.push(`a type column of sales`); }
  if (hasBalance) { score -= 1; if (evidence.length) evidence.push('but a running balance, as bank exports print'); }
  return { score, evidence };
}

/**
 * Whether a card's single amount column prints charges positive (the issuer's side), to be
 * turned to the holder's: told by its thanked-for payments where there are any (printed
 * negative: the issuer's side), else by its rows, which are mostly charges. `by` says which:
 * rows of one sign only, with no payment among them, settle nothing but that count.
 */
export function chargeSide(rows: CardRow[]): { positive: boolean; by: 'payments' | 'count' } {
  const paid = rows.filter((r) => isCardPayment(r.description) && r.amount !== 0);
  if (paid.length) return { positive: paid.filter((r) => r.amount < 0).length > paid.length / 2, by: 'payments' };
  return { positive: rows.filter((r) => r.amount > 0).length > rows.length / 2, by: 'count' };
}
