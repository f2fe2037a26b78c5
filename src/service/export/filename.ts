import { MONTH_NAMES, parseIso } from '../../contract/dates.js';
import type { ZipSourceFile } from './types.js';

/** Tokens of `filenamePattern` (reference 4.2, /ziparchive). */
import { FILENAME_TOKENS } from '../../contract/export-options.js';
export { FILENAME_TOKENS };

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/i;

/**
 * Makes a name safe on Windows, macOS and Linux: no path separators or reserved characters,
 * no control characters, no trailing dots/spaces, not a reserved device name, at most 180
 * characters before the extension.
 */
export function sanitizeFileName(name: string): string {
  let s = name.normalize('NFC')
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/[<>:"/\\|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[. ]+$/, '');
  if (!s || /^\.+$/.test(s)) s = 'statement';
  if (WINDOWS_RESERVED.test(s)) s = `_${s}`;
  return s.slice(0, 180);
}

/**
 * The stem (no extension) for one file. A PDF holding several statements takes the first
 * statement's values; a file with no statement leaves the tokens empty.
 */
export function applyPattern(pattern: string, file: ZipSourceFile): string {
  const first = file.statements[0];
  const acct = (first?.accountNumber ?? '').replace(/\s/g, '');
  const date = first?.endDate || first?.startDate || '';
  const d = date ? parseIso(date) : null;
  const values: Record<string, string> = {
    '<account_number_last_4>': acct.slice(-4),
    '<date>': d ? `${String(d.month).padStart(2, '0')}${String(d.day).padStart(2, '0')}${d.year}` : '',
    '<month_text>': d ? MONTH_NAMES[d.month - 1]! : '',
    '<year>': d ? String(d.year) : '',
    '<month_num>': d ? String(d.month).padStart(2, '0') : '',
  };
  return pattern.replace(/<[a-z_0-9]+>/g, (tok) => values[tok] ?? tok);
}

/**
 * Names inside the zip, in the order of `files`: the pattern applied (or the original name
 * without a pattern), sanitised, `.pdf` kept, and collisions suffixed " (2)", " (3)" …
 * compared case-insensitively (Windows and macOS file systems are).
 */
export function zipEntryNames(files: ZipSourceFile[], pattern?: string): string[] {
  const used = new Set<string>();
  return files.map((file) => {
    const original = file.fileName.split(/[\\/]/).pop() ?? file.fileName;
    const ext = (/\.[a-z0-9]{1,5}$/i.exec(original)?.[0] ?? '.pdf').toLowerCase();
    const stem = pattern ? applyPattern(pattern, file) : original.slice(0, original.length - (/\.[a-z0-9]{1,5}$/i.exec(original)?.[0].length ?? 0));
    const base = sanitizeFileName(stem);
    let name = `${base}${ext}`;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base} (${n})${ext}`;
    used.add(name.toLowerCase());
    return name;
  });
}

/** Validates a pattern: unknown tokens are named. */
export function unknownTokens(pattern: string): string[] {
  return [...pattern.matchAll(/<[^<>]*>/g)].map((m) => m[0]).filter((t) => !(FILENAME_TOKENS as readonly string[]).includes(t));
}
