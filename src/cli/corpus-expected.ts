/**
 * `<file>.expected.json` beside a corpus document: values another tool's tests assert (a W-2's
 * wages "48,500.00", an SSN "123-45-6789", a year "2014"), under any nesting, as `{expected: v}`
 * or plain values. Each is looked for among the values of our conversion by meaning, not by
 * spelling: a figure equal as money (dollars or cents: "48,500.00" is 48500 or 4850000), an
 * identifier by its digits, a masked identifier of ours ("***-**-6789") counted apart as
 * masked, other text case-insensitively.
 */

export interface ExpectedComparison {
  found: number;
  /** Found only as a masked identifier whose visible digits agree. */
  masked: number;
  total: number;
  missing: string[];
}

const SKIP_KEYS = /source|commit|ignored|field_id/;

/** Every [path, value] the expected file asserts. */
export function expectedValues(expected: unknown): [string, string][] {
  const out: [string, string][] = [];
  const visit = (v: unknown, path: string, depth: number) => {
    if (depth > 20) return;
    if (v && typeof v === 'object' && !Array.isArray(v) && 'expected' in v) { out.push([path, String((v as { expected: unknown }).expected)]); return; }
    if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) if (!SKIP_KEYS.test(k)) visit(x, path ? `${path}.${k}` : k, depth + 1);
      return;
    }
    if (typeof v === 'string' || typeof v === 'number') out.push([path, String(v)]);
  };
  visit(expected, '', 0);
  return out;
}

/** Leaves of a conversion (strings and numbers), bounded. */
function leaves(doc: unknown): Array<string | number> {
  const out: Array<string | number> = [];
  const stack: unknown[] = [doc];
  while (stack.length && out.length < 200_000) {
    const v = stack.pop();
    if (typeof v === 'string' || typeof v === 'number') out.push(v);
    else if (v && typeof v === 'object') for (const x of Object.values(v)) stack.push(x);
  }
  return out;
}

const MONEY = /^[-(]?\$?\s?\d{1,3}(?:,\d{3})*(?:\.\d{1,2})?\)?$|^-?\d+(?:\.\d{1,2})?$/;
/** An identifier written with separators: SSN 123-45-6789, EIN 12-3456789, a phone. */
const IDENT = /^\d[\d\s-]{4,}\d$/;

function moneyCents(s: string): number | null {
  const t = s.trim();
  if (!MONEY.test(t)) return null;
  const neg = /^[-(]/.test(t);
  const n = Number(t.replace(/[^\d.]/g, ''));
  if (!Number.isFinite(n)) return null;
  return Math.round(n * 100) * (neg ? -1 : 1);
}

export function compareExpected(expected: unknown, doc: unknown): ExpectedComparison {
  const values = expectedValues(expected);
  const ours = leaves(doc);
  const numbers = new Set<number>();
  const texts: string[] = [];
  for (const v of ours) {
    if (typeof v === 'number') { numbers.add(Math.round(v * 100)); numbers.add(Math.round(v)); }
    else { texts.push(v.toLowerCase()); const c = moneyCents(v); if (c !== null) numbers.add(c); }
  }
  const digitsOf = texts.map((t) => t.replace(/\D/g, ''));
  let found = 0, masked = 0;
  const missing: string[] = [];
  for (const [path, value] of values) {
    const v = value.trim();
    const cents = IDENT.test(v) && /-/.test(v) ? null : moneyCents(v);
    if (cents !== null && numbers.has(cents)) { found++; continue; }
    if (IDENT.test(v)) {
      const digits = v.replace(/\D/g, '');
      if (digitsOf.includes(digits)) { found++; continue; }
      // Ours masked: the same length and shape, the visible digits the same.
      const hit = texts.find((t) => /[*x•]/.test(t) && t.length === v.length && [...t].every((ch, i) => /[*x•]/.test(ch) || ch === v[i]));
      if (hit) { masked++; continue; }
    }
    if (v && texts.some((t) => t.includes(v.toLowerCase()))) { found++; continue; }
    missing.push(`${path}=${v}`);
  }
  return { found, masked, total: values.length, missing };
}
