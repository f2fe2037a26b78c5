import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyBusiness } from '../../src/service/naics/classify.js';
import { NAICS_2022 } from '../../src/service/naics/data/naics-2022.js';
import { INDUSTRY_WORDS } from '../../src/service/naics/data/industry-words.js';
import { AppInfoSchema } from '../../src/contract/api/endpoints.js';
import { jsonFile, mtjson, newAccount, startTestService, type TestService } from './helpers.js';

const pick = (names: string[], descriptions: string[] = [], credits: string[] = [], debits: string[] = []) =>
  classifyBusiness({ names, descriptions, credits, debits }).primary;

describe('NAICS 2022 data', () => {
  it('codes are unique, well-formed, titled; every rule points at a listed 6-digit code', () => {
    const codes = NAICS_2022.map(([c]) => c);
    expect(new Set(codes).size).toBe(codes.length);
    for (const [c, t] of NAICS_2022) {
      expect(c).toMatch(/^(\d{2}|\d{2}-\d{2}|\d{3,4}|\d{6})$/);
      expect(t.length).toBeGreaterThan(3);
    }
    // Every national industry of the 2022 revision, in code order.
    const six = codes.filter((c) => /^\d{6}$/.test(c));
    expect(six).toHaveLength(1012);
    expect([...six].sort()).toEqual(six);
    for (const c of ['212114', '455110', '455211', '513210', '516210', '518210', '523150', '722330', '811114']) expect(six, c).toContain(c);
    const listed = new Set(codes);
    for (const r of INDUSTRY_WORDS) expect(listed.has(r.code), r.code).toBe(true);
    // 2017's e-commerce code is gone in 2022.
    expect(listed.has('454110')).toBe(false);
  });
});

/** Common small businesses as an applicant describes them (type of business), with the codes that fit. */
const SMALL_BUSINESSES: Array<[string, string, string[]]> = [
  ['Hometown Freight LLC', 'Trucking', ['484121','484110','484122','484220','484230']],
  ['Blue Plate Diner', 'Restaurant', ['722511','722513']],
  ['Smile Dental Care', 'Dental office', ['621210']],
  ['Peak Roofing', 'Roofing', ['238160']],
  ['Curl Up & Dye', 'Hair salon', ['812112']],
  ['Main St Garage', 'Auto repair', ['811111','811114']],
  ['Little Learners', 'Daycare', ['624410']],
  ['Evergreen Yard Co', 'Landscaping', ['561730']],
  ['Bright Spark Electric', 'Electrician', ['238210']],
  ['Sunny Side Bakery', 'Bakery', ['311811','445291']],
  ['Fresh Cuts', 'Barber shop', ['812111']],
  ['Paws & Claws', 'Pet grooming', ['812910']],
  ['Clean Sweep', 'Janitorial services', ['561720']],
  ['Cool Air HVAC', 'HVAC contractor', ['238220']],
  ['Ace Plumbing', 'Plumbing', ['238220']],
  ['Byte Works', 'Software development', ['541511','513210']],
  ['Numbers Inc', 'Accounting and tax preparation', ['541211','541213','541219']],
  ['Fit Life', 'Gym', ['713940']],
  ['Corner Market', 'Convenience store', ['445131','457110']],
  ['Happy Paws Vet', 'Veterinary clinic', ['541940']],
  ['Family Chiro', 'Chiropractor', ['621310']],
  ['Shine Car Wash', 'Car wash', ['811192']],
  ['Rapid Print', 'Printing shop', ['323111','561439']],
  ['Bloom Florist', 'Florist', ['459310']],
  ['Brew Corner', 'Coffee shop', ['722515']],
  ['Happy Hour Tavern', 'Bar', ['722410']],
  ['Sleep Inn Local', 'Motel', ['721110']],
  ['Home Health Partners', 'Home health care', ['621610']],
  ['City Taxi', 'Taxi service', ['485310']],
  ['Taco Wheels', 'Food truck', ['722330']],
  ['Party Time Catering', 'Catering', ['722320']],
  ['Green Clean Laundromat', 'Laundromat', ['812310']],
  ['Mane Street Nails', 'Nail salon', ['812113']],
  ['Pest Away', 'Pest control', ['561710']],
  ['Steel Fab Shop', 'Machine shop', ['332710']],
  ['Paint Pros', 'Painting contractor', ['238320']],
  ['Floor Masters', 'Flooring installation', ['238330']],
  ['Sparkle Jewelers', 'Jewelry store', ['458310']],
  ['Tow Pros', 'Towing', ['488410']],
  ['Liquor Barn', 'Liquor store', ['445320']],
  ['Wheels Used Autos', 'Used car dealer', ['441120']],
  ['Insure Right', 'Insurance agency', ['524210']],
  ['Lens Crafters Local', 'Optometrist', ['621320']],
  ['Moving Made Easy', 'Moving company', ['484210']],
  ['Secure Guard', 'Security guard services', ['561612']],
  ['Tutor Time', 'Tutoring', ['611691']],
  ['Snap Studio', 'Photography', ['541921','541922']],
  ['Pharmacy Plus', 'Pharmacy', ['456110']],
  ['Quick Lube', 'Oil change', ['811191']],
  ['Green Thumb Nursery', 'Garden center', ['444240']],
];

describe('the offline classifier by example', () => {
  it.each(SMALL_BUSINESSES)('%s, "%s" → a plausible code', (name, description, plausible) => {
    const p = pick([name], [description]);
    expect(plausible).toContain(String(p?.naics));
  });

  it.each([
    ['restaurant', ["Mario's Trattoria LLC"], [], [], ['SYSCO FOODS 4411', 'US FOODS INC'], 722511],
    ['pizzeria', ['Tony Pizza Inc'], ['Pizza restaurant, takeout'], ['DOORDASH PAYOUT'], [], 722513],
    ['trucking', ['ACME TRUCKING LLC'], [], ['TQL PAYMENT'], ['PILOT TRAVEL 44', 'COMDATA FUEL'], 484121],
    ['dental office', ['Bright Smile Family Dentistry PC'], [], ['DELTA DENTAL CLAIM'], ['HENRY SCHEIN INC'], 621210],
    ['auto repair', ["Joe's Auto Repair"], [], [], ['NAPA AUTO PARTS', 'AUTOZONE 1234'], 811111],
    ['construction contractor', ['Summit Builders Inc'], ['General contractor'], [], ['THE HOME DEPOT 123'], 236220],
    ['roofing contractor', ['Top Notch Roofing LLC'], [], [], ['ABC SUPPLY CO'], 238160],
    ['beauty salon', ['Glamour Studio'], ['Hair salon'], [], ['SALLY BEAUTY 88'], 812112],
    ['nail salon', ['Luxe Nails & Spa'], [], [], [], 812113],
    ['e-commerce retailer', ['Northwind Goods LLC'], ['Online retailer of home goods'], ['SHOPIFY PAYOUT', 'AMAZON MARKETPLACE PMTS'], [], 455219],
    ['plumber', ['Precision Plumbing & Heating'], [], [], [], 238220],
    ['landscaper', ['Green Acres Landscaping'], [], [], [], 561730],
    ['law office', ['Smith & Jones Attorneys at Law'], [], [], [], 541110],
    ['child care', ['Little Stars Daycare'], [], [], [], 624410],
    ['gym', ['Iron Temple Fitness'], [], [], [], 713940],
    ['convenience store', ['Quick Stop Food Mart'], [], [], ['MCLANE CO'], 445131],
    ['cleaning company', ['Sparkle Cleaning Services'], [], [], [], 561720],
    ['real estate office', ['Sunrise Realty Group'], [], [], [], 531210],
  ])('%s → plausible code', (_, names, descriptions, credits, debits, code) => {
    const p = pick(names, descriptions, credits, debits);
    expect(p?.naics).toBe(code);
    expect(p!.title).toBe(NAICS_2022.find(([c]) => c === String(code))![1]);
    expect(p!.explanation.length).toBeGreaterThan(10);
    expect(p!.weight).toBeGreaterThan(0);
    expect(p!.weight).toBeLessThan(1);
  });

  it('more evidence gives more weight; no evidence gives no code (never a guess)', () => {
    const thin = pick(['Green Acres Landscaping'])!.weight;
    const rich = pick(['Green Acres Landscaping'], ['Lawn care and tree service'], [], ['SITEONE LANDSCAPE SUPPLY', 'SITEONE LANDSCAPE SUPPLY'])!.weight;
    expect(rich).toBeGreaterThan(thin);
    expect(classifyBusiness({ names: ['Zeta Holdings LLC'], descriptions: [], credits: ['DEPOSIT'], debits: ['RENT'] })).toEqual({ primary: null, alternate: null });
  });

  it('a trade beside a broad word is the trade: electrical and roofing contractors are not general builders', () => {
    expect(pick(['City Electric Contractors'])?.naics).toBe(238210);
    expect(pick(['Summit Roofing Construction LLC'])?.naics).toBe(238160);
    expect(pick(['Apex Construction Co'])?.naics).toBe(236220);
  });

  it('the type of business outweighs a name word', () => {
    expect(pick(['Metro Transport Kitchen'], ['Full service restaurant'])?.naics).toBe(722511);
  });
});

describe('dowebsearch over HTTP', () => {
  let svc: TestService;
  let calls = 0;
  beforeAll(async () => {
    svc = await startTestService({
      webSearch: async (q) => {
        calls++;
        if (q.appnumber === 'WS-FAIL') throw new Error('search quota exhausted');
        return { name: 'test provider', sitesUsed: 'https://example.com/acme', hasMinimalWebPresence: 'false', homeBasedBusiness: false };
      },
    });
  });
  afterAll(async () => { await svc?.stop(); });

  const trucking = () => mtjson([{ start: '2025-03-01', end: '2025-03-31', startBalance: 500_000, txns: [
    { date: '2025-03-03', description: 'TQL FREIGHT PAYMENT', amount: 420_000 },
    { date: '2025-03-05', description: 'PILOT TRAVEL CENTERS 412', amount: -65_000 },
    { date: '2025-03-12', description: 'COMDATA FUEL CARD', amount: -48_000 },
    { date: '2025-03-20', description: "LOVE'S TRAVEL STOP", amount: -51_000 },
  ] }], 'First Test Bank', 'ROADRUNNER TRUCKING LLC');

  it('classifies the application\'s business into appinfo.webSearch, kept for later calls', async () => {
    const c = await newAccount(svc, 'pdfinsightstp');
    const r = await c.post('/uploadpdfs', { appnumber: 'WS-1', accounttype: 'MTJson', dowebsearch: 'true' }, [jsonFile(trucking())]);
    expect(r.status).toBe(200);
    const ws = r.json.appinfo.webSearch;
    expect(() => AppInfoSchema.parse(r.json.appinfo)).not.toThrow();
    expect(ws.industry.primary).toMatchObject({ naics: 484121, title: 'General Freight Trucking, Long-Distance, Truckload', sector: { code: '48-49', title: 'Transportation and Warehousing' } });
    expect(ws.industry.primary.explanation).toMatch(/trucking.*business name/i);
    expect(ws.industry.primary.explanation).toMatch(/PILOT TRAVEL/);
    expect(ws).toMatchObject({ source: 'test provider', sitesUsed: 'https://example.com/acme', hasMinimalWebPresence: 'false', homeBasedBusiness: false });
    expect(Date.parse(ws.lastRun)).not.toBeNaN();
    const again = await c.post('/getresults', { appid: r.json.appinfo.appid });
    expect(again.json.appinfo.webSearch.industry.primary.naics).toBe(484121);
    const listed = await c.get('/getapps');
    expect(listed.json.find((a: any) => a.appnumber === 'WS-1').webSearch.industry.primary.naics).toBe(484121);
    // Without dowebsearch nothing is classified.
    const plain = await c.post('/uploadpdfs', { appnumber: 'WS-2', accounttype: 'MTJson' }, [jsonFile(trucking().replace('412', '413'))]);
    expect(plain.json.appinfo.webSearch).toBeUndefined();
  });

  it('a failing provider leaves the local classification, saying why', async () => {
    const c = await newAccount(svc, 'pdfinsightstp');
    const before = calls;
    const r = await c.post('/uploadpdfs', { appnumber: 'WS-FAIL', accounttype: 'MTJson', dowebsearch: 'true' }, [jsonFile(trucking())]);
    expect(calls).toBe(before + 1);
    expect(r.json.appinfo.webSearch.industry.primary.naics).toBe(484121);
    expect(r.json.appinfo.webSearch.source).toBe('local classifier');
    expect(r.json.appinfo.webSearch.providerError).toMatch(/search quota exhausted/);
  });
});
