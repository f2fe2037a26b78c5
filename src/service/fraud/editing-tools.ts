/**
 * Software that edits existing PDFs, matched against Producer/Creator (Info dictionary) and
 * the XMP CreatorTool/Producer/softwareAgent. Data: add a tool with a pattern and its name.
 * Generators that banks use to print statements (e.g. Adobe PDF Library, iText, pdf-lib,
 * Crystal Reports, Quartz) are deliberately absent.
 */
export interface EditingTool { name: string; pattern: RegExp }

export const EDITING_TOOLS: readonly EditingTool[] = [
  { name: 'iLovePDF', pattern: /\bi\s?love\s?pdf\b/i },
  { name: 'Smallpdf', pattern: /\bsmall\s?pdf\b/i },
  { name: 'Sejda', pattern: /\bsejda\b/i },
  { name: 'PDFescape', pattern: /\bpdf\s?escape\b/i },
  { name: 'PDF-XChange Editor', pattern: /\bpdf-?xchange\b/i },
  { name: 'Foxit PDF Editor', pattern: /\bfoxit\s+(phantompdf|pdf\s+editor)\b/i },
  { name: 'Nitro PDF', pattern: /\bnitro\s?(pro|pdf)\b/i },
  { name: 'PDFelement', pattern: /\bpdfelement\b|\bwondershare\b/i },
  { name: 'Adobe Acrobat', pattern: /\bacrobat\s+(pro|standard)\b|\bacrobat\s+\d+(\.\d+)*\b(?!.*distiller)/i },
  { name: 'Soda PDF', pattern: /\bsoda\s?pdf\b/i },
  { name: 'PDF Candy', pattern: /\bpdf\s?candy\b/i },
  { name: 'pdfFiller', pattern: /\bpdf\s?filler\b/i },
  { name: 'DocFly', pattern: /\bdocfly\b/i },
  { name: 'Canva', pattern: /\bcanva\b/i },
  { name: 'Adobe Photoshop', pattern: /\bphotoshop\b/i },
  { name: 'Adobe Illustrator', pattern: /\billustrator\b/i },
  { name: 'Inkscape', pattern: /\binkscape\b/i },
  { name: 'Microsoft Word', pattern: /\bmicrosoft[®\s]*(office\s+)?word\b/i },
  { name: 'LibreOffice', pattern: /\blibreoffice\b|\bopenoffice\b/i },
  { name: 'macOS Preview', pattern: /^preview\b/i },
  { name: 'PDF Studio', pattern: /\bpdf\s?studio\b/i },
  { name: 'Master PDF Editor', pattern: /\bmaster\s?pdf\s?editor\b/i },
];

/** The editing tool named by a producer/creator string, if any. */
export function editingToolOf(software: string): EditingTool | null {
  if (!software.trim()) return null;
  return EDITING_TOOLS.find((t) => t.pattern.test(software)) ?? null;
}
