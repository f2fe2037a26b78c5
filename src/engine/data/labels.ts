/**
 * Label spellings the PDF engine looks for, per language. Data, not logic. Every label is
 * compared after "compacting" the page text: lower case, accents removed, everything but
 * letters dropped, so letter-spaced print ("Ope ning Balance") and punctuation never matter.
 * Write labels here in plain words; the engine compacts them the same way.
 */
export type Lang = 'en' | 'es' | 'fr' | 'de' | 'pt' | 'it' | 'nl';

/** Month names and abbreviations (index 0 = January). */
export const MONTHS: Record<Lang, string[][]> = {
  en: [['january', 'jan'], ['february', 'feb'], ['march', 'mar'], ['april', 'apr'], ['may'], ['june', 'jun'], ['july', 'jul'], ['august', 'aug'], ['september', 'sept', 'sep'], ['october', 'oct'], ['november', 'nov'], ['december', 'dec']],
  es: [['enero', 'ene'], ['febrero', 'feb'], ['marzo', 'mar'], ['abril', 'abr'], ['mayo', 'may'], ['junio', 'jun'], ['julio', 'jul'], ['agosto', 'ago'], ['septiembre', 'setiembre', 'sep', 'set'], ['octubre', 'oct'], ['noviembre', 'nov'], ['diciembre', 'dic']],
  fr: [['janvier', 'janv', 'jan'], ['fevrier', 'fevr', 'fev'], ['mars', 'mar'], ['avril', 'avr'], ['mai'], ['juin'], ['juillet', 'juil'], ['aout', 'aou'], ['septembre', 'sept', 'sep'], ['octobre', 'oct'], ['novembre', 'nov'], ['decembre', 'dec']],
  de: [['januar', 'jan', 'janner'], ['februar', 'feb'], ['marz', 'maerz', 'mrz', 'mar'], ['april', 'apr'], ['mai'], ['juni', 'jun'], ['juli', 'jul'], ['august', 'aug'], ['september', 'sept', 'sep'], ['oktober', 'okt'], ['november', 'nov'], ['dezember', 'dez']],
  pt: [['janeiro', 'jan'], ['fevereiro', 'fev'], ['marco', 'mar'], ['abril', 'abr'], ['maio', 'mai'], ['junho', 'jun'], ['julho', 'jul'], ['agosto', 'ago'], ['setembro', 'set'], ['outubro', 'out'], ['novembro', 'nov'], ['dezembro', 'dez']],
  nl: [['januari', 'jan'], ['februari', 'feb'], ['maart', 'mrt', 'mar'], ['april', 'apr'], ['mei'], ['juni', 'jun'], ['juli', 'jul'], ['augustus', 'aug'], ['september', 'sept', 'sep'], ['oktober', 'okt'], ['november', 'nov'], ['december', 'dec']],
  it: [['gennaio', 'gen'], ['febbraio', 'feb'], ['marzo', 'mar'], ['aprile', 'apr'], ['maggio', 'mag'], ['giugno', 'giu'], ['luglio', 'lug'], ['agosto', 'ago'], ['settembre', 'set'], ['ottobre', 'ott'], ['novembre', 'nov'], ['dicembre', 'dic']],
};

/** Every language whose month names are known (a date read with no language given). */
export const ALL_LANGS = Object.keys(MONTHS) as Lang[];

/** What a column header word means. */
export type ColumnKind = 'date' | 'description' | 'debit' | 'credit' | 'amount' | 'balance' | 'check' | 'type' | 'ref' | 'principal' | 'other';

/**
 * Heads of two date columns: a posting (booking) date and a transaction date. A table whose
 * first date column is a posting date and whose next one the transaction's ("Post Date | Trans
 * Date") dates its rows by the second; "Booking Date | Value Date" (no transaction head) by the
 * first, as always. Compacted heads (letters only, lower case).
 */
export const DATE_HEADS = {
  posting: ['post date', 'posting date', 'posted', 'date posted', 'buchungsdatum', 'buchung', 'buchungstag', 'fecha valor', 'f valor', 'date d inscription', 'date de valeur', 'date valeur', 'data contabile', 'data registrazione', 'data lancamento', 'data de lancamento', 'data valor', 'boekdatum', 'boekingsdatum', 'verwerkingsdatum'],
  transaction: ['trans date', 'trans. date', 'transaction date', 'trans dt', 'txn date', 'tran date', 'fecha operacion', 'f operacion', 'fecha oper', 'date de transaction', 'date ope', 'date operation', 'date d operation', 'belegdatum', 'kaufdatum', 'umsatzdatum', 'data operazione', 'data acquisto', 'data movimento', 'data transacao', 'data da transacao', 'data da compra', 'transactiedatum', 'aankoopdatum'],
};

/** Column header words by kind (all languages together; a header is recognised by its words). */
export const COLUMN_WORDS: Record<ColumnKind, string[]> = {
  date: ['date', 'received by us', 'date received', 'posting date', 'post date', 'posted', 'trans date', 'transaction date', 'date posted', 'date paid', 'value date', 'fecha', 'datum', 'data', 'buchungstag', 'wertstellung', 'buchungsdatum', 'valuta', 'date operation', 'date de valeur', 'buchung', 'wert', 'buchungsdatum', 'data operazione', 'data acquisto', 'data valuta', 'data movimento', 'data lancamento', 'fecha operacion', 'fecha valor', 'boekdatum', 'rentedatum', 'txn date', 'tran date', 'value dt', 'trans dt', 'valeur', 'date valeur', 'f operacion', 'f valor', 'fecha oper', 'f oper', 'data contabile', 'data registrazione', 'boekingsdatum', 'valutadatum', 'fecha liq', 'fecha liquidacion', 'fecha oper', 'posting date', 'verbuchungsdatum', 'buchungs datum', 'umsatzdatum', 'process date', 'processed date', 'date processed', 'booking date', 'date ope', 'date doperation', 'data lanc', 'data mov', 'effective date',
    // Card statements: the purchase date and the posting date.
    'belegdatum', 'kaufdatum', 'date de transaction', 'date d inscription', 'date dinscription', 'date de la transaction', 'fecha de operacion',
    'data da transacao', 'data da compra', 'data de lancamento', 'data valor', 'transactiedatum', 'aankoopdatum', 'verwerkingsdatum'],
  description: ['descrizione operazione', 'esercente', 'description', 'details', 'transaction description', 'payment type and details', 'transaction details', 'merchant name or transaction description', 'transaction', 'memo', 'narrative', 'particulars', 'concepto', 'descripcion', 'libelle', 'verwendungszweck', 'buchungstext', 'descricao', 'descrizione', 'causale', 'description of transaction', 'vorgang', 'buchungsinformation', 'vorgang buchungsinformation', 'operation', 'operations', 'historico', 'lancamento', 'omschrijving', 'mededelingen', 'naam omschrijving', 'remarks', 'commercant', 'comercio', 'narration', 'transaction remarks', 'other party', 'payee', 'merchant', 'beschreibung', 'empfanger', 'auftraggeber empfanger', 'zahlungsempfanger', 'omschrijving mededelingen', 'libelle de loperation', 'descrizione operazione', 'estabelecimento', 'beschrijving', 'winkelier'],
  debit: ['debits', 'debit', 'withdrawals', 'withdrawal', 'withdrawals debits', 'withdrawals and debits', 'withdrawals subtractions', 'subtractions', 'paid out', 'money out', 'payments out', 'checks and other debits', 'charges', 'cargos', 'cargo', 'debe', 'debit eur', 'soll', 'lastschrift', 'ausgang', 'debito', 'dare', 'addebiti', 'uscite', 'af', 'debet', 'withdrawal amt', 'withdrawal amount', 'debit amount', 'dr', 'retraits', 'sorties', 'saidas', 'retiros', 'debitos', 'belastung', 'purchases'],
  credit: ['credits', 'credit', 'deposits', 'deposit', 'deposits credits', 'deposits and credits', 'deposits additions', 'additions', 'paid in', 'money in', 'payments in', 'deposits and other credits', 'abonos', 'abono', 'haber', 'haben', 'gutschrift', 'eingang', 'credito', 'avere', 'accrediti', 'entrate', 'bij', 'deposit amt', 'deposit amount', 'credit amount', 'cr', 'versements', 'entradas', 'lodgements', 'depositos', 'creditos', 'payments credits', 'payments and credits'],
  amount: ['amount', 'amount usd', 'amount gbp', 'amount eur', 'transaction amount', 'importe', 'montant', 'betrag', 'betrag eur', 'umsatz', 'valor', 'importo', 'bedrag', 'montante', 'amount nzd', 'amount aud', 'amount inr', 'total amount', 'net amount', 'dollar amount',
    // A loan's instalment paid (principal, interest and fees together).
    'cuota', 'echeance', 'ratenbetrag', 'zahlung', 'prestacao', 'rata', 'termijn'],
  balance: ['balance', 'running balance', 'ending daily balance', 'daily balance', 'ledger balance', 'saldo', 'solde', 'kontostand', 'closing balance', 'balance due', 'principal balance', 'loan balance', 'outstanding principal', 'principal balance outstanding', 'capital pendiente', 'capital restant du', 'restschuld', 'saldo devedor', 'debito residuo', 'saldo operacion', 'saldo liquidacion', 'saldo disponible', 'saldo contable',
    // A daily-balance table's balance head (its table has no amounts: rows.ts keeps it aside).
    'ending balance', 'saldo final', 'saldo disponivel', 'solde du jour', 'eindsaldo', 'dagsaldo', 'tagessaldo'],
  /**
   * A loan table's principal column: what moves the principal balance, so it is the row's
   * amount; the total paid beside it ("Amount", "Payment") then splits into it and the columns
   * of `other` (interest, fees, escrow), whose money is no part of the balance's movement.
   */
  principal: ['principal', 'principal amount', 'principal paid', 'to principal', 'applied to principal', 'principal portion', 'amortizacion', 'capital amortizado', 'capital amorti', 'tilgung', 'amortizacao', 'quota capitale', 'aflossing'],
  other: ['interest', 'interest paid', 'to interest', 'applied to interest', 'interest portion', 'late fees', 'late charges', 'fees paid', 'escrow', 'escrow amount',
    // A loan table's interest and late-fee columns in Spanish, French, German, Portuguese, Italian and Dutch.
    'intereses', 'interets', 'zinsen', 'gastos de demora', 'frais de retard', 'verzugsgebuhren', 'juros', 'quota interessi', 'rente', 'encargos de mora', 'penali di mora', 'boeterente',
    // A card's foreign-currency figures: the spend abroad, not the amount charged.
    'foreign amount', 'foreign currency', 'foreign currency amount', 'amount in foreign currency', 'original amount', 'original currency', 'fx amount', 'exchange rate', 'conversion rate', 'betrag in fremdwahrung', 'fremdwahrung', 'devise dorigine', 'montant en devise'],
  check: ['check', 'check no', 'check number', 'check nr', 'cheque', 'cheque no', 'number', 'no', 'serial', 'serial no', 'serial number', 'check serial'],
  ref: [
    // A serial-number column counting the rows ("S.No.", "Sl No", "Lfd. Nr."): no part of a description.
    's no', 'sl no', 'sr no', 'lfd nr', 'nr', 'volgnr',
    'ref', 'ref number', 'ref no', 'reference', 'reference number', 'trace number', 'confirmation', 'units', 'unit price', 'price', 'quantity', 'qty', 'shares', 'chq ref no', 'chq no', 'ref chq no', 'referencia', 'folio', 'no de referencia', 'referenz', 'riferimento', 'n riferimento', 'documento', 'docto', 'n documento', 'init br', 'branch', 'branch code', 'br code', 'sol id', 'beleg nr', 'n doc', 'no doc', 'referentie', 'kenmerk', 'n autorizacao', 'autorizacao', 'n de reference', 'numero de reference', 'n operacion', 'no operacion', 'numero de operacion'],
  /** Also a column whose word alone gives a row's direction ("Af/Bij", "D/C", "Cr/Dr"): see TYPE_SIGN_WORDS. */
  type: ['type', 'tran type', 'transaction type', 'tipo', 'category', 'categoria', 'kategorie', 'categorie', 'af bij', 'bij af', 'd c', 'c d', 'cr dr', 'dr cr', 's h', 'd h',
    // A payment-type column of codes ("DD", "SO", "FPI"; "PRLV", "CB"; "LAST", "GUT"; "BA", "OV").
    'payment type', 'tipo operacion', 'tipo de operacion', 'nature', 'natureza', 'art', 'buchungsart', 'vorgangsart', 'umsatzart', 'causale abi', 'code', 'soort', 'transactiecode'],
};

/**
 * Heads that name a column only as a cell of their own: a check table's "Paid" over the dates
 * ("Check # | Paid | Amount"). Inside a longer head ("Amount Paid", "Interest Paid") the word is
 * no column of its own, so these are never matched word by word.
 */
export const LONE_CELL_HEADS: { kind: ColumnKind; words: string[] }[] = [
  { kind: 'date', words: ['paid'] },
  // "N°", "N.", "#" over a column of numbers: a check's or a row's serial number (pdf/serial-numbers.ts
  // tells them apart). A head of marks only ("#") is matched as printed.
  { kind: 'check', words: ['n', '#'] },
];

/**
 * One column's head naming both directions of a card's money, its parts joined by "/", "&" or
 * "and" ("Charges/Credits", "Debits & Credits"): an amount column whose figures carry their own
 * marks. Parts compared compacted, in order. (A bank's bare "Debit/Credit" is left unread: the
 * screens of an online-banking guide print it over unsigned transfers.)
 */
export const BOTH_WAYS_HEADS: [string, string][] = [['charges', 'credits'], ['debits', 'credits'], ['purchases', 'credits'], ['charges', 'payments'], ['purchases', 'payments']];

/**
 * Balance labels that say only "balance on <date>" ("Solde au 28 février 2002", "Saldo al
 * 31/01"): opening or closing by where they stand — before the statement's first transaction
 * row the opening, after it the closing (pdf/rows.ts). Matched at the start of the line's
 * letters, followed by nothing but a month name.
 */
export const DATED_BALANCE_LABELS = ['solde au', 'solde le', 'saldo al', 'saldo a', 'saldo em', 'saldo per', 'saldo op', 'kontostand am', 'saldo am', 'balance as at', 'balance as of', 'balance on'];

/** Balance labels of the summary block and of table rows that are not transactions. */
export const BALANCE_LABELS = {
  opening: ['previous principal balance', 'beginning principal balance', 'principal balance forward', 'beginning balance', 'opening balance', 'previous balance', 'starting balance', 'balance brought forward', 'brought forward', 'balance forward', 'balance last statement', 'beginning balance on', 'balance at start of period', 'start balance', 'saldo anterior', 'saldo inicial', 'solde precedent', 'ancien solde', 'solde initial', 'alter kontostand', 'anfangssaldo', 'saldo iniziale', 'saldo precedente', 'opening balance b f', 'balance b f', 'beginsaldo', 'vorig saldo', 'saldo inicial', 'saldo vorher', 'saldo alt', 'saldovortrag', 'saldo vortrag', 'solde anterieur', 'solde debut', 'saldo inicio', 'suma anterior', 'saldo de la vuelta', 'solde reporte', 'ubertrag von seite', 'saldo transportado', 'saldo riportato', 'overgebracht saldo',
    // Card summaries.
    'capital pendiente anterior', 'capital restant du precedent', 'restschuld alt', 'saldo devedor anterior', 'debito residuo precedente', 'vorige restschuld',
    'previous statement balance', 'solde du releve precedent', 'saldo vormonat', 'saldo der letzten abrechnung', 'alter saldo', 'vorheriger saldo', 'saldo del extracto anterior', 'saldo estratto conto precedente', 'total da fatura anterior', 'saldo vorig overzicht'],
  closing: ['new principal balance', 'ending principal balance', 'current principal balance', 'ending balance', 'closing balance', 'new balance', 'balance carried forward', 'carried forward', 'ending balance on', 'balance this statement', 'balance at end of period', 'end balance', 'saldo final', 'saldo actual', 'nouveau solde', 'solde final', 'neuer kontostand', 'endsaldo', 'saldo finale', 'closing balance c f', 'balance c f', 'eindsaldo', 'nieuw saldo', 'saldo neu', 'saldo atual', 'suma y sigue', 'saldo a la vuelta', 'solde a reporter', 'zwischensaldo', 'saldo a transportar', 'saldo da riportare', 'saldo over te brengen',
    // Card summaries.
    'capital pendiente actual', 'nouveau capital restant du', 'restschuld neu', 'saldo devedor atual', 'nuovo debito residuo', 'nieuwe restschuld',
    'new balance total', 'statement balance', 'neuer saldo', 'nuevo saldo', 'saldo attuale', 'nuovo saldo', 'novo saldo', 'total desta fatura', 'huidig saldo'],
};

/**
 * Balance labels (of BALANCE_LABELS) that carry a balance over a page or a section ("Balance c/f",
 * "Suma y sigue", "Saldo da riportare"): a page's figure there is no summary's closing, however
 * it stands, so it never replaces one (pdf/assemble.ts, two printed closings).
 */
export const CARRIED_BALANCE_LABELS = ['balance carried forward', 'carried forward', 'closing balance c f', 'balance c f', 'suma y sigue', 'saldo a la vuelta', 'solde a reporter', 'zwischensaldo',
  'saldo a transportar', 'saldo da riportare', 'saldo over te brengen', 'balance brought forward', 'brought forward', 'balance forward', 'opening balance b f', 'balance b f', 'saldo transportado',
  'saldo riportato', 'overgebracht saldo', 'solde reporte', 'ubertrag von seite', 'saldo de la vuelta', 'suma anterior'];

/**
 * The short words of a page break's carried balance ("Report", "A reporter", "Übertrag",
 * "Transport", "Riporto"): a balance carried over only as the whole label of a line whose one
 * figure stands under the balance column (elsewhere "TRANSPORT" may be a row's description).
 * Compacted (letters only, lower case).
 */
export const CARRY_LABELS = ['report', 'a reporter', 'ubertrag', 'uebertrag', 'vortrag', 'transport', 'transporte', 'a transportar', 'riporto', 'a riportare', 'a reportar'];

/** Summary-block total labels (a line with one of these and an amount gives a printed total). */
export const TOTAL_LABELS = {
  credits: ['total deposits and additions', 'total deposits', 'total credits', 'total deposits and other credits', 'deposits and additions', 'deposits and other credits', 'payments in', 'paid in', 'money in', 'total additions', 'deposits credits', 'deposits and credits', 'total payments and credits', 'payments and credits', 'payments and other credits', 'summe zahlungseingange', 'summe haben', 'total des credits', 'total credit', 'totale avere', 'total creditos', 'total abonos', 'total deposits credits', 'total haber', 'summe gutschriften', 'total de creditos', 'totale accrediti', 'totaal bij', 'totaal credit',
    // Card section totals.
    'total payments and other credits', 'total pagos y abonos', 'total des paiements et credits', 'summe zahlungen und gutschriften', 'totale pagamenti e accrediti', 'total de pagamentos e creditos', 'totaal betalingen en bijschrijvingen'],
  debits: ['total withdrawals', 'total debits', 'total checks paid', 'total electronic withdrawals', 'total other withdrawals', 'payments out', 'paid out', 'money out', 'total subtractions', 'total withdrawals and debits', 'withdrawals and debits', 'total fees', 'total purchases', 'checks paid', 'electronic withdrawals', 'other withdrawals fees and charges', 'other withdrawals', 'withdrawals debits', 'purchases and adjustments', 'purchases', 'fees charged', 'interest charged', 'cash advances', 'atm and debit card withdrawals', 'fees', 'summe zahlungsausgange', 'summe soll', 'total des debits', 'total debit', 'totale dare', 'total debitos', 'total cargos', 'total withdrawals debits', 'total debe', 'summe lastschriften', 'total de debitos', 'totale addebiti', 'totaal af', 'totaal debet',
    // Card section totals.
    'total purchases and adjustments', 'total purchases and other charges', 'total fees for this period', 'total fees charged', 'total interest for this period', 'total interest charged',
    'total compras', 'total compras y disposiciones', 'total comisiones', 'total intereses', 'total des achats', 'total des achats et debits', 'total des frais', 'total des interets',
    'summe einkaufe', 'summe einkaufe und bargeld', 'summe gebuhren', 'summe entgelte', 'summe zinsen',
    'totale acquisti', 'totale acquisti e prelievi', 'totale commissioni', 'totale spese', 'totale interessi',
    'total de compras', 'total de compras e saques', 'total de tarifas', 'total de comissoes', 'total de juros',
    'totaal aankopen', 'totaal aankopen en opnames', 'totaal kosten', 'totaal rente'],
};

/**
 * Section headings give the sign of the amounts listed under them. A short line without
 * amounts is a heading when its words hit one list and not the other ("Deposits and Other
 * Additions" +, "Checks and Substitute Checks" −); `balances` marks tables that are not
 * transactions. Words are whole words, lower case.
 */
export const HEADING_WORDS = {
  credit: ['deposit', 'deposits', 'credit', 'credits', 'addition', 'additions', 'paid in', 'money in', 'interest earned', 'payments received', 'refunds', 'abonos', 'ingresos', 'depots', 'gutschriften', 'entrate',
    'incoming', 'transfers in', 'transfer in', 'wires in', 'wire in', 'eingange'],
  debit: ['payment', 'payments', 'withdrawal', 'withdrawals', 'debit', 'debits', 'check', 'checks', 'cheque', 'cheques', 'deduction', 'deductions', 'subtraction', 'subtractions', 'purchase', 'purchases', 'fee', 'fees', 'charge', 'charges', 'charged', 'paid out', 'money out', 'cash advance', 'cash advances', 'cargos', 'retiros', 'retraits', 'lastschriften', 'uscite',
    'outgoing', 'transfers out', 'transfer out', 'wires out', 'wire out', 'ausgange'],
  balances: ['daily balance', 'daily balances', 'daily ending balance', 'daily ledger balance', 'daily ledger balances', 'balance summary', 'daily balance summary', 'account summary', 'checking summary', 'summary of accounts',
    // Tables of figures that are no transactions either: a savings account's interest summary
    // ("Interest paid this period | 15.81"), the captions of check images ("#5195 02/06/25 $3,084.44").
    'interest summary', 'check images', 'check image', 'images of checks', 'image of checks', 'images of your checks'],
  /**
   * On a card statement only: payments are money in, and fees, interest, cash and purchases
   * money out in any language ("Pagos y abonos", "Gebühren", "Intérêts"). On a bank statement
   * these words say nothing sure ("Zinsen" may be interest earned), so they count on cards only.
   */
  // (Not "Umsätze": German for a card's transactions of every kind, its list's title.)
  cardCredit: ['payment', 'payments', 'pago', 'pagos', 'paiement', 'paiements', 'zahlung', 'zahlungen', 'zahlungseingang', 'zahlungseingange', 'credits', 'creditos', 'abonos', 'gutschriften',
    'pagamenti', 'pagamento', 'accrediti', 'storni', 'storno', 'rimborsi', 'rimborso',
    'pagamentos', 'estornos', 'estorno', 'reembolsos', 'betalingen', 'betaling', 'bijschrijvingen', 'terugboekingen'],
  cardDebit: ['purchase', 'purchases', 'compras', 'achats', 'einkaufe', 'belastungen', 'fees', 'comisiones', 'frais', 'gebuhren', 'entgelte', 'interest', 'intereses', 'interets', 'zinsen', 'sollzinsen',
    'cash advance', 'cash advances', 'disposiciones', 'disposiciones de efectivo', 'avances de fonds', 'bargeldabhebungen', 'bargeldauszahlungen', 'bargeld', 'retraits',
    'balance transfer', 'balance transfers', 'traspasos de saldo', 'transferts de solde', 'saldoubertragungen', 'adjustments',
    'acquisti', 'commissioni', 'commissione', 'spese', 'interessi', 'interessi debitori', 'anticipi di contante', 'prelievi di contante', 'prelievi', 'trasferimenti di saldo',
    'tarifas', 'comissoes', 'juros', 'encargos de juros', 'saques', 'adiantamentos de numerario', 'transferencias de saldo',
    'aankopen', 'uitgaven', 'kosten', 'provisie', 'rente', 'debetrente', 'geldopnames', 'opnames', 'opnames contant geld', 'saldo overboekingen'],
  /** Credit-card headings where a debit word means money in ("Payments and Other Credits"). */
  ignore: ['summary', 'detail', 'activity', 'information', 'statement', 'transactions'],
};

/** Words of a count printed after a section's heading ("Checks Paid - 3 items", "Deposits (12 transactions)"). Lower case. */
export const HEADING_COUNT_WORDS = ['item', 'items', 'transaction', 'transactions', 'checks', 'deposits', 'withdrawals'];

/**
 * Words of a summary label that names no total of rows: an amount due, a limit, a rate, a
 * balance, a count ("Minimum Payment Due", "Límite de crédito", "Verfügbarer Betrag"). Whole
 * words, lower case, accents folded.
 */
export const NOT_A_TOTAL_WORDS = ['average', 'day', 'days', 'rate', 'limit', 'available', 'minimum', 'due', 'ytd', 'year to date', 'apr', 'percentage', 'number of', 'item', 'items', 'count',
  'previous', 'new balance', 'beginning', 'ending', 'opening', 'closing', 'current payment', 'overdue', 'pay now', 'access line',
  'minimo', 'limite', 'disponible', 'disponivel', 'tae', 'taeg', 'echeance', 'vencimiento', 'mindestbetrag', 'mindestzahlung', 'kreditrahmen', 'kreditlimit', 'verfugbarer', 'verfugungsrahmen', 'bargeldrahmen', 'falligkeitsdatum', 'sollzinssatz',
  'fido', 'disponibilita', 'scadenza', 'tasso',
  'vencimento', 'taxa', 'minimaal', 'minimumbedrag', 'uiterste', 'vervaldatum', 'kredietlimiet', 'bestedingslimiet', 'beschikbaar', 'beschikbare', 'limiet', 'ruimte', 'jkp'];

/** Statement period connectors between two dates ("July 1, 2022 through July 31, 2022"). */
export const PERIOD_CONNECTORS = ['through', 'thru', 'to', 'until', '-', '–', 'al', 'au', 'bis', 'a', 'ate', 't/m', 'tot en met', 'tot', 'hasta', 'fino al'];

/**
 * The word of a type column that gives a row's direction when its amount is unsigned (an
 * "Af/Bij" or "D/C" column beside one amount column). Compared whole, lower case.
 */
export const TYPE_SIGN_WORDS = {
  credit: ['cr', 'c', 'credit', 'bij', 'haben', 'h', 'avere', 'abono', 'credito', 'deposit'],
  debit: ['dr', 'd', 'debit', 'af', 'soll', 's', 'dare', 'cargo', 'debito', 'withdrawal'],
};

/**
 * Marks printed after an overdrawn balance only ("1,234.56 OD", "4.346,15 O/D"): a debit, as
 * DR is. Compared whole, lower case.
 */
export const OVERDRAWN_MARKS = ['od', 'o/d'];

/**
 * Words of a figure that is a projection or a notice, not a charge of the period ("Estimated
 * interest - next month 40.51", "NO INTEREST CHARGED ON THIS STATEMENT"): a line with one is
 * never an undated row, and a heading starting with a negation is no section. ("Estimated tax
 * payment" is a payment: only the phrases below are projections.)
 */
export const PROJECTION_WORDS = ['estimated interest', 'interest estimate', 'next month', 'next statement', 'projected', 'if you pay', 'if you make'];
export const NOTICE_STARTS = ['no', 'not', 'none'];

/**
 * A statement's word in the languages read ("Relevé de carte de crédit", "Estratto conto carta
 * di credito"): a line naming a statement is a title (a linked card's box printed above the
 * account's rows), never a section of credits or debits, whatever its words. (English
 * "statement" is among the heading's other non-section words, header-row.ts NOT_A_SECTION.)
 */
export const STATEMENT_TITLE_WORDS = ['releve', 'extracto', 'estratto', 'kontoauszug', 'abrechnung', 'afschrift', 'extrato', 'fatura'];

/**
 * Words a table's totals line starts with ("Total", "TOTAUX DES MOUVEMENTS", "Summe"): the
 * line sums the rows above it and is no transaction. Compacted prefixes.
 */
export const TOTAL_LINE_STARTS = ['subtotal', 'total', 'totaux', 'totale', 'totali', 'totaal', 'summe', 'gesamtsumme', 'transaction total', 'transactions total', 'grand total', 'ausgehende transaktionen', 'eingehende transaktionen', 'summe ausgange', 'summe eingange', 'total des operations', 'totale movimenti', 'totaal bij', 'totaal af', 'page total', 'page subtotal', 'page sub total', 'total for page', 'total this page', 'sub total', 'seitensumme', 'sous total', 'paginatotaal',
  // A day's subtotal after its rows ("Daily total | 1,234.56 | 88.00"; "Total du 03/02", "Totale del giorno" start with "total").
  'daily total', 'day total', 'daily subtotal', 'tagessumme', 'summe des tages', 'dagtotaal', 'dagsubtotaal',
  // Plurals and phrases that do not start with "total": Portuguese "Totais", Spanish "Suma total",
  // German "Gesamt" (under rows dated by day headings, each was read as one more row of the last day).
  'totais', 'suma total', 'gesamt'];

/**
 * A page's total, in the languages read ("Page Total", "Seitensumme", "Totale pagina"): a line
 * that is this label alone, its figures left out (a table printing signed amounts has no debit
 * and credit column to put them in), still ends the page's rows and starts none. Compacted whole.
 */
export const PAGE_TOTAL_LABELS = ['page total', 'page totals', 'page subtotal', 'page sub total', 'total for page', 'total this page', 'total of page', 'seitensumme', 'summe seite', 'summe der seite', 'total de la page', 'sous total page', 'sous total de la page', 'total page', 'total pagina', 'suma pagina', 'total de pagina', 'totale pagina', 'totale della pagina', 'subtotale pagina', 'total da pagina', 'subtotal da pagina', 'paginatotaal', 'totaal pagina', 'subtotaal pagina'];

/** Labels before an account number. */
export const ACCOUNT_NUMBER_LABELS = ['loan number', 'loan account number', 'loan no', 'note number', 'card number', 'account ending in', 'account ending', 'card ending in', 'card ending', 'card number ending in', 'card number ending', 'account number ending in', 'account number', 'account no', 'account #', 'acct number', 'acct no', 'acct #', 'primary account', 'account', 'numero de cuenta', 'cuenta', 'numero de compte', 'n de compte', 'no de compte', 'kontonummer', 'konto nr', 'konto', 'n de cuenta', 'no de cuenta', 'n da conta', 'numero conto', 'numero carta', 'carta n', 'account nr', 'numero da conta', 'conta', 'conta corrente', 'conto', 'conto n', 'conto numero', 'rekeningnummer', 'iban',
  // A card's number, in the languages read ("Kartennummer **** 1234", "Carte n° XXXX XXXX XXXX 1234").
  'numero de tarjeta', 'tarjeta n', 'numero de carte', 'carte n', 'kartennummer', 'karten nr', 'numero do cartao', 'cartao n', 'kaartnummer', 'creditcardnummer', 'kaart nr'];

/**
 * A card's bare product word as the label of its number ("Tarjeta **** 1234", "Card: XXXX 1234"):
 * a label only where the value beside it is printed masked, as a card's own number is; in a
 * row's description ("Pago tarjeta 4512") the word labels nothing.
 */
export const MASKED_NUMBER_LABELS = ['card', 'credit card', 'tarjeta', 'tarjeta de credito', 'carte', 'carte de credit', 'karte', 'kreditkarte', 'carta', 'carta di credito', 'cartao', 'cartao de credito', 'kaart', 'creditcard'];

/** Words that put the visible last digits of a masked number after its label ("Card Number ending in 1234"). */
export const NUMBER_ENDING_WORDS = ['ending in', 'ending', 'ends in', 'que termina en', 'terminada en', 'se terminant par', 'finissant par', 'endend auf', 'endet auf', 'che termina con', 'terminante in', 'terminado em', 'final', 'eindigend op'];

/** Words that mark a business owner name or account title. */
export const BUSINESS_WORDS = ['llc', 'inc', 'corp', 'corporation', 'ltd', 'limited', 'company', 'co', 'lp', 'llp', 'pllc', 'business', 'dba', 'enterprises', 'holdings', 'group', 'services', 'gmbh', 'sarl', 'sa', 'srl'];

/**
 * Words that start a second line of the owner's name in an address block ("DBA GREENLEAF
 * SERVICES", "C/O …"): part of the name, not the street.
 */
export const OWNER_NAME_CONTINUATIONS = ['dba', 'd/b/a', 'aka', 'a/k/a', 'fbo', 'c/o', 'attn', 'trading as', 't/a'];

/**
 * Phrases that tell which kind of document a PDF is (accounttype=autoDetect), matched as whole
 * words outside transaction rows; a kind needs several distinct ones (see pdf/doc-type.ts).
 * Digits count: write form numbers as printed ("form w-2").
 */
export const DOC_TYPE_WORDS: { docType: 'Bank Statement' | 'Credit Card Statement' | 'Application' | 'Investment Statement' | 'Tax Form'; words: string[] }[] = [
  { docType: 'Tax Form', words: ['wage and tax statement', 'internal revenue service', 'department of the treasury', 'form w-2', 'form 1040', 'form w-9', 'form w-4', 'employer identification number', 'employers identification number', 'individual income tax return', 'request for taxpayer identification number', 'employees withholding certificate', 'omb no', 'social security wages', 'medicare wages and tips', 'form 1099', 'federal income tax withheld'] },
  { docType: 'Application', words: ['business application', 'funding application', 'merchant application', 'application for', 'amount requested', 'federal tax id', 'legal business name', 'doing business as', 'ownership', 'owner signature', 'date business started', 'social security number', 'applicant signature'] },
  { docType: 'Investment Statement', words: ['portfolio', 'holdings', 'brokerage', 'market value', 'securities', 'dividends', 'shares', 'unrealized gain', 'asset allocation', 'mutual fund', 'cost basis', 'unit price', 'number of units', 'units held', 'investor number', 'fund summary', 'annual fund charge', 'kiwisaver', 'investment funds', 'investment statement', 'pie tax', 'fund charges', 'investment option', 'units'] },
  { docType: 'Credit Card Statement', words: ['minimum payment due', 'minimum payment', 'payment due date', 'credit limit', 'available credit', 'new balance', 'previous balance', 'annual percentage rate', 'purchases', 'cash advances', 'interest charged', 'fees charged', 'late payment warning', 'credit card', 'credit card statement', 'card number',
    'tarjeta de credito', 'extracto de tarjeta', 'extracto de su tarjeta', 'limite de la tarjeta', 'limite para disposiciones', 'tarjeta terminada en', 'pago minimo', 'importe minimo a pagar', 'fecha limite de pago', 'limite de credito', 'credito disponible', 'disposiciones de efectivo', 'numero de tarjeta',
    'carte de credit', 'releve de carte', 'releve de votre carte', 'carte se terminant par', 'limite des avances de fonds', 'paiement minimum', 'date d echeance', 'limite de credit', 'credit disponible', 'avances de fonds', 'numero de carte',
    'kreditkarte', 'kreditkartenabrechnung', 'karte endet auf', 'bargeldrahmen', 'verfugungsrahmen', 'mindestbetrag', 'mindestzahlung', 'kreditrahmen', 'kreditlimit', 'verfugbarer betrag', 'verfugbarer rahmen', 'kartennummer', 'sollzinssatz',
    'cartao de credito', 'pagamento minimo', 'limite disponivel', 'carta di credito', 'importo minimo', 'creditcard', 'kredietlimiet', 'minimaal te betalen',
    'estratto conto carta', 'numero carta', 'importo minimo da pagare', 'fido accordato', 'limite di credito', 'disponibilita residua', 'credito disponibile', 'carta che termina con', 'limite prelievo contanti', 'anticipi di contante',
    // A card's title, number and account summary: what a card statement without a payment box
    // (no minimum payment, due date or limit: a card paid in full by direct debit) still prints.
    'business card statement', 'mastercard statement', 'visa business statement', 'balance transfers', 'previous statement balance',
    'balance last statement', 'payments received', 'payments and credits', 'payments and other credits', 'returns and credits',
    'nuevo saldo', 'compras', 'comisiones', 'traspasos de saldo', 'pagos recibidos',
    'solde precedent', 'nouveau solde', 'achats', 'transferts de solde', 'solde du releve precedent', 'paiements recus',
    'karten nr', 'monatsabrechnung kreditkarte', 'saldo vormonat', 'saldo der letzten abrechnung', 'neuer saldo', 'einkaufe', 'bargeldabhebungen', 'bargeldauszahlungen', 'saldoubertragungen', 'sollzinsen',
    'estratto conto mensile carta', 'carta n', 'nuovo saldo', 'acquisti', 'prelievi di contante', 'trasferimenti di saldo', 'interessi debitori', 'saldo estratto conto precedente',
    'fatura do cartao', 'fatura do cartao de credito', 'extrato do cartao', 'extrato do cartao de credito', 'numero do cartao', 'cartao n', 'cartao final', 'total da fatura anterior', 'total desta fatura', 'resumo da fatura',
    'novo saldo', 'saques', 'adiantamentos de numerario', 'transferencias de saldo', 'valor minimo a pagar', 'data de vencimento', 'limite total', 'credito disponivel', 'limite para saques',
    'creditcardafschrift', 'overzicht creditcard', 'maandoverzicht creditcard', 'kaartnummer', 'creditcardnummer', 'kaart eindigend op', 'nieuw saldo', 'aankopen', 'geldopnames', 'opnames contant geld', 'saldo overboekingen', 'debetrente',
    'minimumbedrag', 'uiterste betaaldatum', 'bestedingslimiet', 'beschikbare ruimte', 'beschikbaar bestedingsbedrag', 'limiet geldopnames'] },
  { docType: 'Bank Statement', words: ['checking', 'savings', 'beginning balance', 'ending balance', 'opening balance', 'closing balance', 'deposits', 'withdrawals', 'paid in', 'paid out', 'balance brought forward', 'daily balance', 'checks paid', 'account summary', 'sort code', 'statement period', 'bank statement', 'account statement', 'statement of account', 'current account', 'kontoauszug', 'kontostand', 'girokonto', 'releve de compte', 'solde', 'extracto', 'extrato', 'estratto conto', 'saldo anterior', 'rekeningafschrift', 'afschrift'] },
];

/**
 * A card summary's labels that are no evidence of a card on their own (a bank prints "plafond de
 * découvert", an overdraft limit) but, as the whole label of an undated line with a figure, name
 * a limit, never a row: the French card's bare "Plafond | 20 000,00 €" under its rows.
 */
export const CARD_SUMMARY_LINE_WORDS = ['plafond', 'plafond de la carte', 'card limit', 'kartenlimit', 'limite de la carte'];

/** Phrases only one kind prints: a kind is decided only with one of these among its evidence. */
export const DOC_TYPE_STRONG_WORDS: Partial<Record<'Credit Card Statement' | 'Tax Form' | 'Investment Statement', string[]>> = {
  'Investment Statement': ['unit price', 'number of units', 'units held', 'investor number', 'annual fund charge', 'kiwisaver', 'cost basis', 'unrealized gain', 'asset allocation'],
  'Credit Card Statement': ['minimum payment due', 'minimum payment', 'payment due date', 'credit limit', 'available credit', 'annual percentage rate', 'late payment warning', 'credit card statement',
    'pago minimo', 'importe minimo a pagar', 'fecha limite de pago', 'limite de credito', 'credito disponible', 'limite de la tarjeta', 'limite para disposiciones', 'paiement minimum', 'limite des avances de fonds', 'limite de credit', 'credit disponible', 'releve de carte',
    'mindestbetrag', 'mindestzahlung', 'kreditrahmen', 'kreditlimit', 'kreditkartenabrechnung', 'pagamento minimo', 'limite disponivel', 'importo minimo', 'kredietlimiet', 'minimaal te betalen',
    'importo minimo da pagare', 'fido accordato', 'limite di credito', 'disponibilita residua', 'credito disponibile', 'limite prelievo contanti',
    // Titles and summary lines no bank account prints.
    'business card statement', 'mastercard statement', 'visa business statement', 'balance transfers',
    'extracto de tarjeta', 'extracto de su tarjeta', 'tarjeta terminada en', 'disposiciones de efectivo', 'traspasos de saldo',
    'releve de votre carte', 'carte se terminant par', 'avances de fonds', 'transferts de solde',
    'karte endet auf', 'monatsabrechnung kreditkarte', 'saldoubertragungen',
    'estratto conto carta', 'estratto conto mensile carta', 'carta che termina con', 'anticipi di contante', 'trasferimenti di saldo',
    'fatura do cartao', 'extrato do cartao', 'cartao final', 'valor minimo a pagar', 'adiantamentos de numerario', 'limite para saques', 'transferencias de saldo', 'total desta fatura', 'total da fatura anterior',
    'creditcardafschrift', 'overzicht creditcard', 'maandoverzicht creditcard', 'kaart eindigend op', 'creditcardnummer', 'minimumbedrag', 'uiterste betaaldatum', 'bestedingslimiet', 'limiet geldopnames', 'saldo overboekingen'],
  'Tax Form': ['wage and tax statement', 'internal revenue service', 'form w-2', 'form 1040', 'form 1099', 'form w-9', 'form w-4', 'individual income tax return', 'employees withholding certificate', 'request for taxpayer identification number'],
};

/**
 * Phrases of a loan or line-of-credit statement: the balance is a principal owed. A statement
 * with at least 3 of `words`, 2 of them from `strong`, is a loan (a Bank Statement of account
 * type Line of Credit, balances owed like a card's), even where it prints card-like terms
 * (credit limit, payment due date) as lines of credit do.
 */
export const LOAN_WORDS = {
  words: ['principal balance', 'principal paid', 'loan number', 'loan statement', 'line of credit', 'maturity date', 'interest rate', 'interest paid', 'amount due', 'commercial loan', 'loan summary', 'loan activity', 'payoff amount', 'original loan amount', 'escrow balance', 'principal and interest', 'loan account',
    'extracto de prestamo', 'numero de prestamo', 'prestamo n', 'capital pendiente', 'capital amortizado', 'fecha de vencimiento final', 'importe inicial del prestamo', 'resumen del prestamo', 'tipo de interes', 'movimientos del prestamo',
    'releve de pret', 'numero de pret', 'pret n', 'capital restant du', 'capital amorti', 'date de fin du pret', 'montant initial du pret', 'situation du pret', 'taux d interet', 'operations du pret',
    'darlehenskontoauszug', 'kontoauszug darlehen', 'darlehensnummer', 'darlehenskonto', 'restschuld', 'tilgung', 'laufzeitende', 'darlehensbetrag', 'ubersicht darlehen', 'sollzinssatz',
    'extrato de emprestimo', 'numero do contrato', 'saldo devedor', 'data de vencimento final', 'montante inicial do emprestimo', 'resumo do emprestimo', 'taxa de juro', 'movimentos do emprestimo',
    'estratto conto finanziamento', 'estratto del mutuo', 'numero finanziamento', 'debito residuo', 'quota capitale', 'scadenza finale', 'importo finanziato', 'riepilogo del finanziamento', 'tasso di interesse', 'movimenti del finanziamento',
    'leningoverzicht', 'afschrift lening', 'leningnummer', 'aflossing', 'einddatum lening', 'oorspronkelijk leenbedrag', 'samenvatting lening', 'rentepercentage', 'mutaties lening'],
  strong: ['principal balance', 'principal paid', 'loan number', 'loan statement', 'maturity date', 'payoff amount', 'original loan amount', 'loan summary', 'loan activity', 'commercial loan',
    'extracto de prestamo', 'numero de prestamo', 'capital pendiente', 'importe inicial del prestamo', 'resumen del prestamo', 'releve de pret', 'numero de pret', 'capital restant du', 'montant initial du pret', 'situation du pret',
    'darlehenskontoauszug', 'darlehensnummer', 'restschuld', 'darlehensbetrag', 'laufzeitende',
    'extrato de emprestimo', 'saldo devedor', 'montante inicial do emprestimo', 'resumo do emprestimo', 'estratto conto finanziamento', 'numero finanziamento', 'debito residuo', 'importo finanziato', 'riepilogo del finanziamento',
    'leningoverzicht', 'leningnummer', 'oorspronkelijk leenbedrag', 'samenvatting lening', 'mutaties lening'],
};

/**
 * Of LOAN_WORDS.strong, phrases a deposit account prints too (a term deposit's maturity date
 * beside its rate): no sign of another product's box around a rate line (fields.ts findAccountType).
 */
export const LOAN_WORDS_DEPOSITS_PRINT = ['maturity date', 'laufzeitende'];

/**
 * Kinds of page a lending package holds besides statements, tax forms and application forms,
 * which no reader takes: a page is guessed to be one with at least 3 of its phrases (more than
 * any other). `alone` false: printed inside statements too (check images), so such pages never
 * make a PDF a package by themselves. `reader` names the reader that may still take the kind
 * (pay stubs: the tax-form reader). `needs`: one of these must be among the phrases, because the
 * others are printed elsewhere too (an IRS W-4's instructions speak of pay periods, deductions,
 * federal income tax, Social Security and Medicare, and of "your pay stub").
 */
export const PAGE_KINDS: { kind: string; words: string[]; alone: boolean; reader?: 'taxForm'; needs?: string[] }[] = [
  { kind: 'Pay Stub', reader: 'taxForm', alone: true, needs: ['net pay', 'gross pay', 'gross earnings', 'earnings statement', 'pay statement', 'total earnings', 'current earnings'], words: ['earnings statement', 'pay stub', 'pay statement', 'gross pay', 'net pay', 'pay period', 'pay date', 'period ending', 'period beginning', 'deductions', 'earnings', 'regular pay', 'overtime', 'hours', 'employee id', 'federal income tax', 'social security', 'medicare', 'ytd'] },
  { kind: 'Identity Document', alone: true, words: ['driver license', 'drivers license', 'driver licence', 'driving licence', 'driver', 'license', 'licence', 'rest', 'identification card', 'date of birth', 'dob', 'expires', 'exp', 'iss', 'sex', 'hgt', 'eyes', 'donor', 'restrictions', 'endorsements', 'passport', 'class'] },
  { kind: 'Insurance Form', alone: true, words: ['insurance', 'insured', 'policy number', 'premium', 'coverage', 'deductible', 'homeowners', 'dwelling', 'liability', 'named insured', 'effective date', 'insurance application', 'agent', 'underwriting', 'property address', 'year built'] },
  // A supplier's invoice (an equipment finance deal's vendor invoice): its dated line items under
  // "Date | Description | Qty | Rate | Amount" are no account's transactions. ("Fatura" is a
  // Brazilian card's bill, so not among the Portuguese words.)
  { kind: 'Invoice', alone: true, needs: ['invoice', 'invoice number', 'invoice date', 'bill to', 'factura', 'numero de factura', 'facture', 'numero de facture', 'rechnung', 'rechnungsnummer', 'fattura', 'numero fattura', 'nota fiscal', 'factuur', 'factuurnummer'],
    words: ['invoice', 'invoice number', 'invoice no', 'invoice date', 'bill to', 'ship to', 'sold to', 'remit to', 'qty', 'quantity', 'unit price', 'subtotal', 'sales tax', 'total due', 'balance due', 'payment terms', 'po number', 'purchase order',
      'factura', 'numero de factura', 'fecha de factura', 'cantidad', 'precio unitario', 'base imponible',
      'facture', 'numero de facture', 'date de facture', 'quantite', 'prix unitaire', 'total ht', 'total ttc',
      'rechnung', 'rechnungsnummer', 'rechnungsdatum', 'menge', 'einzelpreis', 'nettobetrag', 'rechnungsbetrag',
      'fattura', 'numero fattura', 'data fattura', 'quantita', 'prezzo unitario', 'imponibile',
      'nota fiscal', 'quantidade', 'preco unitario',
      'factuur', 'factuurnummer', 'factuurdatum', 'aantal', 'stukprijs'] },
  { kind: 'Cheque', alone: false, words: ['pay to the order of', 'order of', 'dollars', 'memo', 'void after', 'void', 'this amount', 'bank name', 'authorized signature', 'security features', 'cheque'] },
];

/** Account type words (first hit wins; CCard decided by document type). */
export const ACCOUNT_TYPE_WORDS: { type: 'Savings' | 'MoneyMarket' | 'Line of Credit' | 'Checking'; words: string[] }[] = [
  { type: 'MoneyMarket', words: ['money market'] },
  { type: 'Line of Credit', words: ['line of credit', 'credit line'] },
  // A credit union's accounts are shares: a share draft is its checking account, a regular or primary share its savings.
  { type: 'Savings', words: ['savings', 'saver', 'isa', 'regular share', 'primary share', 'share account', 'deposit account', 'sparkonto', 'tagesgeld', 'tagesgeldkonto', 'cuenta de ahorro', 'compte epargne', 'compte épargne', 'livret', 'spaarrekening', 'conto deposito', 'conto risparmio', 'conta poupança', 'conta poupanca', 'poupança'] },
  { type: 'Checking', words: ['checking', 'share draft', 'current account', 'chequing', 'cuenta corriente', 'compte courant', 'girokonto', 'conto corrente', 'conta corrente', 'betaalrekening', 'zakelijke rekening', 'geschäftskonto', 'privatkonto', 'kontokorrent'] },
];

/**
 * Words that, right after an account-type word, make it part of an institution's name
 * ("Bluestem Savings Bank", "First Federal Savings and Loan", "Mutual Savings Association"):
 * the checking account of a savings bank is no savings account.
 */
export const INSTITUTION_AFTER_TYPE_WORD = ['bank', 'and loan', '& loan', 'association', 'institution', 'fsb', 'f.s.b.', 'society'];

/**
 * Words that make a phrase holding an account-type word the account's own title or heading
 * ("Savings Account", "Checking Summary", "Sparkonto-Auszug"), never a bank's name printed as its
 * letterhead ("Ridgewood Savings"): whole words, lower case, accents folded.
 */
export const ACCOUNT_TITLE_WORDS = ['account', 'accounts', 'acct', 'statement', 'summary', 'details', 'activity', 'number', 'no', 'plan', 'konto', 'kontoauszug', 'auszug',
  'cuenta', 'extracto', 'compte', 'releve', 'conto', 'estratto', 'conta', 'extrato', 'rekening', 'rekeningafschrift', 'afschrift'];

/**
 * Words that, right before an account-type word, make it part of an institution's name, as
 * Romance languages name savings banks ("Caixa de Poupança Serrana", "Cassa di Risparmio"):
 * matched case-insensitively with the type word following after a space.
 */
export const INSTITUTION_BEFORE_TYPE_WORD = ['caixa de', 'caixa economica de', 'caja de', 'cassa di', 'cassa de', "caisse d'", 'caisse de', 'banco de', 'banca di', 'banca de', 'banque de'];

/**
 * What a savings (interest-bearing deposit) account prints about the interest it earns, in the
 * account's details when its title is a product name only ("Premier Reserve"): the yield or the
 * rate the balance earns. Evidence only on a line that also prints a percentage, outside the
 * transaction table, and not on a line of what the bank charges (SAVINGS_RATE_NOT). Rows of
 * interest paid ("INTEREST EARNED 12.50") are none: checking accounts earn interest too.
 */
export const SAVINGS_RATE_WORDS = [
  'annual percentage yield', 'apy', 'aer', 'interest rate', 'credit interest rate', 'rate of interest',
  'tipo de interes', 'tae', 'tin', 'taux de remuneration', 'taux crediteur', 'habenzins', 'guthabenzins', 'zinssatz',
  'taxa de remuneracao', 'taxa de juro', 'tasso creditore', 'tasso di interesse', 'spaarrente', 'rentepercentage', 'rente',
];
/** Words on a rate's line that make it a rate the bank charges (an overdraft's, a card's, a loan's), not one the account earns. */
export const SAVINGS_RATE_NOT = ['overdraft', 'debit interest', 'ear', 'apr', 'purchase', 'cash advance', 'penalty', 'sollzins', 'uberziehung', 'descubierto', 'decouvert', 'descoberto', 'scoperto', 'debetrente', 'loan', 'mortgage', 'prestamo', 'pret', 'darlehen', 'emprestimo', 'mutuo', 'lening'];

/**
 * Short words any page of running text in the engine's languages prints many of: a text layer
 * in which almost none of them occur does not read as text (its fonts map glyphs to the wrong
 * characters), and its pages are read by OCR (pdf/readable-text.ts).
 */
export const COMMON_WORDS = [
  'the', 'and', 'of', 'to', 'in', 'for', 'on', 'at', 'by', 'from', 'with', 'your', 'you', 'is', 'are', 'or', 'an', 'no', 'date', 'balance', 'account', 'total', 'page', 'amount', 'statement', 'description',
  'de', 'la', 'el', 'en', 'los', 'las', 'del', 'por', 'con', 'saldo', 'fecha', 'cuenta', 'le', 'les', 'et', 'du', 'des', 'au', 'sur', 'solde', 'compte', 'montant',
  'der', 'die', 'das', 'und', 'von', 'mit', 'im', 'am', 'zu', 'datum', 'konto', 'betrag', 'da', 'do', 'dos', 'das', 'em', 'conta', 'data', 'valor',
  'di', 'il', 'per', 'conto', 'importo', 'het', 'een', 'van', 'op', 'rekening', 'bedrag',
];

/**
 * Words that tell a statement's language when the caller does not say it (option language
 * empty). Long, distinctive words only: a language needs at least 3 different ones and more
 * than any other. English is the default and has no list.
 */
export const LANGUAGE_WORDS: Record<Exclude<Lang, 'en'>, string[]> = {
  de: ['kreditkartenabrechnung', 'kartennummer', 'mindestbetrag', 'abrechnungszeitraum', 'kontoauszug', 'kontostand', 'buchungstag', 'wertstellung', 'verwendungszweck', 'kontonummer', 'kontoinhaber', 'buchungstext', 'girokonto', 'zeitraum', 'gutschrift', 'lastschrift', 'ueberweisung', 'seite'],
  es: ['tarjeta de credito', 'pago minimo', 'fecha limite de pago', 'estado de cuenta', 'saldo anterior', 'saldo final', 'concepto', 'fecha operacion', 'movimientos', 'cuenta corriente', 'importe', 'titular', 'pagina'],
  fr: ['carte de credit', 'paiement minimum', 'solde precedent', 'releve de compte', 'ancien solde', 'nouveau solde', 'libelle', 'date de valeur', 'compte courant', 'montant', 'titulaire'],
  pt: ['extrato', 'saldo anterior', 'descricao', 'lancamentos', 'conta corrente', 'movimentacao', 'titular', 'pagina'],
  nl: ['rekeningafschrift', 'afschrift', 'omschrijving', 'bedrag', 'beginsaldo', 'eindsaldo', 'rekeningnummer', 'datum', 'periode'],
  it: ['estratto conto', 'saldo iniziale', 'saldo finale', 'descrizione', 'movimenti', 'conto corrente', 'importo', 'intestatario', 'pagina'],
};

/**
 * A page number in any of the languages read ("Page 1 / 2", "Seite 4 von 5", "Página 1 de 3",
 * "Pagina 2 di 4", "Pagina 1 van 2"): a line holding one in a cell of its own is page furniture
 * (a footer "Crédit Maritime du Nord   Page 1 / 2" heads no section of credits). A page count
 * of 1 read by OCR as a lookalike letter ("Pagina 1 di l", Courier 7.5 pt) is one still: the
 * footer was read as a row of 1.00 (composed scan 484).
 */
export const PAGE_NUMBER_CELL = /^(?:page|seite|p[aá]gina|pag\.?|blad|p\.)\s*(?:\d+|[lI|])\s*(?:of|\/|von|de|di|van|sur)\s*(?:\d+|[lI|])$/i;

/**
 * Heads of a column of year-to-date figures beside the period's ("This period | Year to date",
 * Reg DD's "Total for this period | Total year-to-date", "Ce mois-ci | Depuis le 1er janvier"):
 * the table under them holds totals of fees, interest or tax, never transactions. Lower case,
 * accents and punctuation dropped; matched inside a short head cell.
 */
export const YEAR_TO_DATE_HEADS = ['year to date', 'ytd', 'so far this year', 'this year', 'calendar year to date',
  'acumulado ano', 'acumulado anual', 'acumulado en el ano', 'en lo que va de ano',
  'depuis le 1er janvier', 'depuis le debut de l annee', 'cumul annuel', 'cumul de l annee',
  'seit jahresbeginn', 'seit jahresanfang', 'laufendes jahr', 'lfd jahr', 'im laufenden jahr',
  'no ano', 'acumulado no ano', 'desde o inicio do ano',
  'da inizio anno', 'dall inizio dell anno', 'progressivo annuo',
  'dit jaar', 'sinds begin van het jaar', 'lopend jaar'];

/**
 * Footnote marks printed after a figure ("12.50*", "1,234.56 †": a foreign-fee, pending or
 * recurring row, explained in a legend under the table): the figure is read without them.
 */
export const FOOTNOTE_MARKS = ['*', '†', '‡', '§', '#', '¹', '²', '³', '⁴', '⁵'];

/**
 * A page number at the end of a page's foot or head, after other words ("Tidewell · Page 1 of
 * 2", "Kestrel Ledger - Seite 2 von 4"): an office document's footer printed as one line.
 */
export const PAGE_NUMBER_TAIL = new RegExp(`(?:^|[\\s\u00b7|\u2013-])${PAGE_NUMBER_CELL.source.slice(1)}`, 'i');

/**
 * A page's "continued" line in the languages statements are read in, alone on its line, with or
 * without the stars, dashes or brackets a line printer frames it by ("*** CONTINUED ***",
 * "--- FORTSETZUNG ---", "(SUITE)"): page furniture, never a wrapped line of the row above.
 */
export const CONTINUATION_WORDS = [
  'continued', 'continued on next page', 'continued from previous page', 'see next page',
  'continúa', 'continua', 'continúa en la página siguiente', 'continuación', 'continuação', 'continua na página seguinte',
  'suite', 'suite au verso', 'à suivre', 'suite page suivante',
  'fortsetzung', 'fortsetzung folgt', 'fortsetzung auf der nächsten seite',
  'segue', 'continua alla pagina successiva',
  'vervolg', 'zie volgende pagina', 'vervolg op volgende pagina',
];
const CONTINUATION_ALTERNATIVES = CONTINUATION_WORDS.map((w) => w.replace(/ /g, '\\s+')).join('|');
const CONTINUATION_LINE = new RegExp(`^[*=\\-\u2013\u2014(\\s]*(?:${CONTINUATION_ALTERNATIVES})[*=\\-\u2013\u2014).:\\s]*$`, 'iu');

/** Lines that are page furniture, never transactions. */
export const FURNITURE_PATTERNS: RegExp[] = [
  /^page\s*\d+\s*(of|\/)\s*\d+$/i,
  // A bare "2 / 5": a page number is never written with a leading zero, as a date ("03/06") is.
  /^[1-9]\d*\s*(of|\/)\s*[1-9]\d*$/,
  CONTINUATION_LINE,
];


/**
 * A card issuer's CSV export, told from a bank account's (formats/csv-card.ts). Header words
 * (compared whole, after the CSV header normalisation): `holder` names the card member, which
 * only a card export has; `number` a card number, which a bank export may list for its
 * debit-card rows too. `saleTypes`: values of a type column that only card exports write.
 */
export const CARD_EXPORT_HEADS = {
  holder: ['card member', 'cardmember', 'card holder', 'cardholder', 'card member name', 'cardholder name', 'member name'],
  number: ['card', 'card no', 'card number', 'card last 4', 'card last 4 digits', 'last 4 digits', 'card ending'],
  saleTypes: ['sale', 'sales', 'purchase'],
  /**
   * A column naming the card used on each row ("Card Used For Transaction"): the card, never the
   * account (an account's cards share its statement); filled on every row, a card issuer's export.
   */
  used: ['card used', 'card used for transaction', 'card used for purchase', 'card used for purchases', 'used card'],
  /** A column of merchants: what a card's rows name (a bank's name payees, payers, transfers). */
  merchant: ['merchant', 'merchant name', 'merchant description'],
};

/**
 * A brokerage account's cash export (see formats/csv-brokerage.ts): a type column of trades and
 * distributions ("BUY", "DIV"), or descriptions of trades with a quantity at a price
 * ("BOUGHT +ABCD 10 @50.00"). Bank exports print neither.
 */
export const BROKERAGE_EXPORT_WORDS = {
  tradeTypes: ['buy', 'sell', 'bought', 'sold', 'div', 'dividend', 'reinvest', 'reinvestment', 'dividend reinvestment', 'cap gain', 'capital gain', 'short sale', 'buy to cover', 'sell short'],
  tradeVerbs: ['bought', 'sold', 'buy', 'sell', 'you bought', 'you sold', 'reinvestment'],
  // How a broker's action column opens its rows; a bank's descriptions never open so.
  tradeOpenings: ['you bought', 'you sold', 'bought', 'sold', 'reinvestment', 'dividend received', 'short-term cap gain', 'long-term cap gain'],
};

/**
 * A card payment as the issuer words it ("AUTOPAY PAYMENT - THANK YOU", "PAIEMENT RECU MERCI"):
 * a payment word and a thanks word in one description. A bank account's rows never thank the
 * holder for a payment; a card's payment is money in for the card holder.
 */
export const CARD_PAYMENT_WORDS = {
  payment: ['payment', 'pymt', 'autopay', 'paiement', 'pago', 'zahlung', 'pagamento', 'betaling'],
  thanks: ['thank you', 'thanks', 'merci', 'gracias', 'danke', 'obrigado', 'grazie', 'bedankt'],
};

/**
 * Words an online-banking printout prints in a row's date cell for a row not posted yet
 * ("Pending | UBER *TRIP | -12.40", no balance): such a row is set aside, never a transaction.
 * Whole cells, lower case, accents folded.
 */
export const PENDING_DATE_WORDS = ['pending', 'processing', 'en cours', 'en attente', 'vorgemerkt', 'ausstehend', 'in attesa', 'pendiente', 'pendente', 'in behandeling'];

/**
 * Headings of rows not posted yet (an online-banking printout lists "Pending transactions"
 * above the posted ones): their rows are set aside, never transactions, until the next heading,
 * such as one of `posted` ("Posted transactions"), which would otherwise head nothing. Whole
 * headings, lower case, accents folded, a count after them ("Pending (2)") ignored.
 */
export const POSTING_HEADINGS = {
  pending: ['pending', 'pending transactions', 'pending activity', 'pending items', 'pending authorizations', 'pending authorisations', 'pending deposits',
    'pending debits', 'pending credits', 'pending charges', 'pending payments', 'pending transfers', 'not yet posted', 'transactions not yet posted',
    'authorizations', 'vorgemerkte umsatze', 'vorgemerkte buchungen', 'operations en cours', 'operations en attente', 'movimientos pendientes',
    'operaciones pendientes', 'movimenti in attesa', 'movimenti non contabilizzati', 'transacoes pendentes', 'lancamentos pendentes', 'lancamentos futuros',
    'in behandeling', 'nog te verwerken',
    // An app's list under day headings heads its pending rows with the word alone ("En cours", "Vorgemerkt").
    'en cours', 'en attente', 'vorgemerkt', 'ausstehend', 'in attesa', 'pendiente', 'pendente',
    // Spelled out: "Authorisations not yet posted", "Opérations non encore comptabilisées", "Noch nicht gebuchte Umsätze", ING's "Reserveringen".
    'authorisations not yet posted', 'authorizations not yet posted', 'pending authorisations', 'operaciones pendientes de liquidar', 'movimientos pendientes de liquidar',
    'operations non encore comptabilisees', 'noch nicht gebuchte umsatze', 'movimentos pendentes', 'movimenti non ancora contabilizzati', 'operazioni in attesa',
    'nog te verwerken transacties', 'reserveringen'],
  posted: ['posted', 'posted transactions', 'posted activity', 'posted items', 'cleared transactions', 'completed transactions', 'gebuchte umsatze',
    'operations comptabilisees', 'movimientos contabilizados', 'movimenti contabilizzati', 'lancamentos efetuados', 'verwerkte transacties'],
};
