import { describe, expect, it } from 'vitest';
import { BANKS as ENGINE_BANKS } from '../../src/engine/data/banks.js';
import { BANKS as GENERATOR_BANKS } from '../fixtures/generator/banks.js';
import { BANK_IDENTITIES, identityOf } from '../../src/service/fraud/data/bank-identity.js';
import { PLACEHOLDERS } from '../../src/service/fraud/data/composed-documents.js';
import { bicProblem, phoneKey, validIban, validRouting } from '../../src/service/fraud/bank-codes.js';
import { bareDomain, lookalikeOf } from '../../src/service/fraud/lookalike.js';
import { identityFindings } from '../../src/service/fraud/identity.js';
import type { Line } from '../../src/service/fraud/page-lines.js';

const KNOWN = BANK_IDENTITIES.flatMap((b) => b.domains);
const line = (text: string, page = 1): Line => ({ page, y: 100, text, items: [{ str: text, x: 40, y: 100, w: 200, size: 9, font: 'Helvetica' }] });
const info = { producer: '', cdate: '', mdate: '', pagecount: 1, image: false };
const check = (bankName: string, lines: string[], producer = '') => identityFindings({ lines: lines.map((t) => line(t)), bankName, descriptions: 'AMAZON.COM MKTPLACE\nKAY.COM JEWELERS', accountNumbers: ['12345678'], info: { ...info, producer } });

describe('bank identity data', () => {
  it('every row names an engine bank, domains are bare and every routing number passes its check digit', () => {
    const engine = new Set(ENGINE_BANKS.map((b) => b.name));
    for (const b of BANK_IDENTITIES) {
      for (const n of b.names) expect(engine.has(n), n).toBe(true);
      for (const d of b.domains) expect(bareDomain(d)).toBe(d);
      for (const r of b.routing) expect(validRouting(r), r).toBe(true);
    }
    // A value listed for two banks would prove nothing: each is one bank's.
    const all = BANK_IDENTITIES.flatMap((b) => [...b.domains, ...b.routing, ...b.phones.map(phoneKey), ...b.bics]);
    expect(new Set(all).size).toBe(all.length);
  });

  it("every generator bank's printed site is its own domain (no false alarm on genuine statements)", () => {
    for (const b of Object.values(GENERATOR_BANKS)) {
      const domain = bareDomain(b.url);
      expect(BANK_IDENTITIES.some((x) => x.domains.some((d) => domain === d || domain.endsWith(`.${d}`))), b.url).toBe(true);
    }
  });

  it('look-alike domains by example', () => {
    const cases: [string, string | null][] = [
      ['www.hesb.co.uk', 'hsbc.co.uk'], ['hscb.co.uk', 'hsbc.co.uk'], ['www.chasse.com', 'chase.com'], ['chace.com', 'chase.com'], ['wellsfarg0.com', 'wellsfargo.com'],
      ['bankofarnerica.com', 'bankofamerica.com'], ['citibamk.com', 'citibank.com'], ['www.hsbc.co.uk', null], ['online.hsbc.co.uk', null], ['hsbc.com', null],
      ['amazon.com', null], ['paypal.com', null], ['stripe.com', null], ['www.irs.gov', null], ['hsbc.net', null],
    ];
    expect(cases.map(([d]) => lookalikeOf(bareDomain(d), KNOWN))).toEqual(cases.map(([, k]) => k));
  });

  it('bank codes by example', () => {
    expect(['021000021', '026009593', '121000248', '021000022', '123456789'].map(validRouting)).toEqual([true, true, true, false, false]);
    expect(['GB29 NWBK 6016 1331 9268 19', 'DE89370400440532013000', 'GB29 NWBK 6016 1331 9268 18', 'GB29NWBK601613319268'].map(validIban)).toEqual([true, true, false, false]);
    expect(['HBUKGB4B', 'CHASUS33XXX', 'HBUKZZ4B', 'HBUK4B'].map(bicProblem)).toEqual([null, null, 'names no known country ("ZZ")', 'is not a well-formed SWIFT/BIC code']);
    expect(['1-800-935-9935', '(800) 935-9935', '+44 3457 404 404', '03457 404 404'].map(phoneKey)).toEqual(['8009359935', '8009359935', '3457404404', '3457404404']);
  });

  it('placeholders by example; masked numbers are not placeholders', () => {
    const hit = (s: string) => PLACEHOLDERS.some((re) => re.test(s));
    expect(['[Customer Name]', '{{account_number}}', '<<ADDRESS>>', 'Lorem ipsum dolor', 'Your Bank Name', 'Account: XXXX-XXXX-XXXX', 'Name: ________'].map(hit)).toEqual([true, true, true, true, true, true, true]);
    expect(['XXXX XXXX XXXX 7082', 'Account ****1234', 'XXXXXX1234', 'Total Deposits'].map(hit)).toEqual([false, false, false, false]);
  });
});

describe('identity findings', () => {
  it("the bank's own site and phone tie the document to it: no finding", () => {
    expect(check('HSBC', ['www.hsbc.co.uk 03457 404 404', 'Sort Code 40-11-62 Account 12345678'], 'Actuate Content Services Document Transform - 5.0.00')).toEqual([]);
  });

  it('sites under country second-level domains (.co.nz, .com.au, .co.id) are read whole: their own ties the document, a look-alike is named', () => {
    expect(check('ASB Bank', ['Visit www.asb.co.nz or call us'])).toEqual([]);
    expect(check('Commonwealth Bank', ['commbank.com.au/business'])).toEqual([]);
    expect(check('Bank Mandiri', ['www.bankmandiri.co.id'])).toEqual([]);
    expect(check('ASB Bank', ['Visit www.asd.co.nz']).map((f) => f.key)).toEqual(['lookalike-domain', 'identity-unverified']);
  });

  it('a look-alike site, a phone, sort code, BIC and routing number of other banks are each named', () => {
    const f = check('HSBC', ['Visit www.hesb.co.uk or call 0345 734 5345', 'Sortcode 20-11-62', 'SWIFT: BARCGB22', 'IBAN GB29 NWBK 6016 1331 9268 19'], 'Actuate 5');
    expect(f.map((x) => x.text)).toEqual([
      'Web address "www.hesb.co.uk" on page 1 imitates hsbc.co.uk (HSBC\'s own)',
      "Phone number 0345 734 5345 on page 1 is Barclays's, not HSBC's",
      "Sort code 20-11-62 on page 1 is Barclays's, not HSBC's",
      "SWIFT/BIC BARCGB22 on page 1 is Barclays's, not HSBC's",
      "IBAN GB29NWBK60161331926819 on page 1 is NatWest's (NWBK), not HSBC's",
      'IBAN GB29NWBK60161331926819 on page 1 holds sort code 60-16-13; the statement prints 20-11-62',
      "IBAN GB29NWBK60161331926819 on page 1 holds account 31926819; the statement's account is 12345678",
      "None of HSBC's web addresses, phone numbers or bank codes is printed",
    ]);
    expect(f[0]!.evidence).toEqual([{ page: 1, box: [40, 91, 200, 10.8] }]);
    expect(check('JPMorgan Chase Bank, N.A.', ['www.chase.com', 'ABA Routing Number 021000022', 'Wire routing 026009593']).map((x) => x.text)).toEqual([
      'Routing number 021000022 on page 1 fails its check digit', "Routing number 026009593 on page 1 is Bank of America's, not JPMorgan Chase Bank, N.A.'s",
    ]);
  });

  it("a merchant's site inside a transaction row is not the bank's (kay.com is one edit from key.com)", () => {
    expect(check('KeyBank', ['www.key.com', '03/02 KAY.COM JEWELERS 120.00', '03/04 AMAZON.COM MKTPLACE 33.10'])).toEqual([]);
  });

  it("a producer the bank's statements are not made with (data: HSBC uses Actuate)", () => {
    expect(check('HSBC', ['www.hsbc.co.uk'], 'Microsoft® Word for Microsoft 365').map((x) => x.key)).toEqual(['producer-unlike-bank']);
    expect(check('Lloyds Bank', ['lloydsbank.com'], 'Microsoft® Word for Microsoft 365')).toEqual([]); // no producer data: no judgement
  });

  it('an unknown bank, or a known one with nothing of it printed, is unverified', () => {
    expect(check('Unknown', ['FIRST NATIONAL BANK']).map((x) => x.text)).toEqual(['No known bank is named in the document']);
    expect(check('Capital One', ['Capital One']).map((x) => x.key)).toEqual(['identity-unverified']);
    expect(identityOf('Capital One')?.domains).toEqual(['capitalone.com']);
  });
});
