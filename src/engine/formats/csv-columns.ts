/**
 * The header names a CSV export uses for each column role, as data. Names are compared after
 * `normalizeHeader` (lower case, accents removed, punctuation → spaces). For each role the
 * patterns are tried in order and the first one that matches some column wins, so put the
 * most specific spelling first. Add a bank's spelling here, with a test by example.
 */
import { withoutAccents } from '../text-fold.js';

export type ColumnRole = 'date' | 'amount' | 'debit' | 'credit' | 'balance' | 'description' | 'memo' | 'type' | 'check' | 'account' | 'currency' | 'status' | 'fee';

/** Where each role sits in a file's rows, by the header or inferred from the values (./csv-infer.ts). */
export interface CsvLayout {
  headerIndex: number;        // -1 when the file has no header row
  header: string[];
  roles: Partial<Record<ColumnRole, number>>;
  memo: number[];
}

export const COLUMN_PATTERNS: Record<ColumnRole, RegExp[]> = {
  date: [
    /^date$/, /^(posted|posting|post|booking|book) date$/, /^buchungstag$/, /^buchungsdatum$/, /^datum$/,
    /^fecha( operacion| contable)?$/, /^data( operazione| contabile| movimento)?$/, /^date (operation|comptable|de comptabilisation)$/,
    /^(transaction|trans|txn) date$/, /^journal ?date$/, /^created( utc)?$/, /^completed date$/,
    /^value ?date$/, /^wertstellung$/, /^date de valeur$/, /^fecha valor$/, /\bdate\b/,
  ],
  amount: [
    /^amount$/, /^(transaction )?amount( [a-z]{3})?$/, /^(betrag|bedrag)( [a-z]{3})?$/, /^umsatz$/, /^importe( [a-z]{3})?$/, /^montant( [a-z]{3})?$/,
    /^importo$/, /^valor$/, /^net ?amount$/, /^value$/, /^amount \w+$/,
  ],
  debit: [
    /^debit( amount)?$/, /^debits$/, /^withdrawals?( amount)?$/, /^(money|paid|amount) out$/, /^soll$/, /^cargo$/, /^ausgang$/, /^uscite$/,
    /^debit [a-z]{3}$/,
  ],
  credit: [
    /^credit( amount)?$/, /^credits$/, /^deposits?( amount)?$/, /^(money|paid|amount) in$/, /^haben$/, /^abono$/, /^eingang$/, /^entrate$/,
    /^credit [a-z]{3}$/,
  ],
  balance: [
    /^(running )?balance$/, /^runningbalance$/, /^(running )?bal$/, /^balance [a-z]{3}$/, /^kontostand( [a-z]{3})?$/, /^saldo( na mutatie)?( [a-z]{3})?$/, /^solde( [a-z]{3})?$/, /^(ledger|available|account) balance$/,
  ],
  description: [
    /^description$/, /^desc$/, /^transaction description$/, /^details?$/, /^narrative$/, /^description 1$/,
    /^(payee|merchant|partner|counterparty|beneficiary) ?(name)?$/, /^name$/, /^auftraggeber empfanger$/, /^empfanger$/,
    /^concepto$/, /^libelle$/, /^(naam )?omschrijving$/, /^descrizione$/, /^original description$/,
  ],
  memo: [
    /^memo$/, /^notes?$/, /^reference$/, /^payment reference$/, /^reason$/, /^verwendungszweck$/, /^buchungstext$/,
    /^additional description$/, /^description \d$/, /^mededelingen$/, /^vwz\d+$/, /^original description$/,
  ],
  // A column that says debit or credit before a generic "Type" (which may hold POS, Check, Deposit …).
  type: [/^dr cr$/, /^cr dr$/, /^debit credit( indicator)?$/, /^credit debit( indicator)?$/, /^d c$/, /^soll haben$/, /^af bij$/, /^(transaction )?type$/,
    // A broker's "Action" ("Buy", "YOU BOUGHT …"): the kind of row, and its description where no other column gives one.
    /^action$/],
  check: [/^check ?(number|no|num|#)?$/, /^check or slip ?#?$/, /^chk ?#?$/, /^checknumber$/, /^cheque ?(number|no)?$/],
  account: [
    /^account( name| number| no)?$/, /^acct( no| number)?$/, /^kontonummer$/, /^konto$/, /^iban$/, /^card( no| number| used for transaction)?$/,
    /^produit$/, /^cuenta$/, /^rekening$/,
  ],
  currency: [/^(currency|ccy|monn|wahrung|moneda|devise|valuta)$/],
  status: [/^(transaction )?(status|state)$/, /^estado$/, /^statut$/],
  // A fee charged with the row, apart from its amount (the balance moves by both).
  fee: [/^(transaction )?fees?( amount)?$/, /^commission$/, /^fees? (and )?comm(ission)?s?$/, /^gebuhr(en)?$/, /^frais$/, /^comision$/, /^commissione$/, /^kosten$/],
};

/**
 * Values of a status column for rows that moved no money (a transfer that failed, a card
 * authorisation still pending): such rows are set aside, named in a hint. Compared whole,
 * lower case. ("Reverted": undone before it posted, as a wallet's export marks it; "Reversed"
 * and "Returned" stay, their reversal being a row of its own.)
 */
export const NOT_POSTED_STATUSES = ['failed', 'cancelled', 'canceled', 'declined', 'rejected', 'void', 'voided', 'pending', 'expired', 'blocked', 'authorized', 'authorised', 'reverted'];

export function normalizeHeader(h: string): string {
  return withoutAccents(h).toLowerCase().replace(/[^a-z0-9#]+/g, ' ').trim();
}

/**
 * Column index of each role in a header row (-1 when absent). Memo may name several columns.
 * A column is given at most one role; roles are resolved in a fixed order.
 */
export function mapColumns(header: string[]): { roles: Partial<Record<ColumnRole, number>>; memo: number[] } {
  const names = header.map(normalizeHeader);
  const taken = new Set<number>();
  const roles: Partial<Record<ColumnRole, number>> = {};
  const order: ColumnRole[] = ['date', 'debit', 'credit', 'amount', 'balance', 'check', 'type', 'account', 'currency', 'status', 'fee', 'description'];
  for (const role of order) {
    for (const re of COLUMN_PATTERNS[role]) {
      const idx = names.findIndex((n, i) => !taken.has(i) && re.test(n));
      if (idx >= 0) { roles[role] = idx; taken.add(idx); break; }
    }
  }
  const memo: number[] = [];
  names.forEach((n, i) => {
    if (!taken.has(i) && COLUMN_PATTERNS.memo.some((re) => re.test(n))) memo.push(i);
  });
  return { roles, memo };
}
