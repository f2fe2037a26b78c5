/**
 * What a bank's own statements print about the bank, to check a statement against: its web
 * domains, customer-service phones, routing numbers (US, ABA), sort-code prefixes (UK), the
 * first four letters of its SWIFT/BIC codes, and the software its statements are known to be
 * made with. Data, not logic: add a bank by adding a row (`names` are the names the PDF engine
 * gives, src/engine/data/banks.ts); an empty list means "not known", never "none".
 * A value listed for two banks proves nothing about either, so keep each list to the bank's own.
 */
export interface BankIdentity {
  /** The engine's bank names that this row describes. */
  names: string[];
  /** Registered domains, without "www." (a subdomain of one is the bank's too). */
  domains: string[];
  /** Customer-service numbers as printed; compared by their digits. */
  phones: string[];
  /** ABA routing numbers (9 digits). */
  routing: string[];
  /** UK sort-code prefixes, digits only (the longest prefix of any bank decides). */
  sortCodes: string[];
  /** SWIFT/BIC bank codes (the first 4 letters). */
  bics: string[];
  /** Producer/creator strings the bank's statements are made with (observed in genuine ones). */
  producers: RegExp[];
}

const row = (r: Partial<BankIdentity> & Pick<BankIdentity, 'names' | 'domains'>): BankIdentity => ({
  phones: [], routing: [], sortCodes: [], bics: [], producers: [], ...r,
});

export const BANK_IDENTITIES: readonly BankIdentity[] = [
  row({ names: ['JPMorgan Chase Bank, N.A.'], domains: ['chase.com', 'jpmorganchase.com', 'jpmorgan.com'], phones: ['1-800-935-9935', '1-800-242-7338'],
    routing: ['021000021', '322271627', '044000037', '071000013', '111000614', '267084131', '072000326', '083000137', '122100024', '124001545', '325070760', '102001017', '065400137'], bics: ['CHAS'] }),
  row({ names: ['Bank of America'], domains: ['bankofamerica.com', 'bofa.com'], phones: ['1-800-432-1000', '1-888-287-4637'],
    routing: ['026009593', '011000138', '121000358', '111000025', '063100277', '021000322', '051000017', '053000196', '061000052'], bics: ['BOFA'] }),
  row({ names: ['Wells Fargo Bank, N.A.'], domains: ['wellsfargo.com'], phones: ['1-800-869-3557', '1-800-225-5935'],
    routing: ['121000248', '122000247', '111900659', '063107513', '062203751', '053000219', '031000503', '091000019', '102000076', '125008547'], bics: ['WFBI'] }),
  row({ names: ['Citibank, N.A.'], domains: ['citi.com', 'citibank.com', 'citigroup.com'], phones: ['1-888-248-4226', '1-800-285-1709'],
    routing: ['021000089', '322271724', '254070116', '271070801'], bics: ['CITI'] }),
  row({ names: ['Capital One'], domains: ['capitalone.com'], phones: ['1-877-383-4802', '1-888-755-2172'], routing: ['031176110', '051405515', '065000090', '056073502'] }),
  row({ names: ['PNC Bank'], domains: ['pnc.com'], phones: ['1-888-762-2265', '1-877-287-2654'], routing: ['043000096', '031000053', '054000030', '071921891', '041000124', '267084199'], bics: ['PNCC'] }),
  row({ names: ['U.S. Bank'], domains: ['usbank.com'], phones: ['1-800-872-2657', '1-800-673-3555'], routing: ['091000022', '123000220', '042000013', '081000210', '122235821', '104000029'], bics: ['USBK'] }),
  row({ names: ['TD Bank, N.A.'], domains: ['tdbank.com', 'td.com'], phones: ['1-888-751-9000', '1-800-937-2000'], routing: ['031101266', '011103093', '026013673', '211274450', '067014822', '054001725'], bics: ['NRTH'] }),
  row({ names: ['Truist Bank'], domains: ['truist.com'], phones: ['1-844-487-8478'], routing: ['053101121', '061000104', '051404260', '263191387'], bics: ['BRBT'] }),
  row({ names: ['Navy Federal Credit Union'], domains: ['navyfederal.org'], phones: ['1-888-842-6328'], routing: ['256074974'] }),
  row({ names: ['American Express'], domains: ['americanexpress.com'], phones: ['1-800-528-4800', '1-800-492-3344'] }),
  row({ names: ['Discover'], domains: ['discover.com'], phones: ['1-800-347-2683'] }),
  row({ names: ['Regions Bank'], domains: ['regions.com'], phones: ['1-800-734-4667'], routing: ['062000019'] }),
  row({ names: ['Fifth Third Bank'], domains: ['53.com'], phones: ['1-800-972-3030'], routing: ['042000314'] }),
  row({ names: ['KeyBank'], domains: ['key.com'], phones: ['1-800-539-2968'], routing: ['041001039'] }),
  row({ names: ['Huntington National Bank'], domains: ['huntington.com'], phones: ['1-800-480-2265'], routing: ['044000024'] }),
  row({ names: ['Citizens Bank'], domains: ['citizensbank.com'], phones: ['1-800-922-9999'], routing: ['011500120'] }),
  row({ names: ['M&T Bank'], domains: ['mtb.com'], phones: ['1-800-724-2440'], routing: ['022000046'] }),
  row({ names: ['BMO'], domains: ['bmo.com'], phones: ['1-888-340-2265'], routing: ['071025661'] }),
  row({ names: ['Santander Bank'], domains: ['santanderbank.com'], phones: ['1-877-768-2265'], routing: ['231372691'] }),
  row({ names: ['Golden 1 Credit Union'], domains: ['golden1.com'], phones: ['1-877-465-3361'], routing: ['321175261'] }),
  row({ names: ['HSBC'], domains: ['hsbc.co.uk', 'hsbc.com'], phones: ['03457 404 404', '03457 60 60 60'], sortCodes: ['40'], bics: ['HBUK', 'MIDL'],
    producers: [/\bActuate\b/i] }),
  row({ names: ['Barclays'], domains: ['barclays.co.uk', 'barclays.com'], phones: ['0345 734 5345'], sortCodes: ['20'], bics: ['BARC'] }),
  row({ names: ['Lloyds Bank'], domains: ['lloydsbank.com', 'lloydsbank.co.uk'], phones: ['0345 300 0000'], sortCodes: ['30', '77'], bics: ['LOYD'] }),
  row({ names: ['NatWest'], domains: ['natwest.com'], phones: ['03457 888 444'], sortCodes: ['50', '51', '52', '53', '54', '55', '56', '57', '58', '60'], bics: ['NWBK'] }),
  row({ names: ['Monzo'], domains: ['monzo.com'], phones: ['0800 802 1281'], sortCodes: ['040004'], bics: ['MONZ'] }),
  row({ names: ['Starling Bank'], domains: ['starlingbank.com'], phones: ['0207 930 4450'], sortCodes: ['608371'], bics: ['SRLG'] }),
  row({ names: ['Revolut'], domains: ['revolut.com'], sortCodes: ['040075'], bics: ['REVO'] }),
  row({ names: ['Sparkasse'], domains: ['sparkasse.de', 'sparkasse-koelnbonn.de'] }),
  row({ names: ['Deutsche Bank'], domains: ['deutsche-bank.de', 'db.com'], bics: ['DEUT'] }),
  row({ names: ['Commerzbank'], domains: ['commerzbank.de'], bics: ['COBA'] }),
  row({ names: ['Volksbank'], domains: ['vr.de'], bics: ['GENO'] }),
  row({ names: ['RBC Royal Bank'], domains: ['rbcroyalbank.com', 'rbc.com'], phones: ['1-800-769-2511'], bics: ['ROYC'] }),
  row({ names: ['Scotiabank'], domains: ['scotiabank.com'], phones: ['1-800-472-6842'], bics: ['NOSC'] }),
  // Banks the engine's data names for statements from other countries (their generator layouts print these sites).
  row({ names: ['ICICI Bank'], domains: ['icicibank.com'], bics: ['ICIC'] }),
  row({ names: ['ASB Bank'], domains: ['asb.co.nz'], bics: ['ASBB'] }),
  row({ names: ['Kiwibank'], domains: ['kiwibank.co.nz'], phones: ['0800 113 355'], bics: ['KIWI'] }),
  row({ names: ['Postbank'], domains: ['postbank.de'], bics: ['PBNK'] }),
  row({ names: ['Bank Mandiri'], domains: ['bankmandiri.co.id'], bics: ['BMRI'] }),
  row({ names: ['Commonwealth Bank'], domains: ['commbank.com.au'], bics: ['CTBA'] }),
  row({ names: ['PostFinance'], domains: ['postfinance.ch'], bics: ['POFI'] }),
  row({ names: ['Société Générale'], domains: ['societegenerale.fr', 'sg.fr', 'societegenerale.com'], bics: ['SOGE'] }),
  row({ names: ['ABN AMRO'], domains: ['abnamro.nl', 'abnamro.com'], bics: ['ABNA'] }),
  row({ names: ['Intesa Sanpaolo'], domains: ['intesasanpaolo.com'], bics: ['BCIT'] }),
  row({ names: ['Banco do Brasil'], domains: ['bb.com.br'], bics: ['BRAS'] }),
  row({ names: ['BBVA'], domains: ['bbva.es', 'bbva.com'], bics: ['BBVA'] }),
  row({ names: ['BBVA México'], domains: ['bbva.mx'], bics: ['BCMR'] }),
  row({ names: ['HDFC Bank'], domains: ['hdfcbank.com'], bics: ['HDFC'] }),
  row({ names: ['Axis Bank'], domains: ['axisbank.com'], bics: ['AXIS'] }),
  row({ names: ['N26'], domains: ['n26.com'], bics: ['NTSB'] }),
  row({ names: ['Equity Bank'], domains: ['equitygroupholdings.com', 'equitybank.co.ke'], bics: ['EQBL'] }),
];

/** The identity row of an engine bank name, if known. */
export function identityOf(bankName: string): BankIdentity | null {
  return BANK_IDENTITIES.find((b) => b.names.includes(bankName)) ?? null;
}
