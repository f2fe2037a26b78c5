/**
 * A quick pass over PDF content-stream bytes that counts operators and follows graphics-state
 * nesting (q … Q) without building anything, so a stream that would make pdf.js work for
 * minutes (200,000 nested saves take pdf.js half an hour: its cost grows with the depth) is
 * refused before pdf.js reads it. Strings, comments, names and hex strings are skipped so their
 * text is not taken for operators; the counts are an upper bound, which is all a limit needs.
 */
export interface ContentCounts {
  operators: number;
  /** Deepest q nesting seen. */
  maxDepth: number;
}

const enum B { SP = 0x20, TAB = 0x09, LF = 0x0a, CR = 0x0d, FF = 0x0c, NUL = 0x00 }

// Byte classes, one table lookup per byte (the scan runs over every inflated stream of a document).
const SPACE = 1, DELIMITER = 2, LETTER = 4;
const CLASS = new Uint8Array(256);
for (const c of [B.SP, B.LF, B.CR, B.TAB, B.FF, B.NUL]) CLASS[c] = SPACE;
/** ( ) < > [ ] { } / % */
for (const c of [0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]) CLASS[c] = DELIMITER;
/** A–Z a–z ' " (operators) */
for (let c = 0x41; c <= 0x5a; c++) CLASS[c] = LETTER;
for (let c = 0x61; c <= 0x7a; c++) CLASS[c] = LETTER;
CLASS[0x27] = LETTER;
CLASS[0x22] = LETTER;

/**
 * Scans `bytes`; stops early (returns what it counted so far) once `stopDepth` or `stopOperators`
 * is passed, so a hostile stream costs no more than reaching the limit.
 */
export function scanContent(bytes: Uint8Array, stopDepth = Infinity, stopOperators = Infinity): ContentCounts {
  let operators = 0, depth = 0, maxDepth = 0;
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const c = bytes[i]!;
    const k = CLASS[c]!;
    if (k === SPACE) { i++; continue; }
    if (c === 0x25) { // % comment to end of line
      while (i < n && bytes[i] !== B.LF && bytes[i] !== B.CR) i++;
      continue;
    }
    if (c === 0x28) { // ( literal string ) with nesting and escapes
      let level = 1;
      i++;
      while (i < n && level > 0) {
        const d = bytes[i]!;
        if (d === 0x5c) i += 2;
        else { if (d === 0x28) level++; else if (d === 0x29) level--; i++; }
      }
      continue;
    }
    if (c === 0x3c) { // << or <hex>
      if (bytes[i + 1] === 0x3c) { i += 2; continue; }
      while (i < n && bytes[i] !== 0x3e) i++;
      i++;
      continue;
    }
    if (c === 0x2f) { // /Name
      i++;
      while (i < n && (CLASS[bytes[i]!]! & (SPACE | DELIMITER)) === 0) i++;
      continue;
    }
    if (k === DELIMITER) { i++; continue; }
    const start = i;
    while (i < n && (CLASS[bytes[i]!]! & (SPACE | DELIMITER)) === 0) i++;
    if (k !== LETTER) continue; // a number
    operators++;
    if (i - start === 1) {
      if (c === 0x71) { if (++depth > maxDepth) maxDepth = depth; } // q
      else if (c === 0x51 && depth > 0) depth--; // Q
    }
    if (maxDepth > stopDepth || operators > stopOperators) break;
  }
  return { operators, maxDepth };
}
