/**
 * Normalises a statement description for rule matching: upper case, every run of characters
 * that are not letters or digits becomes one space, trimmed. "Ach Dr: KAPITUS-LLC*123" →
 * "ACH DR KAPITUS LLC 123". Phrases in the rulebook are normalised the same way.
 */
export function normalizeDescription(text: string): string {
  return text.toUpperCase().replace(/[^A-Z0-9]+/g, ' ').trim();
}

export function tokenize(text: string): string[] {
  const n = normalizeDescription(text);
  return n ? n.split(' ') : [];
}
