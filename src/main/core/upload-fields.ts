/**
 * The conversion fields sent with each upload (reference 4.3): `accounttype` from the file
 * (JSON is the service's MTJson unless it is a bank-aggregator asset report) or the user's
 * default, the user's date order and allowed difference (Settings → conversion defaults), and
 * `finduntrue` (on unless the `finduntrue` setting is false).
 */
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

/** `head` is the first few KB of the file. */
export function accountTypeFor(fileName: string, head: string, defaults: ConversionDefaults = {}): string {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  const looksJson = ext === 'json' || /^\s*[{[]/.test(head);
  if (looksJson) return /"report"\s*:/.test(head) && /"items"\s*:/.test(head) ? 'Plaid' : 'MTJson';
  return serviceAccountType(defaults.accounttype) ?? 'autoDetect';
}

export function uploadFields(fileName: string, head: string, defaults: ConversionDefaults = {}): Record<string, string> {
  const fields: Record<string, string> = { accounttype: accountTypeFor(fileName, head, defaults), finduntrue: defaults.finduntrue === false ? 'false' : 'true' };
  if (defaults.dateOrder === 'eu') fields.readUSdates = 'false';
  if (defaults.alloweddiff && defaults.alloweddiff > 0) fields.alloweddiff = String(Math.round(defaults.alloweddiff));
  return fields;
}
