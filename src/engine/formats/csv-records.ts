/**
 * CSV records: RFC 4180-style quoting (quoted fields may hold delimiters, doubled quotes and
 * line breaks), any line ending (CRLF, LF, or old-Mac CR), and delimiter detection among
 * comma, semicolon and tab.
 */
export const DELIMITERS = [',', ';', '\t'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

/** Splits text into records of fields. */
export function parseRecords(text: string, delimiter: string, maxRecords = Infinity): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let inQuotes = false;
  let fieldStarted = false;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const ch = text[i]!;
    if (inQuotes) {
      if (ch === '"') {
        if (text[i + 1] === '"') { field += '"'; i++; }
        else inQuotes = false;
      } else field += ch;
      continue;
    }
    if (ch === '"' && !fieldStarted) { inQuotes = true; fieldStarted = true; continue; }
    if (ch === delimiter) { record.push(field); field = ''; fieldStarted = false; continue; }
    if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      if (record.length > 1 || record[0] !== '') records.push(record);
      if (records.length >= maxRecords) return records;
      record = []; field = ''; fieldStarted = false;
      continue;
    }
    field += ch;
    if (ch !== ' ') fieldStarted = true;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    if (record.length > 1 || record[0] !== '') records.push(record);
  }
  return records;
}

/**
 * The delimiter that splits the first records most consistently: the one for which the most
 * records share the same field count (above 1). Ties go to the larger field count.
 */
export function detectDelimiter(text: string): Delimiter {
  const sample = text.slice(0, 64 * 1024);
  let best: { d: Delimiter; score: number; width: number } = { d: ',', score: -1, width: 0 };
  for (const d of DELIMITERS) {
    const recs = parseRecords(sample, d, 40);
    const counts = new Map<number, number>();
    for (const r of recs) if (r.length > 1) counts.set(r.length, (counts.get(r.length) ?? 0) + 1);
    let width = 0, score = 0;
    for (const [w, c] of counts) if (c > score || (c === score && w > width)) { score = c; width = w; }
    if (score > best.score || (score === best.score && width > best.width)) best = { d, score, width };
  }
  return best.d;
}
