import { BANK_NAME_LEAD_INS } from '../data/banks.js';
import type { Line } from './lines.js';

/**
 * A known bank's name printed as the tail of a longer name in one run of text: "Tri-County
 * Commerce Bank" holds "Commerce Bank", "Old Mill River Bank" might hold "River Bank", but is
 * another bank. The printed name is found letter by letter (the alias key is compacted: letters,
 * digits, "." and "&"), and the word right before it, joined by a space or a hyphen only, decides:
 * a capitalised word that is no lead-in ("The", "Member FDIC") continues the name. A key the
 * line's cells do not hold whole (split over cells) is never a tail.
 */
const LEAD_INS = new Set(BANK_NAME_LEAD_INS);

export function bankNameIsTail(line: Line, key: string): boolean {
  for (const cell of line.cells) {
    const text = cell.text;
    if (!/^[\x00-\x7f]*$/.test(text)) continue;
    // The key's characters in order, anything but letters and digits between them (bounded: keys are short).
    if (key.length > 60) continue;
    const loose = new RegExp(key.split('').map((c) => c.replace(/[.&]/g, '\\$&')).join('[^a-z0-9]*'), 'i');
    const m = loose.exec(text);
    if (!m) continue;
    const before = /([A-Za-z][A-Za-z']*)[ -]+$/.exec(text.slice(0, m.index));
    if (!before) continue;
    const word = before[1]!;
    if (word[0] !== word[0]!.toUpperCase()) continue;
    if (LEAD_INS.has(word.toLowerCase())) continue;
    return true;
  }
  return false;
}
