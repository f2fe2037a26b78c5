/**
 * The conversion fields sent with each upload (reference 4.3): `accounttype` named when the
 * engine's own detection reads the file as MTJson or a Plaid report (a remote service may not
 * sniff JSON), else the user's default; the user's date order and allowed difference
 * (Settings → conversion defaults), and `finduntrue` (on unless the `finduntrue` setting is false).
 */
import { detectFormat } from '../engine/index.js';
import { defaultConversionOptions } from '../contract/api/conversion-options.js';
import type { ParsedDocument } from '../contract/model.js';

/** Formats the service is told by name. */
const NAMED_FORMATS: Partial<Record<ParsedDocument['format'], string>> = { mtjson: 'MTJson', plaid: 'Plaid' };
export interface ConversionDefaults {
  /** '' = detect; the window's account kinds (Checking, Savings, MoneyMarket, Line of Credit, CCard). */
  accounttype?: string;
  dateOrder?: 'us' | 'eu';
  /** Dollars. */
  alloweddiff?: number;
  /**
   * Leave loan/MCA proceeds, refunds and the like out of true revenue (the service's
   * `finduntrue`). The desktop sends it on unless the user turned it off: an underwriter reads
   * true revenue, and the API's own default (off) would count an advance as sales.
   */
  finduntrue?: boolean;
}

/** The service's accounttype for a window account kind ('' or unknown → null: let the file decide). */
export function serviceAccountType(kind: string | undefined): string | null {
  if (!kind) return null;
  if (kind === 'CCard') return 'CCard';
  if (['Checking', 'Savings', 'MoneyMarket', 'Line of Credit', 'Bank'].includes(kind)) return 'Bank';
  return null;
}

/** `content`: the file, or enough of it for the engine to tell its format (a JSON file whole). */
export function accountTypeFor(fileName: string, content: Uint8Array | string, defaults: ConversionDefaults = {}): string {
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  const format = detectFormat({ fileName, bytes, options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
  return (format && NAMED_FORMATS[format]) ?? serviceAccountType(defaults.accounttype) ?? 'autoDetect';
}

export function uploadFields(fileName: string, content: Uint8Array | string, defaults: ConversionDefaults = {}): Record<string, string> {
  const fields: Record<string, string> = { accounttype: accountTypeFor(fileName, content, defaults), finduntrue: defaults.finduntrue === false ? 'false' : 'true' };
  if (defaults.dateOrder === 'eu') fields.readUSdates = 'false';
  if (defaults.alloweddiff && defaults.alloweddiff > 0) fields.alloweddiff = String(Math.round(defaults.alloweddiff));
  return fields;
}
