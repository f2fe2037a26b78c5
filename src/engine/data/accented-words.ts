/**
 * Words of statements' descriptions spelled with letters the OCR model cannot write.
 * Tesseract's English model (the one the engine reads pages with, fast and best alike) has
 * `é` and no other accented letter: `è à ç ê ô â î û ù ë ï ü ö ä ñ á í ó ú ß` come out as some
 * other letter ("Prélèvement" read "Prélévement" or "Prélavement", "espèces" read "espéces" on
 * the dev corpus's French photo). ../ocr/unwritable-letters.ts gives such a word back its
 * spelling when the reading shows an accent was there. Data, not logic: add words here.
 * Lower case; one entry per form (plural, feminine) as printed.
 */
export const ACCENTED_WORDS: readonly string[] = [
  // French
  'prélèvement', 'prélèvements', 'chèque', 'chèques', 'espèces', 'dépôt', 'dépôts', 'intérêts',
  'intérêt', 'règlement', 'règlements', 'prêt', 'prêts', 'reçu', 'reçue', 'reçus', 'commerçant',
  'façon', 'arrêté', 'coût', 'coûts', 'échéance',
  'frère', 'père', 'mère', 'crèche', 'pièce', 'privilège', 'système', 'achète',
  'après', 'très', 'problème', 'français', 'française',
  // Spanish
  'comisión', 'transacción', 'operación', 'domiciliación', 'devolución', 'liquidación',
  'nómina', 'depósito', 'depósitos', 'compañía',
  'año', 'españa', 'información', 'pensión', 'recepción', 'emisión', 'teléfono',
  // Portuguese
  'transferência', 'comissão', 'prestação',
  'movimentação', 'saída', 'operação',
  // German
  'überweisung', 'gebühr', 'gebühren', 'kontoführung',
  'rückbuchung', 'rückgabe',
  'zahlungsempfänger', 'empfänger',
  'verfügung', 'straße', 'münchen', 'köln', 'düsseldorf', 'nürnberg', 'bäckerei',
  'lebensmittelmärkte', 'geschäft', 'gebührenfrei',
  // Italian
  'attività', 'società', 'però', 'città', 'identità', 'utilità',
];
