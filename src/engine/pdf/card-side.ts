/**
 * Which side a card statement's signed amounts are printed from, decided once for the statement
 * from scored evidence. Issuers print their own side: a charge owed unsigned (or "+"), a payment
 * or credit with a minus ("-$500.00"), so a minus is money in for the holder. Some print the
 * holder's side (purchases "-45.00"). The evidence, strongest first:
 * 1. the printed balances, then the printed side totals: when exactly one convention carries the
 *    opening balance to the closing one within the allowed difference, or else sums to the printed
 *    totals, it is the statement's (the caller, assemble.ts cardSide, tries both);
 * 2. rows under headings that give a direction: a minus under "Payments" says the issuer's side,
 *    a minus under "Purchases" the holder's;
 * 3. the rows' own words and their number, scored together: a row whose words say what it is
 *    ("AUTOPAY PAYMENT - THANK YOU" a payment, "INTEREST CHARGE ON PURCHASES" a charge) counts
 *    more when more than one word says it; one word counts little, as merchants print them
 *    ("PAYPAL *PAYMENTS", "CREDIT KARMA", "ZAHLUNG PARKHAUS" are charges: a single such charge
 *    used to turn every sign of a statement the other way); and a card's rows are mostly
 *    charges, so the mark most rows carry is the charges'.
 */
import { CARD_PAYMENT_WORDS, HEADING_WORDS } from '../data/labels.js';
import { wordSign } from './header-row.js';
import type { RawRow } from './rows.js';
import { withoutAccents } from '../text-fold.js';

/** Words a description may give each direction (whole words, lower case, accents folded). */
const CREDIT_CUES = [...new Set([...HEADING_WORDS.credit, ...HEADING_WORDS.cardCredit, ...CARD_PAYMENT_WORDS.payment, ...CARD_PAYMENT_WORDS.thanks])].map((w) => ` ${w} `);
// On a card "payment" is money in: it gives no debit cue.
const DEBIT_CUES = [...new Set([...HEADING_WORDS.debit, ...HEADING_WORDS.cardDebit])].filter((w) => !/^payments?$/.test(w)).map((w) => ` ${w} `);

/** How many distinct words of its direction a description prints (0 when its words name no one direction). */
function cueCount(description: string, sign: 1 | -1): number {
  const padded = ` ${withoutAccents(description.toLowerCase()).split(/[^a-z]+/).filter(Boolean).join(' ')} `;
  return (sign > 0 ? CREDIT_CUES : DEBIT_CUES).filter((w) => padded.includes(w)).length;
}

/**
 * How strongly a row's own words say its direction: more when more than one word says it
 * ("AUTOPAY PAYMENT - THANK YOU", "INTEREST CHARGE ON PURCHASES") than for one word ("FRAIS DE
 * RETARD", but also a merchant's "PAYPAL *PAYMENTS"); null when its words name no one direction.
 */
export function rowWords(description: string): { sign: 1 | -1; weight: number } | null {
  const said = wordSign(description, true);
  if (said !== 1 && said !== -1) return null;
  const n = cueCount(description, said);
  return n ? { sign: said, weight: n >= 2 ? MANY_WORDS : ONE_WORD } : null;
}

/**
 * The weights of the evidence, in rows: each row more of one mark than of the other counts 1
 * (a card's rows are mostly charges, about four in five); a row's one word for its direction
 * counts 2, and more than one word 3 (a description's words are right far more often than one
 * row's mark is a charge's, but a merchant's name may hold one).
 */
const ONE_WORD = 2, MANY_WORDS = 3;

/** What the headings, the rows' words and their number say, before any balance is tried. */
export interface CardSideEvidence {
  minusIsCredit: boolean;
  /** What decided it, for the record. */
  by: 'headings' | 'words and number';
}

/**
 * Headings decide when rows under them print marks. Else the rows' words and their number are
 * scored together (weights above): each row's words for its side, and each row the more common
 * mark carries beyond the other's for that mark being the charges'. A tie is the issuer's side,
 * the common one.
 */
export function cardSideEvidence(rows: RawRow[]): CardSideEvidence {
  let issuer = 0, holder = 0, minus = 0, bare = 0, issuerScore = 0, holderScore = 0;
  for (const r of rows) {
    const a = r.amount;
    if (!a || a.marker) continue;
    const neg = a.explicit && a.cents < 0;
    if (neg) minus++; else if (!a.explicit) bare++;
    const said = !r.sectionSign && (neg || !a.explicit) ? rowWords(r.description.join(' ')) : null;
    if (said) { if (neg === (said.sign > 0)) issuerScore += said.weight; else holderScore += said.weight; }
    if (!a.explicit || !r.sectionSign) continue;
    if ((a.cents < 0) === (r.sectionSign > 0)) issuer++; else holder++;
  }
  if (issuer || holder) return { minusIsCredit: holder <= issuer, by: 'headings' };
  if (minus > bare) holderScore += minus - bare; else issuerScore += bare - minus;
  return { minusIsCredit: holderScore <= issuerScore, by: 'words and number' };
}

/** Rows whose sign the convention decides (no CR/DR, no type word, not signed by a heading when unmarked). */
export function sideDependent(r: RawRow, typeSigned: boolean): boolean {
  const a = r.amount;
  if (!a || r.debit || r.credit || a.marker || typeSigned) return false;
  return a.explicit || !r.sectionSign;
}
