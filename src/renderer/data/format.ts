/** Display helpers. Money arrives as dollars (file_status, scorecard) or integer cents (stored rows). */
const byCurrency = new Map<string, Intl.NumberFormat>();

const plain = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * An amount in its own currency with thousands separators (£ for GBP, $ for USD …). A currency
 * the engine could not tell ('', e.g. a bare "$" with no country evidence) shows the generic
 * sign ¤ rather than a guessed symbol; no currency given at all means the API's default, USD.
 */
export function money(value: unknown, currency: string | null | undefined): string {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value.replace(/[$£€,]/g, '')) : NaN;
  if (!Number.isFinite(n)) return '—';
  if (currency === '') return `${n < 0 ? '-' : ''}¤${plain.format(Math.abs(n))}`;
  const code = (currency || 'USD').toUpperCase();
  let f = byCurrency.get(code);
  if (!f) {
    try { f = new Intl.NumberFormat('en-US', { style: 'currency', currency: code }); } catch { f = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }); }
    byCurrency.set(code, f);
  }
  return f.format(n);
}

const localDate = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
const localMonth = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', timeZone: 'UTC' });

/** 'YYYY-MM-DD' in the user's locale (e.g. "Jan 5, 2025"); 'YYYY-MM' as a month; anything else as is. */
export function localDay(iso: string | null | undefined): string {
  if (!iso) return '—';
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return localDate.format(new Date(`${iso}T00:00:00Z`));
  if (/^\d{4}-\d{2}$/.test(iso)) return localMonth.format(new Date(`${iso}-01T00:00:00Z`));
  return iso;
}

/** An account as people name it: bank and the last four digits ("First Test Bank ··1111"). */
export function accountName(bank: string | null | undefined, number: string | null | undefined): string {
  const digits = (number ?? '').replace(/\D/g, '');
  const tail = digits ? `··${digits.slice(-4)}` : (number ?? '');
  return [bank && bank !== 'Unknown' ? bank : '', tail].filter(Boolean).join(' ') || '—';
}
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function dollars(value: unknown): string {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.replace(/[$,]/g, '')) : NaN;
  return Number.isFinite(n) ? usd.format(n) : '—';
}

/** One formatter for every call (toLocaleString builds a new one each time: it showed in the 100k-row scroll). */
const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function centsText(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return '—';
  const neg = cents < 0;
  const abs = Math.abs(Math.trunc(cents));
  const whole = grouped.format(Math.floor(abs / 100));
  const frac = String(abs % 100).padStart(2, '0');
  return `${neg ? '-' : ''}$${whole}.${frac}`;
}

export function shortDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  return iso.slice(0, 10);
}

export function when(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function str(v: unknown): string {
  return v === null || v === undefined ? '' : String(v);
}

export function num(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v.replace(/[$,]/g, ''));
    return Number.isFinite(n) ? n : null;
  }
  return null;
}
