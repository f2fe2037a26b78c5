/**
 * Characters OCR reads one for another in printed figures: the pairs a scan's blur, a
 * light stroke or a speck turns into each other ("3" read "8", "1" read "7", "5" read "6").
 * Data, not logic: used where a misread character must not be taken for a new fact (an
 * account number in a page's running head read one digit off). Pairs of digits are not
 * "next numbers": 1 and 2, 4 and 5 are never confused, so two accounts numbered one apart
 * mostly differ by a pair not listed here.
 */
export const OCR_CONFUSABLE_PAIRS: [string, string][] = [
  ['0', '8'], ['0', '6'], ['0', '9'], ['0', 'o'], ['0', 'd'],
  ['1', '7'], ['1', 'l'], ['1', 'i'],
  ['2', 'z'],
  ['3', '8'], ['3', '9'], ['3', '5'],
  ['5', '6'], ['5', '8'], ['5', 's'],
  ['6', '8'], ['6', 'b'], ['6', 'g'],
  ['8', '9'], ['8', 'b'],
  ['9', 'g'], ['9', 'q'],
];

/**
 * Glyphs of a printed word and what OCR reads for them, printed → read (lower case): the
 * misreadings of month names and debit/credit letters seen on 150-dpi faxes and small type
 * (composed scans faxed at 150 dpi, `scan-sweep.ts --capture fax-150 --record`, read against
 * their truth): "Noy", "Now" for "Nov"; "Dee", "Deg", "Des", "Dev" for "Dec"; "Des", "Dex", "Dev" for "Dez";
 * "Duc"; "Jui" for "Jul"; "Auq"; "0ct"; "yun" for "jun"; "nar" for "mar"; "OL", "0)" for "01" in a numeric date; "OR" for "DR"; "§" for
 * "S"; "P" for "F" (a head's "F. Operación", composed fax-150 scan 975); "AL", "At", "Ai", "Ar" for "Af"; "Rij", "Biy" for "Bij"; "I)", "I>", "I}", "b>", ">" for "D"
 * (its stem and bow read apart, or its bow alone); "FI", "Fl" for "H"; "ii", "ai" for an "ä" (its dots read as an "i": "Miirz", "Mairz" for "März", composed 972 defocused). A one-glyph pair counts either way round ("v" read "y", "y" read
 * "v"); a glyph read as two ("m" as "rn", "D" as "I)") only so. Data, not logic: a word one such
 * misreading away from exactly one month name or sign word may be that word, where its reader
 * checks it against what is around it (pdf/ocr-misreads.ts).
 */
export const OCR_GLYPH_MISREADS: [string, string][] = [
  ['v', 'y'], ['v', 'w'], ['v', 'x'], ['f', 'p'],
  ['c', 'e'], ['c', 'g'], ['c', 's'], ['e', 'u'],
  ['z', 's'], ['z', 'x'], ['c', 'v'], ['z', 'v'],
  ['l', 'i'], ['l', '1'], ['i', '1'], ['f', 'l'], ['f', 't'], ['f', 'i'], ['f', 'r'],
  ['o', '0'], ['d', 'o'], ['d', '0'], ['1', ')'],
  ['g', 'q'], ['j', 'y'], ['m', 'n'], ['b', 'r'], ['r', '8'],
  ['s', '5'], ['s', '§'], ['s', '$'],
  ['d', '>'],
  ['a', 'ii'], ['a', 'ai'],
  ['m', 'rn'], ['d', 'i)'], ['d', '1)'], ['d', 'l)'], ['d', '|)'], ['d', 'i>'], ['d', '1>'], ['d', 'i}'], ['d', 'b>'], ['h', 'fi'], ['h', 'fl'],
];

/**
 * Currency marks OCR reads for a figure's first digit ("5" read "$", "§" or "S"; once each a
 * "9" and an "8"): on composed scans faxed at 150 dpi and shaken photos, in columns whose other
 * figures print no mark ("$21.42" for "521.42" at 88, "$57.90" for "957.90" at 95, "§14,02-"
 * for "-1.514,02", "$1,172.90" for "51,172.90"). Data, not logic: a figure whose column prints
 * no mark and that starts with one of these is read unsure (ocr/confidence.ts).
 */
export const OCR_MARKS_FOR_DIGITS: readonly string[] = ['$', '§', 'S'];

/**
 * Digits OCR reads for a currency mark printed after a figure: on composed 2113 (figures printed
 * "3 431,00 $") defocused and shaken, "3 431,008", "3 431,008$", "19 623,373", "3 431,005",
 * "4 615,045", "640.108" (each set of recorded words: `scan-replay.ts`). Data, not logic: a
 * scan's figure with one digit too many after its cents, in a document whose figures print that
 * mark after them, is read with the digit as the mark (pdf/mark-read-as-digit.ts).
 */
export const OCR_DIGITS_FOR_MARKS: Readonly<Record<string, readonly string[]>> = { $: ['8', '3', '5'] };
