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
