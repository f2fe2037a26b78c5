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

function isSpace(c: number): boolean {
  return c === B.SP || c === B.LF || c === B.CR || c === B.TAB || c === B.FF || c === B.NUL;
}

/** ( ) < > [ ] { } / % */
function isDelimiter(c: number): boolean {
  return c === 0x28 || c === 0x29 || c === 0x3c || c === 0x3e || c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d || c === 0x2f || c === 0x25;
}

function isLetter(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x27 || c === 0x22;
}

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
    if (isSpace(c)) { i++; continue; }
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
      while (i < n && !isSpace(bytes[i]!) && !isDelimiter(bytes[i]!)) i++;
      continue;
    }
    if (isDelimiter(c)) { i++; continue; }
    const start = i;
    while (i < n && !isSpace(bytes[i]!) && !isDelimiter(bytes[i]!)) i++;
    if (!isLetter(c)) continue; // a number
    operators++;
    if (i - start === 1) {
      if (c === 0x71) { if (++depth > maxDepth) maxDepth = depth; } // q
      else if (c === 0x51 && depth > 0) depth--; // Q
    }
    if (maxDepth > stopDepth || operators > stopOperators) break;
  }
  return { operators, maxDepth };
}
