/**
 * Look-alike web domains: a domain that is not a bank's own but reads like one — one or two
 * letters changed, added, dropped or swapped (hesb.co.uk for hsbc.co.uk), or characters that
 * look alike (0/o, 1/l, rn/m, vv/w, Cyrillic letters for Latin ones).
 */

/** Characters and pairs that render like a Latin letter, mapped to it. */
const HOMOGLYPHS: [RegExp, string][] = [
  [/rn/g, 'm'], [/vv/g, 'w'], [/cl/g, 'd'], [/0/g, 'o'], [/[1|]/g, 'l'], [/5/g, 's'],
  [/а/g, 'a'], [/е/g, 'e'], [/о/g, 'o'], [/р/g, 'p'], [/с/g, 'c'], [/х/g, 'x'], [/у/g, 'y'], [/[іӏ]/g, 'i'], [/ԁ/g, 'd'], [/ѕ/g, 's'],
];

export function homoglyphFold(s: string): string {
  let out = s.toLowerCase();
  for (const [re, to] of HOMOGLYPHS) out = out.replace(re, to);
  return out.replace(/i/g, 'l');
}

/** Edit distance with adjacent transpositions (optimal string alignment), capped: returns cap+1 beyond it. */
export function editDistance(a: string, b: string, cap = 3): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  const m = a.length, n = b.length;
  let prev2: number[] = [], prev = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= m; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2]! + 1);
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > cap) return cap + 1;
    prev2 = prev; prev = cur;
  }
  return prev[n]!;
}

/** "www.HSBC.co.uk/path" → "hsbc.co.uk". */
export function bareDomain(host: string): string {
  return host.toLowerCase().replace(/^https?:\/\//, '').replace(/[/?#].*$/, '').replace(/^www\d?\./, '').replace(/\.$/, '');
}

/** Splits a domain into its name and its public suffix (co.uk-style suffixes kept whole). */
function splitDomain(d: string): { label: string; suffix: string } {
  const m = /^(.*?)\.((?:co|org|ac|gov|com|net)\.[a-z]{2}|[a-z]{2,})$/.exec(d);
  return m ? { label: m[1]!.split('.').pop()!, suffix: m[2]! } : { label: d, suffix: '' };
}

/** True when `domain` is `own` or a subdomain of it. */
export function isDomainOf(domain: string, own: string): boolean {
  return domain === own || domain.endsWith(`.${own}`);
}

/**
 * The known domain that `domain` imitates, or null. Same suffix, and the names within one edit
 * (names of 3+ characters) or two edits (names of 4+ characters, same first letter), or equal
 * once look-alike characters are folded.
 */
export function lookalikeOf(domain: string, known: readonly string[]): string | null {
  const d = splitDomain(domain);
  if (!d.suffix) return null;
  for (const k of known) {
    if (isDomainOf(domain, k)) return null;
  }
  for (const k of known) {
    const o = splitDomain(k);
    if (o.suffix !== d.suffix || d.label === o.label) continue;
    if (homoglyphFold(d.label) === homoglyphFold(o.label)) return k;
    const len = Math.min(d.label.length, o.label.length);
    const dist = editDistance(d.label, o.label, 2);
    if (dist === 1 && len >= 3) return k;
    if (dist === 2 && len >= 4 && d.label[0] === o.label[0]) return k;
  }
  return null;
}
