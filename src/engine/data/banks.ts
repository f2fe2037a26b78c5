/**
 * Banks the PDF engine recognises by name or web address. Data, not logic: add a bank by
 * adding a row. `aliases` are matched case-insensitively against page text with spaces and
 * punctuation removed (so "J P Morgan Chase" and "JPMorgan Chase" both match "jpmorganchase").
 * Aliases of five letters or fewer must be whole words ("ally" is no part of "totally").
 * The bank is scored over the document (see pdf/fields.ts findBank); `currency` is what its
 * statements are in when they print only a bare "$".
 */
export interface BankInfo {
  name: string;
  aliases: string[];
  url: string;
  phones: string[];
  /** The bank's FI ORG in OFX/QFX sign-ons when it is a short code no alias holds ("AMEX",
   *  "B1"): matched whole and case-insensitively, never against page text. */
  ofxOrgs?: string[];
  /** ABA routing numbers the bank prints ("Routing Number 021000021"): matched after a routing label only, outside rows. */
  routing?: string[];
  country: 'US' | 'UK' | 'CA' | 'EU' | 'NZ' | 'AU' | 'IN' | 'SG' | 'ID' | 'CH' | 'BR' | 'MX' | 'KE';
  currency?: string;
}

export const BANKS: BankInfo[] = [
  { name: 'JPMorgan Chase Bank, N.A.', aliases: ['jpmorganchase', 'chasebank', 'chase.com', 'chasebusinesscomplete', 'chasetotalchecking'], url: 'www.chase.com', phones: ['1-800-935-9935'], ofxOrgs: ['B1'], routing: ['021000021'], country: 'US' },
  { name: 'Bank of America', aliases: ['bankofamerica', 'bofa', 'bankofamerica.com'], url: 'www.bankofamerica.com', phones: ['1-800-432-1000'], routing: ['026009593'], country: 'US' },
  { name: 'Wells Fargo Bank, N.A.', aliases: ['wellsfargo', 'wellsfargo.com'], url: 'www.wellsfargo.com', phones: ['1-800-869-3557'], ofxOrgs: ['WF'], routing: ['121000248'], country: 'US' },
  { name: 'Citibank, N.A.', aliases: ['citibank', 'citi.com', 'citigroup', 'citibusiness'], url: 'www.citi.com', phones: ['1-888-248-4226'], routing: ['021000089'], country: 'US' },
  { name: 'Capital One', aliases: ['capitalone', 'capitalone.com'], url: 'www.capitalone.com', phones: ['1-877-383-4802'], country: 'US' },
  { name: 'PNC Bank', aliases: ['pncbank', 'pnc.com', 'pncvirtualwallet'], url: 'www.pnc.com', phones: ['1-888-762-2265'], routing: ['043000096'], country: 'US' },
  { name: 'U.S. Bank', aliases: ['usbank', 'usbank.com', 'u.s.bank', 'usbancorp'], url: 'www.usbank.com', phones: ['1-800-872-2657'], routing: ['091000022'], country: 'US' },
  { name: 'TD Bank, N.A.', aliases: ['tdbank', 'tdbank.com', 'americasmostconvenientbank'], url: 'www.tdbank.com', phones: ['1-888-751-9000'], routing: ['031101266'], country: 'US' },
  { name: 'Truist Bank', aliases: ['truist', 'truist.com', 'truistbank'], url: 'www.truist.com', phones: ['1-844-487-8478'], routing: ['061000104'], country: 'US' },
  { name: 'Navy Federal Credit Union', aliases: ['navyfederalcreditunion', 'navyfederal', 'navyfederal.org'], url: 'www.navyfederal.org', phones: ['1-888-842-6328'], country: 'US' },
  { name: 'American Express', aliases: ['americanexpress', 'americanexpress.com'], url: 'www.americanexpress.com', phones: ['1-800-528-4800'], ofxOrgs: ['AMEX'], country: 'US' },
  { name: 'Discover', aliases: ['discoverbank', 'discovercard', 'discover.com'], url: 'www.discover.com', phones: ['1-800-347-2683'], ofxOrgs: ['Discover Financial Services'], country: 'US' },
  { name: 'Regions Bank', aliases: ['regionsbank', 'regions.com'], url: 'www.regions.com', phones: ['1-800-734-4667'], routing: ['062005690'], country: 'US' },
  { name: 'Fifth Third Bank', aliases: ['fifththirdbank', '53.com', 'fifththird'], url: 'www.53.com', phones: ['1-800-972-3030'], routing: ['042000314'], country: 'US' },
  { name: 'KeyBank', aliases: ['keybank', 'key.com'], url: 'www.key.com', phones: ['1-800-539-2968'], routing: ['041001039'], country: 'US' },
  { name: 'Huntington National Bank', aliases: ['huntingtonnationalbank', 'huntington.com', 'huntingtonbank'], url: 'www.huntington.com', phones: ['1-800-480-2265'], routing: ['044000024'], country: 'US' },
  { name: 'Citizens Bank', aliases: ['citizensbank', 'citizensbank.com'], url: 'www.citizensbank.com', phones: ['1-800-922-9999'], routing: ['011500120'], country: 'US' },
  { name: 'M&T Bank', aliases: ['m&tbank', 'mtb.com', 'manufacturersandtraders'], url: 'www.mtb.com', phones: ['1-800-724-2440'], routing: ['022000046'], country: 'US' },
  { name: 'BMO', aliases: ['bmoharris', 'bmobank', 'bmo.com'], url: 'www.bmo.com', phones: ['1-888-340-2265'], country: 'US' },
  { name: 'Santander UK', aliases: ['santanderuk', 'santander.co.uk'], url: 'www.santander.co.uk', phones: ['0800 9 123 123'], country: 'UK', currency: 'GBP' },
  { name: 'Santander Bank', aliases: ['santanderbank', 'santander'], url: 'www.santanderbank.com', phones: ['1-877-768-2265'], country: 'US' },
  { name: 'Golden 1 Credit Union', aliases: ['golden1creditunion', 'golden1.com'], url: 'www.golden1.com', phones: ['1-877-465-3361'], country: 'US' },
  { name: 'HSBC', aliases: ['hsbcukbank', 'hsbc.co.uk', 'hsbcbank', 'hsbc'], url: 'www.hsbc.co.uk', phones: ['03457 404 404'], country: 'UK' },
  { name: 'Barclays', aliases: ['barclaysbank', 'barclays.co.uk', 'barclays'], url: 'www.barclays.co.uk', phones: ['0345 734 5345'], country: 'UK' },
  { name: 'Lloyds Bank', aliases: ['lloydsbank', 'lloydsbank.com'], url: 'www.lloydsbank.com', phones: ['0345 300 0000'], country: 'UK' },
  { name: 'NatWest', aliases: ['natwest', 'natwest.com'], url: 'www.natwest.com', phones: ['03457 888 444'], country: 'UK' },
  { name: 'Monzo', aliases: ['monzobank', 'monzo.com', 'monzo'], url: 'www.monzo.com', phones: ['0800 802 1281'], country: 'UK' },
  { name: 'Starling Bank', aliases: ['starlingbank', 'starlingbank.com'], url: 'www.starlingbank.com', phones: ['0207 930 4450'], country: 'UK' },
  { name: 'Revolut', aliases: ['revolut', 'revolut.com'], url: 'www.revolut.com', phones: [], country: 'UK' },
  { name: 'Sparkasse', aliases: ['sparkasse'], url: 'www.sparkasse.de', phones: [], country: 'EU' },
  { name: 'Deutsche Bank', aliases: ['deutschebank', 'deutsche-bank.de'], url: 'www.deutsche-bank.de', phones: [], country: 'EU' },
  { name: 'Commerzbank', aliases: ['commerzbank'], url: 'www.commerzbank.de', phones: [], country: 'EU' },
  { name: 'Volksbank', aliases: ['volksbank', 'raiffeisenbank'], url: 'www.vr.de', phones: [], country: 'EU' },
  { name: 'RBC Royal Bank', aliases: ['royalbankofcanada', 'rbcroyalbank', 'rbc.com'], url: 'www.rbcroyalbank.com', phones: ['1-800-769-2511'], country: 'CA' },
  { name: 'Scotiabank', aliases: ['scotiabank'], url: 'www.scotiabank.com', phones: ['1-800-472-6842'], country: 'CA' },
  { name: 'Woodforest National Bank', aliases: ['woodforestnationalbank', 'woodforest.com', 'woodforest'], url: 'www.woodforest.com', phones: ['1-877-968-7962'], country: 'US' },
  { name: 'Mercury', aliases: ['mercury.com', 'mercurytechnologies'], url: 'www.mercury.com', phones: [], country: 'US' },
  // US regional banks and business-banking fintechs brokers see; web addresses where the name alone is a common word.
  { name: 'Frost Bank', aliases: ['frostbank', 'frostbank.com'], url: 'www.frostbank.com', phones: ['1-800-513-7678'], routing: ['114000093'], country: 'US' },
  { name: 'Zions Bank', aliases: ['zionsbank', 'zionsbancorporation', 'zionsbank.com'], url: 'www.zionsbank.com', phones: [], country: 'US' },
  { name: 'Comerica Bank', aliases: ['comericabank', 'comerica.com'], url: 'www.comerica.com', phones: [], country: 'US' },
  { name: 'First Horizon Bank', aliases: ['firsthorizonbank', 'firsthorizon.com'], url: 'www.firsthorizon.com', phones: [], country: 'US' },
  { name: 'Synovus Bank', aliases: ['synovusbank', 'synovus.com'], url: 'www.synovus.com', phones: [], country: 'US' },
  { name: 'Associated Bank', aliases: ['associatedbank', 'associatedbank.com'], url: 'www.associatedbank.com', phones: [], country: 'US' },
  { name: 'Webster Bank', aliases: ['websterbank', 'websterbank.com'], url: 'www.websterbank.com', phones: [], country: 'US' },
  { name: 'Valley National Bank', aliases: ['valleynationalbank'], url: 'www.valley.com', phones: [], country: 'US' },
  { name: 'East West Bank', aliases: ['eastwestbank', 'eastwestbank.com'], url: 'www.eastwestbank.com', phones: [], country: 'US' },
  { name: 'Cadence Bank', aliases: ['cadencebank', 'cadencebank.com'], url: 'www.cadencebank.com', phones: [], country: 'US' },
  { name: 'Old National Bank', aliases: ['oldnationalbank', 'oldnational.com'], url: 'www.oldnational.com', phones: [], country: 'US' },
  { name: 'UMB Bank', aliases: ['umbbank'], url: 'www.umb.com', phones: [], country: 'US' },
  { name: 'Arvest Bank', aliases: ['arvestbank', 'arvest.com'], url: 'www.arvest.com', phones: [], country: 'US' },
  { name: 'Umpqua Bank', aliases: ['umpquabank', 'umpquabank.com'], url: 'www.umpquabank.com', phones: [], country: 'US' },
  { name: 'Hancock Whitney Bank', aliases: ['hancockwhitney', 'hancockwhitney.com'], url: 'www.hancockwhitney.com', phones: [], country: 'US' },
  { name: 'BankUnited', aliases: ['bankunited', 'bankunited.com'], url: 'www.bankunited.com', phones: [], country: 'US' },
  { name: 'Flagstar Bank', aliases: ['flagstarbank', 'flagstar.com'], url: 'www.flagstar.com', phones: [], country: 'US' },
  { name: 'Western Alliance Bank', aliases: ['westernalliancebank', 'westernalliancebancorporation'], url: 'www.westernalliancebank.com', phones: [], country: 'US' },
  { name: 'Prosperity Bank', aliases: ['prosperitybank', 'prosperitybankusa.com'], url: 'www.prosperitybankusa.com', phones: [], country: 'US' },
  { name: 'Texas Capital Bank', aliases: ['texascapitalbank', 'texascapitalbank.com'], url: 'www.texascapitalbank.com', phones: [], country: 'US' },
  { name: 'Bank OZK', aliases: ['bankozk', 'ozk.com'], url: 'www.ozk.com', phones: [], country: 'US' },
  { name: 'Axos Bank', aliases: ['axosbank', 'axosbank.com'], url: 'www.axosbank.com', phones: [], country: 'US' },
  { name: 'Live Oak Bank', aliases: ['liveoakbank', 'liveoakbank.com'], url: 'www.liveoakbank.com', phones: [], country: 'US' },
  { name: 'Cross River Bank', aliases: ['crossriverbank', 'crossriver.com'], url: 'www.crossriver.com', phones: [], country: 'US' },
  { name: 'PenFed Credit Union', aliases: ['penfed', 'pentagonfederalcreditunion', 'penfed.org'], url: 'www.penfed.org', phones: [], country: 'US' },
  { name: 'BECU', aliases: ['becu', 'boeingemployeescreditunion', 'becu.org'], url: 'www.becu.org', phones: [], country: 'US' },
  { name: 'Alliant Credit Union', aliases: ['alliantcreditunion', 'alliantcreditunion.org'], url: 'www.alliantcreditunion.org', phones: [], country: 'US' },
  // Partner banks behind fintechs' accounts and cards (their own statements name them as letterhead; a fintech's names them after PARTNER_BANK_PHRASES).
  { name: 'Evolve Bank & Trust', aliases: ['evolvebank&trust', 'evolvebankandtrust', 'getevolved.com'], url: 'www.getevolved.com', phones: [], country: 'US' },
  { name: 'Choice Financial Group', aliases: ['choicefinancialgroup', 'choicebank.com'], url: 'www.choicebank.com', phones: [], country: 'US' },
  { name: 'The Bancorp Bank', aliases: ['thebancorpbank', 'thebancorp.com'], url: 'www.thebancorp.com', phones: [], country: 'US' },
  { name: 'Stride Bank', aliases: ['stridebank', 'stridebank.com'], url: 'www.stridebank.com', phones: [], country: 'US' },
  { name: 'Coastal Community Bank', aliases: ['coastalcommunitybank', 'coastalbank.com'], url: 'www.coastalbank.com', phones: [], country: 'US' },
  { name: 'Thread Bank', aliases: ['threadbank', 'threadbank.com'], url: 'www.threadbank.com', phones: [], country: 'US' },
  { name: 'Sutton Bank', aliases: ['suttonbank', 'suttonbank.com'], url: 'www.suttonbank.com', phones: [], country: 'US' },
  { name: 'Bluevine', aliases: ['bluevine', 'bluevine.com'], url: 'www.bluevine.com', phones: [], country: 'US' },
  { name: 'Novo', aliases: ['novo.co', 'novoplatform'], url: 'www.novo.co', phones: [], country: 'US' },
  { name: 'Relay', aliases: ['relayfi', 'relayfi.com', 'relayfinancial'], url: 'www.relayfi.com', phones: [], country: 'US' },
  { name: 'NorthOne', aliases: ['northone.com', 'northonebusinessbanking'], url: 'www.northone.com', phones: [], country: 'US' },
  { name: 'Chime', aliases: ['chime.com', 'chimefinancial'], url: 'www.chime.com', phones: [], country: 'US' },
  { name: 'Brex', aliases: ['brex.com', 'brexinc'], url: 'www.brex.com', phones: [], country: 'US' },
  { name: 'CIBC', aliases: ['cibc', 'cibc.com', 'canadianimperialbankofcommerce'], url: 'www.cibc.com', phones: [], country: 'CA' },
  { name: 'National Bank of Canada', aliases: ['nationalbankofcanada', 'banquenationale', 'nbc.ca'], url: 'www.nbc.ca', phones: [], country: 'CA' },
  { name: 'Nationwide Building Society', aliases: ['nationwidebuildingsociety', 'nationwide.co.uk'], url: 'www.nationwide.co.uk', phones: [], country: 'UK' },
  { name: 'TSB Bank', aliases: ['tsbbank', 'tsb.co.uk'], url: 'www.tsb.co.uk', phones: [], country: 'UK' },
  { name: 'Halifax', aliases: ['halifax.co.uk'], url: 'www.halifax.co.uk', phones: [], country: 'UK' },
  { name: 'National Australia Bank', aliases: ['nationalaustraliabank', 'nab.com.au'], url: 'www.nab.com.au', phones: [], country: 'AU' },
  { name: 'Commerce Bank', aliases: ['commercebank', 'commercebank.com'], url: 'www.commercebank.com', phones: ['1-800-453-2265'], country: 'US' },
  { name: 'First Citizens Bank', aliases: ['firstcitizensbank', 'firstcitizens.com', 'firstcitizens'], url: 'www.firstcitizens.com', phones: ['1-888-323-4732'], country: 'US' },
  { name: 'Silicon Valley Bank', aliases: ['siliconvalleybank', 'svb.com'], url: 'www.svb.com', phones: ['1-800-774-7390'], country: 'US' },
  { name: 'Ally Bank', aliases: ['allybank', 'ally.com'], url: 'www.ally.com', phones: ['1-877-247-2559'], ofxOrgs: ['Ally'], country: 'US' },
  { name: 'First Republic Bank', aliases: ['firstrepublicbank', 'firstrepublic.com'], url: 'www.firstrepublic.com', phones: ['1-888-408-0288'], country: 'US' },
  { name: 'Postbank', aliases: ['postbank', 'postbank.de'], url: 'www.postbank.de', phones: [], country: 'EU', currency: 'EUR' },
  { name: 'ICICI Bank', aliases: ['icicibank', 'icicibank.com'], url: 'www.icicibank.com', phones: [], country: 'IN', currency: 'INR' },
  { name: 'HDFC Bank', aliases: ['hdfcbank', 'hdfcbank.com'], url: 'www.hdfcbank.com', phones: [], country: 'IN', currency: 'INR' },
  { name: 'Axis Bank', aliases: ['axisbank', 'axisbank.com'], url: 'www.axisbank.com', phones: [], country: 'IN', currency: 'INR' },
  { name: 'State Bank of India', aliases: ['statebankofindia', 'onlinesbi', 'sbi.co.in'], url: 'www.onlinesbi.sbi', phones: [], country: 'IN', currency: 'INR' },
  { name: 'OCBC Bank', aliases: ['ocbcbank', 'ocbc.com', 'ocbc'], url: 'www.ocbc.com', phones: [], country: 'SG', currency: 'SGD' },
  { name: 'DBS Bank', aliases: ['dbsbank', 'dbs.com'], url: 'www.dbs.com', phones: [], country: 'SG', currency: 'SGD' },
  { name: 'ANZ', aliases: ['anzbank', 'anz.co.nz', 'anz.com', 'anz'], url: 'www.anz.com', phones: [], country: 'NZ', currency: 'NZD' },
  { name: 'ASB Bank', aliases: ['asbbank', 'asb.co.nz'], url: 'www.asb.co.nz', phones: [], country: 'NZ', currency: 'NZD' },
  { name: 'Westpac', aliases: ['westpac.co.nz', 'westpac.com.au', 'westpac'], url: 'www.westpac.com', phones: [], country: 'NZ', currency: 'NZD' },
  { name: 'Kiwibank', aliases: ['kiwibank', 'kiwibank.co.nz'], url: 'www.kiwibank.co.nz', phones: [], country: 'NZ', currency: 'NZD' },
  { name: 'SBS Bank', aliases: ['sbsbank', 'sbsbank.co.nz'], url: 'www.sbsbank.co.nz', phones: [], country: 'NZ', currency: 'NZD' },
  { name: 'Commonwealth Bank', aliases: ['commonwealthbank', 'commbank.com.au', 'commbank'], url: 'www.commbank.com.au', phones: [], country: 'AU', currency: 'AUD' },
  { name: 'ING', aliases: ['ing.de', 'ing-diba', 'ingdiba', 'ing.nl'], url: 'www.ing.com', phones: [], country: 'EU', currency: 'EUR' },
  { name: 'Bank Mandiri', aliases: ['bankmandiri', 'bankmandiri.co.id'], url: 'www.bankmandiri.co.id', phones: ['14000'], country: 'ID', currency: 'IDR' },
  { name: 'PostFinance', aliases: ['postfinance', 'postfinance.ch'], url: 'www.postfinance.ch', phones: [], country: 'CH', currency: 'CHF' },
  { name: 'UBS', aliases: ['ubsswitzerland', 'ubs.com', 'ubsswitzerlandag'], url: 'www.ubs.com', phones: [], country: 'CH', currency: 'CHF' },
  { name: 'Société Générale', aliases: ['societegenerale', 'sg.fr', 'societegenerale.fr'], url: 'www.societegenerale.fr', phones: [], country: 'EU', currency: 'EUR' },
  { name: 'BNP Paribas', aliases: ['bnpparibas', 'mabanque.bnpparibas'], url: 'mabanque.bnpparibas', phones: [], country: 'EU', currency: 'EUR' },
  { name: 'ABN AMRO', aliases: ['abnamro', 'abnamro.nl', 'abnamrobank'], url: 'www.abnamro.nl', phones: [], country: 'EU', currency: 'EUR' },
  { name: 'Intesa Sanpaolo', aliases: ['intesasanpaolo', 'intesasanpaolo.com'], url: 'www.intesasanpaolo.com', phones: [], country: 'EU', currency: 'EUR' },
  { name: 'UniCredit', aliases: ['unicredit', 'unicredit.it'], url: 'www.unicredit.it', phones: [], country: 'EU', currency: 'EUR' },
  { name: 'Banco do Brasil', aliases: ['bancodobrasil', 'bb.com.br'], url: 'www.bb.com.br', phones: [], country: 'BR', currency: 'BRL' },
  { name: 'Itaú Unibanco', aliases: ['itauunibanco', 'itau.com.br'], url: 'www.itau.com.br', phones: [], country: 'BR', currency: 'BRL' },
  { name: 'BBVA México', aliases: ['bbvamexico', 'bbva.mx', 'bbvabancomer'], url: 'www.bbva.mx', phones: [], country: 'MX', currency: 'MXN' },
  { name: 'BBVA', aliases: ['bbva', 'bbva.es'], url: 'www.bbva.es', phones: [], country: 'EU', currency: 'EUR' },
  { name: 'CaixaBank', aliases: ['caixabank', 'caixabank.es'], url: 'www.caixabank.es', phones: [], country: 'EU', currency: 'EUR' },
  { name: 'N26', aliases: ['n26bank', 'n26.com', 'n26'], url: 'www.n26.com', phones: [], country: 'EU', currency: 'EUR' },
  { name: 'Equity Bank', aliases: ['equitybank', 'equitygroupholdings', 'equitybankgroup'], url: 'equitygroupholdings.com', phones: [], country: 'KE', currency: 'KES' },
  { name: 'Rabobank', aliases: ['rabobank', 'rabobank.nl'], url: 'www.rabobank.nl', phones: [], country: 'EU', currency: 'EUR' },
];

/**
 * Words that may stand right before a bank's name in the same printed run without being part of
 * it ("The Commerce Bank", "Banking With Citizens Bank"): any other capitalised word there makes
 * the name a longer one ("Tri-County Commerce Bank" is no Commerce Bank). Lower-case.
 */
export const BANK_NAME_LEAD_INS = ['the', 'with', 'at', 'from', 'by', 'of', 'to', 'for', 'and', 'member', 'fdic', 'your', 'welcome', 'thank', 'you', 'banking', 'via', 'in'];

/**
 * Phrases after which a bank named on the same line (or the next, where the line ends with one)
 * is the partner bank behind a fintech's accounts or cards ("Tallybird is a financial technology
 * company, not a bank. Banking services provided by Evolve Bank & Trust, Member FDIC"), never the
 * statement's bank: the statement is the brand's, its letterhead, and where the data does not know
 * the brand the bank is Unknown. A name before the phrase (the brand's own) still counts.
 * Lower-case, spaces as printed.
 */
export const PARTNER_BANK_PHRASES = [
  'banking services provided by', 'banking services are provided by', 'banking services offered by', 'not a bank', 'accounts are held at', 'deposits are held at',
  'funds are held at', 'held at', 'issued by', 'in partnership with', 'pursuant to a license', 'fdic insured through', 'fdic-insured through', 'partner bank', 'partner banks',
];
