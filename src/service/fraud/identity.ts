import type { PdfInfo } from '../../contract/model.js';
import { bicProblem, phoneKey, validIban, validRouting } from './bank-codes.js';
import { BANK_IDENTITIES, identityOf, type BankIdentity } from './data/bank-identity.js';
import type { Finding } from './finding.js';
import { bareDomain, isDomainOf, lookalikeOf } from './lookalike.js';
import { itemsHolding, lineBox, type Line } from './page-lines.js';
import { ROW_START } from './statement-signals.js';

/**
 * Does the document speak for the bank it names? Web addresses, phone numbers and bank codes
 * printed outside the transaction rows are checked against the bank identity data: a look-alike
 * domain, another bank's phone or code, a code that fails its check digits, a producer the bank
 * does not use, or nothing at all that ties the document to the bank.
 */
export interface IdentityInput {
  lines: Line[];
  bankName: string;
  /** Every transaction description (upper case, joined): values printed inside rows are a payee's, not the bank's. */
  descriptions: string;
  accountNumbers: string[];
  info: PdfInfo;
}

const DOMAIN = /\b(?:https?:\/\/)?(?:[a-z0-9][a-z0-9-]{0,62}\.)+(?:co\.uk|org\.uk|co\.nz|com\.au|co\.id|co\.in|com|org|net|bank|uk|de|ca|us|eu|nz|au)\b/gi;
const PHONE = /(?:\+?\d{1,2}[\s.-]?)?\(?\d{3,5}\)?[\s.-]?\d{2,4}[\s.-]?\d{2,4}(?:[\s.-]\d{2,4})?/g;
const MAY_DOMAIN = /[a-z0-9-]\.[a-z]/i;
/** Nine digits or more in the line: a phone key (9 to 11 digits) cannot come from fewer. */
const MAY_PHONE = /(?:\d\D*){9}/;
const compact = (s: string) => s.toLowerCase().replace(/[\s.]+/g, '');

const ALL_DOMAINS = BANK_IDENTITIES.flatMap((b) => b.domains);
const OWNER_OF_PHONE = new Map<string, BankIdentity>();
for (const b of BANK_IDENTITIES) for (const p of b.phones) OWNER_OF_PHONE.set(phoneKey(p), b);
const OWNER_OF_ROUTING = new Map<string, BankIdentity>();
for (const b of BANK_IDENTITIES) for (const r of b.routing) OWNER_OF_ROUTING.set(r, b);

function ownerOfSortCode(digits: string): BankIdentity | null {
  let best: BankIdentity | null = null, len = 0;
  for (const b of BANK_IDENTITIES) for (const p of b.sortCodes) if (digits.startsWith(p) && p.length > len) { best = b; len = p.length; }
  return best;
}
const ownerOfBic = (code: string) => BANK_IDENTITIES.find((b) => b.bics.includes(code)) ?? null;
const nameOf = (b: BankIdentity) => b.names[0]!;

export function identityFindings(input: IdentityInput): Finding[] {
  const { lines, descriptions } = input;
  const bank = identityOf(input.bankName);
  const out: Finding[] = [];
  const seen = new Set<string>();
  const push = (f: Finding) => { if (!seen.has(f.text)) { seen.add(f.text); out.push(f); } };
  // Memoised: a payee's site or number repeats on many rows, and each look is a search of every description.
  const rowHits = new Map<string, boolean>();
  const inRows = (s: string) => {
    let hit = rowHits.get(s);
    if (hit === undefined) { hit = s.length >= 4 && descriptions.includes(s.toUpperCase()); if (rowHits.size < 10_000) rowHits.set(s, hit); }
    return hit;
  };
  const at = (line: Line, needle: string) => ({ page: line.page, box: lineBox(itemsHolding(line, needle)) });
  let own = false;
  const sortCodes: string[] = [];

  for (const line of lines) {
    // A transaction row (it starts with a date) prints a payee's details, never the bank's own.
    if (ROW_START.test(line.text)) continue;
    // Cheap gates before each global search (matchAll copies its pattern on every call).
    for (const m of MAY_DOMAIN.test(line.text) ? line.text.matchAll(DOMAIN) : []) {
      const raw = m[0];
      const domain = bareDomain(raw);
      if (inRows(domain)) continue;
      if (bank?.domains.some((d) => isDomainOf(domain, d))) { own = true; continue; }
      const imitated = lookalikeOf(domain, ALL_DOMAINS);
      if (imitated) {
        push({ key: 'lookalike-domain', text: `Web address "${raw}" on page ${line.page} imitates ${imitated}${bank && !bank.domains.includes(imitated) ? '' : ` (${input.bankName}'s own)`}`, evidence: [at(line, raw)] });
        continue;
      }
      const other = BANK_IDENTITIES.find((b) => b !== bank && b.domains.some((d) => isDomainOf(domain, d)));
      if (bank && other) push({ key: 'other-bank-contact', text: `Web address "${raw}" on page ${line.page} is ${nameOf(other)}'s, not ${input.bankName}'s`, evidence: [at(line, raw)] });
    }
    for (const m of MAY_PHONE.test(line.text) ? line.text.matchAll(PHONE) : []) {
      const key = phoneKey(m[0]);
      if (key.length < 9 || key.length > 11) continue;
      const owner = OWNER_OF_PHONE.get(key);
      if (!owner || inRows(m[0].trim())) continue;
      if (owner === bank) { own = true; continue; }
      if (bank) push({ key: 'other-bank-contact', text: `Phone number ${m[0].trim()} on page ${line.page} is ${nameOf(owner)}'s, not ${input.bankName}'s`, evidence: [at(line, m[0].trim())] });
    }
    // The label tests run only on lines that hold a code's digits at all (most lines hold none).
    const nine = /\b\d{9}\b/.test(line.text), six = /\b\d{2}[- ]\d{2}[- ]\d{2}\b/.test(line.text);
    const label = nine || six ? compact(line.text) : '';
    if (nine && (/routing|\baba\b|rtn|transit/.test(label) || /\b(ABA|RTN)\b/.test(line.text))) {
      for (const m of line.text.matchAll(/\b\d{9}\b/g)) {
        const n = m[0];
        if (!validRouting(n)) { push({ key: 'bank-code-mismatch', text: `Routing number ${n} on page ${line.page} fails its check digit`, evidence: [at(line, n)] }); continue; }
        const owner = OWNER_OF_ROUTING.get(n);
        if (owner === bank && bank) own = true;
        else if (owner && bank) push({ key: 'bank-code-mismatch', text: `Routing number ${n} on page ${line.page} is ${nameOf(owner)}'s, not ${input.bankName}'s`, evidence: [at(line, n)] });
      }
    }
    if (six && label.includes('sortcode')) {
      for (const m of line.text.matchAll(/\b(\d{2})[- ](\d{2})[- ](\d{2})\b/g)) {
        const digits = m[1]! + m[2]! + m[3]!;
        sortCodes.push(digits);
        const owner = ownerOfSortCode(digits);
        if (owner && owner === bank) own = true;
        else if (owner && bank && bank.sortCodes.length) push({ key: 'bank-code-mismatch', text: `Sort code ${m[0]} on page ${line.page} is ${nameOf(owner)}'s, not ${input.bankName}'s`, evidence: [at(line, m[0])] });
      }
    }
    const bic = !/swift|bic/i.test(line.text) ? null : /(?:swift|\bbic)(?:\s*(?:code|\/\s*bic|\/\s*swift))?\s*[:.]?\s*([A-Z0-9]{8,11})\b/i.exec(line.text);
    if (bic && /[A-Z]/.test(bic[1]!.slice(0, 4))) {
      const code = bic[1]!.toUpperCase();
      const problem = bicProblem(code);
      const owner = problem ? null : ownerOfBic(code.slice(0, 4));
      if (problem) push({ key: 'bank-code-mismatch', text: `SWIFT/BIC ${code} on page ${line.page} ${problem}`, evidence: [at(line, bic[1]!)] });
      else if (owner && owner === bank) own = true;
      else if (owner && bank) push({ key: 'bank-code-mismatch', text: `SWIFT/BIC ${code} on page ${line.page} is ${nameOf(owner)}'s, not ${input.bankName}'s`, evidence: [at(line, bic[1]!)] });
    }
    const iban = !/iban/i.test(line.text) ? null : /\bIBAN\b\s*[:.]?\s*([A-Z]{2}\d{2}(?:\s?[A-Z0-9]){10,30})/i.exec(line.text);
    if (iban) ibanFindings(iban[1]!, line, bank, input, sortCodes, push, at, () => { own = true; });
  }

  const software = [input.info.producer, input.info.creator ?? ''].filter((s) => s.trim());
  if (bank?.producers.length && software.length && !software.some((s) => bank.producers.some((p) => p.test(s)))) {
    push({ key: 'producer-unlike-bank', text: `Made with "${software.join('" / "')}"; ${input.bankName}'s statements are made with other software`, evidence: [] });
  }
  if (!bank) push({ key: 'identity-unverified', text: input.bankName && input.bankName !== 'Unknown' ? `Bank "${input.bankName}" has no identity data to check the document against` : 'No known bank is named in the document', evidence: [] });
  else if (!own) push({ key: 'identity-unverified', text: `None of ${input.bankName}'s web addresses, phone numbers or bank codes is printed`, evidence: [] });
  return out;
}

const IBAN_LEN: Record<string, number> = { GB: 22, DE: 22, IE: 22, FR: 27, ES: 24, IT: 27, NL: 18 };

function ibanFindings(raw: string, line: Line, bank: BankIdentity | null, input: IdentityInput, sortCodes: string[],
  push: (f: Finding) => void, at: (l: Line, n: string) => { page: number; box: [number, number, number, number] }, ownSeen: () => void): void {
  let iban = raw.replace(/\s+/g, '').toUpperCase();
  const len = IBAN_LEN[iban.slice(0, 2)];
  if (len) iban = iban.slice(0, len);
  const ev = [at(line, raw.slice(0, 4))];
  if (!validIban(iban)) { push({ key: 'bank-code-mismatch', text: `IBAN ${iban} on page ${line.page} fails its check digits`, evidence: ev }); return; }
  if (iban.startsWith('GB')) {
    const owner = ownerOfBic(iban.slice(4, 8));
    if (owner && bank && owner !== bank) push({ key: 'bank-code-mismatch', text: `IBAN ${iban} on page ${line.page} is ${nameOf(owner)}'s (${iban.slice(4, 8)}), not ${input.bankName}'s`, evidence: ev });
    else if (owner && owner === bank) ownSeen();
    const sc = iban.slice(8, 14);
    if (sortCodes.length && !sortCodes.includes(sc)) push({ key: 'bank-code-mismatch', text: `IBAN ${iban} on page ${line.page} holds sort code ${sc.slice(0, 2)}-${sc.slice(2, 4)}-${sc.slice(4)}; the statement prints ${sortCodes[0]!.replace(/(\d\d)(\d\d)(\d\d)/, '$1-$2-$3')}`, evidence: ev });
    const acct = iban.slice(14);
    const printed = input.accountNumbers.map((a) => a.replace(/\D/g, '')).filter((a) => a.length === 8);
    if (printed.length && !printed.includes(acct)) push({ key: 'bank-code-mismatch', text: `IBAN ${iban} on page ${line.page} holds account ${acct}; the statement's account is ${printed[0]}`, evidence: ev });
  }
}
