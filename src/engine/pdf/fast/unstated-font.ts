/**
 * A font whose single-byte mapping the PDF leaves to the font program: a simple TrueType font,
 * embedded (FontFile2), flagged symbolic, with neither ToUnicode nor /Encoding, and not named
 * as a symbol font (those are symbols whatever their codes). pdf.js reads its codes as MacRoman;
 * ./unstated-encoding.ts decides by evidence whether they are WinAnsi's.
 */
import { Dict, Name, Stream } from './objects.js';
import type { PdfFile } from './document.js';

export function unstatedTrueType(file: PdfFile, dict: Dict): { name: string; program: Stream } | null {
  const subtype = file.get(dict, 'Subtype');
  if (!(subtype instanceof Name) || subtype.name !== 'TrueType') return null;
  if (dict.has('ToUnicode') || dict.has('Encoding')) return null;
  const base = file.get(dict, 'BaseFont');
  const descriptor = file.get(dict, 'FontDescriptor');
  if (!(base instanceof Name) || !(descriptor instanceof Dict)) return null;
  if (/symbol|dingbats|wingdings|webdings/i.test(base.name) || base.name.charCodeAt(0) >= 0xb7) return null;
  const flags = file.get(descriptor, 'Flags');
  if (typeof flags !== 'number' || (flags & 4) === 0) return null;
  const program = file.get(descriptor, 'FontFile2');
  if (!(program instanceof Stream)) return null;
  return { name: base.name, program };
}
