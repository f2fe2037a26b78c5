import { ConversionError, type ConvertInput } from '../engine.js';
import type { AccountTypeStr, DocTypeText, PostalAddress } from '../../contract/model.js';
import { BANKS, type BankInfo } from '../data/banks.js';

/**
 * Small helpers shared by the structured-format converters (MTJson, Plaid, OFX, CSV):
 * text decoding, JSON sniffing with a per-input cache, account-type mapping, and a collector
 * of field problems that turns into one clear ConversionError.
 */

/** Decodes bytes as text: UTF-8 (BOM stripped), UTF-16 LE/BE with BOM, else cp1252 when UTF-8 is invalid. */
export function decodeText(bytes: Uint8Array): { text: string; encoding: string } {
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  }
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  }
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8' };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    // Not valid UTF-8: Windows exports are usually cp1252 (a superset of latin1's printable range).
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

const jsonCache = new WeakMap<Uint8Array, { value: unknown } | { error: string }>();

function firstSignificantByte(bytes: Uint8Array): number | undefined {
  for (let i = 0; i < Math.min(bytes.length, 64); i++) {
    const b = bytes[i]!;
    if (b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d || b === 0xef || b === 0xbb || b === 0xbf || b === 0xff || b === 0xfe || b === 0x00) continue;
    return b;
  }
  return undefined;
}

/** True when the bytes look like a JSON object (first significant character `{`). */
export function looksLikeJsonObject(bytes: Uint8Array): boolean {
  return firstSignificantByte(bytes) === 0x7b;
}

/** Parses the input as JSON once per byte buffer; throws ConversionError when it is not JSON. */
export function parseJsonInput(input: ConvertInput, formatLabel: string): unknown {
  let cached = jsonCache.get(input.bytes);
  if (!cached) {
    try {
      cached = { value: JSON.parse(decodeText(input.bytes).text) };
    } catch (e) {
      cached = { error: (e as Error).message };
    }
    jsonCache.set(input.bytes, cached);
  }
  if ('error' in cached) throw new ConversionError(`${formatLabel}: the file is not valid JSON (${cached.error})`);
  return cached.value;
}

/** The parsed JSON object when the input is a JSON object, else undefined (never throws). */
export function sniffJson(input: ConvertInput): Record<string, unknown> | undefined {
  if (!looksLikeJsonObject(input.bytes)) return undefined;
  try {
    const v = parseJsonInput(input, 'JSON');
    return isRecord(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** snake_case → camelCase ("account_number" → "accountNumber"). */
export function camel(snake: string): string {
  return snake.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
}

/** A field read under its snake_case name or its camelCase spelling. */
export function field(obj: Record<string, unknown>, snake: string): unknown {
  if (obj[snake] !== undefined) return obj[snake];
  const c = camel(snake);
  if (obj[c] !== undefined) return obj[c];
  return undefined;
}

/** Collects field problems and throws them together as one ConversionError. */
export class FieldProblems {
  private readonly list: string[] = [];
  constructor(private readonly label: string, private readonly max = 10) {}
  add(path: string, problem: string): void {
    this.list.push(`${path} ${problem}`);
  }
  get count(): number {
    return this.list.length;
  }
  throwIfAny(): void {
    if (this.list.length === 0) return;
    const shown = this.list.slice(0, this.max);
    const more = this.list.length > shown.length ? ` (and ${this.list.length - shown.length} more)` : '';
    throw new ConversionError(`${this.label}: ${shown.join('; ')}${more}`);
  }
}

/** Maps a free-text account type ("checking", "credit card", "CCard", "savings" …) to ours. */
export function accountTypeFromText(text: string | undefined | null, fallback: AccountTypeStr = 'Checking'): AccountTypeStr {
  const t = (text ?? '').toLowerCase().replace(/[^a-z]/g, '');
  if (!t) return fallback;
  if (/^(ccard|creditcard|credit|card|cc|creditline)$/.test(t) || t.includes('creditcard')) return 'CCard';
  if (t.includes('lineofcredit') || t === 'loc' || t === 'heloc') return 'Line of Credit';
  if (t.includes('moneymarket') || t === 'mm' || t === 'mmda') return 'MoneyMarket';
  if (t.includes('saving')) return 'Savings';
  if (t.includes('check') || t.includes('current') || t.includes('depository') || t.includes('business')) return 'Checking';
  return fallback;
}

export function docTypeFor(accountType: AccountTypeStr): DocTypeText {
  return accountType === 'CCard' ? 'Credit Card Statement' : 'Bank Statement';
}

/** A full (unmasked) account number with at least 6 digits counts as strong. */
export function isStrongAccountNumber(accountNumber: string): boolean {
  const s = accountNumber.trim();
  if (/[x*•#]/i.test(s)) return false;
  return (s.match(/\d/g) ?? []).length >= 6;
}

/** A one-line US address "123 Main St, Springfield, IL 62701" split into parts (best effort). */
export function parseAddressLine(text: string): PostalAddress {
  const parts = text.split(/\s*[,\n]\s*/).map((p) => p.trim()).filter(Boolean);
  const address: PostalAddress = {};
  if (parts.length === 0) return address;
  const last = parts[parts.length - 1]!;
  const stateZip = /^([A-Za-z]{2})\s+(\d{5}(?:-\d{4})?)$/.exec(last);
  if (stateZip && parts.length >= 3) {
    address.state = stateZip[1]!.toUpperCase();
    address.postalcode = stateZip[2]!;
    address.city = parts[parts.length - 2]!;
    address.address1 = parts[0]!;
    if (parts.length > 3) address.address2 = parts.slice(1, -2).join(', ');
    return address;
  }
  address.address1 = parts[0]!;
  if (parts.length > 1) address.address2 = parts.slice(1).join(', ');
  return address;
}

/** One-line text of a postal address, for accountOwner blocks. */
export function addressLines(a: PostalAddress): string[] {
  const lines: string[] = [];
  if (a.address1) lines.push(a.address1);
  if (a.address2) lines.push(a.address2);
  const cityLine = [a.city, [a.state, a.postalcode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  if (cityLine) lines.push(cityLine);
  return lines;
}

const BANK_KEYS = BANKS.flatMap((bank) => bank.aliases.map((a) => ({ bank, key: a.toLowerCase().replace(/[^a-z0-9.&]/g, '') })))
  .sort((a, b) => b.key.length - a.key.length);

/** The bank whose OFX FI ORG code this is, whole ("AMEX", "Ally"). */
export function bankOfOfxOrg(org: string | undefined): BankInfo | undefined {
  const key = org?.trim().toLowerCase();
  return key ? BANKS.find((b) => b.ofxOrgs?.some((o) => o.toLowerCase() === key)) : undefined;
}

/** The bank of the shared bank data file named in a text (an FI name, a CSV preamble), if any. */
export function knownBank(text: string | undefined): BankInfo | undefined {
  if (!text) return undefined;
  const compact = text.toLowerCase().replace(/[^a-z0-9.&]/g, '');
  return BANK_KEYS.find(({ key }) => compact.includes(key))?.bank;
}
