/**
 * Currency codes a statement may print on its own ("Currency: KES", "Amount (AED)") and the
 * words that label an account's currency. Data, not logic (pdf/currency.ts counts them). Codes
 * that are also common words or abbreviations (ALL, TOP, CUP, MOP, BAM, PHP) are left out: a
 * statement in those currencies says so with its symbol or its bank.
 */
export const CURRENCY_CODES = [
  'GBP', 'EUR', 'USD', 'NZD', 'AUD', 'CAD', 'INR', 'SGD', 'CHF', 'BRL', 'ZAR', 'HKD', 'JPY', 'MXN', 'LAK',
  'KES', 'NGN', 'GHS', 'UGX', 'TZS', 'RWF', 'ZMW', 'BWP', 'NAD', 'MUR', 'EGP', 'MAD', 'TND', 'XOF', 'XAF',
  'AED', 'SAR', 'QAR', 'KWD', 'BHD', 'OMR', 'JOD', 'ILS', 'TRY', 'PKR', 'BDT', 'LKR', 'NPR',
  'MYR', 'THB', 'IDR', 'VND', 'KRW', 'CNY', 'RMB', 'TWD',
  'SEK', 'NOK', 'DKK', 'ISK', 'PLN', 'CZK', 'HUF', 'RON', 'BGN', 'RSD', 'UAH',
  'COP', 'CLP', 'PEN', 'ARS', 'UYU', 'JMD', 'TTD', 'BBD', 'BSD', 'DOP', 'GTQ', 'CRC',
];

/**
 * The word printed right before an exchange rate's figure on a foreign purchase's line ("USD
 * 12.00 RATE 1.2345", "92,47 CHF TAUX 1,3770", "ORIGINALBETRAG 42,09 CAD KURS 0,6615", "CAMBIO",
 * "TIPO DE CAMBIO", "TAXA", "KOERS"): the codes on such a line are the purchase's, not the account's.
 */
export const FX_RATE_WORDS = ['rate', 'taux', 'change', 'kurs', 'wechselkurs', 'cambio', 'câmbio', 'tipo', 'taxa', 'koers', 'wisselkoers'];

/** Labels before the account's currency code ("Currency: KES", "Moneda: MXN", "Währung: EUR"). */
export const CURRENCY_LABELS = ['currency', 'account currency', 'moneda', 'divisa', 'währung', 'wahrung', 'devise', 'moeda', 'valuta', 'munteenheid'];

/**
 * Words of a sentence that says what a statement's amounts are in ("All amounts are in CAD.",
 * "Montants exprimés en EUR", "Beträge in CHF"), matched with accents folded: its code is the
 * account's, where a notice's ("Incoming wires in EUR are credited …", "Foreign currency payments
 * in EUR …") is not. Only words for the amounts themselves: "currency" is as often a notice's.
 */
export const CURRENCY_DECLARATION_WORDS = [
  'amounts', 'figures', 'denominated', 'montants', 'importes', 'betrage', 'bedragen', 'valores', 'importi',
];

/**
 * Currencies of countries that print dates day first. A statement whose own dates do not tell
 * D-M-Y from M-D-Y (no day above 12) but whose amounts are in one of these is read day first;
 * both the CSV and the PDF readers use this table. The US dollar, the Canadian dollar (both
 * orders are printed there) and currencies of month-first countries are not in it.
 */
export const DAY_FIRST_CURRENCIES: ReadonlySet<string> = new Set(['EUR', 'GBP', 'INR', 'CHF', 'BRL', 'AUD', 'NZD', 'ZAR', 'SGD', 'HKD']);
