/** Display helpers. Money arrives as dollars (file_status, scorecard) or integer cents (stored rows). */
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
