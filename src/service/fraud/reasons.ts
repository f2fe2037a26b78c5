/**
 * The fraud-score reasons (file_status `tpreasonsIndexes` holds these indexes). Data, reviewed
 * like code: each reason found takes its weight off 100. Indexes are part of the API: never
 * renumber; retire a reason by setting its weight to 0 and append new ones at the end.
 * docs/api.md "Fraud score" lists them; test/fraud/reasons.test.ts keeps the two in step.
 */
export interface FraudReason {
  index: number;
  key: ReasonKey;
  weight: number;
  /** What the signal means (the sentence in each file_status item names the evidence). */
  meaning: string;
}

export type ReasonKey =
  | 'editing-tool' | 'modified-after-creation' | 'incremental-updates' | 'redefined-objects'
  | 'font-differs-in-column' | 'misaligned-amount' | 'not-reconciled' | 'broken-running-balance'
  | 'round-large-credits' | 'ach-on-non-business-day' | 'owner-inconsistent' | 'seen-in-other-application'
  | 'lookalike-domain' | 'other-bank-contact' | 'bank-code-mismatch' | 'producer-unlike-bank' | 'identity-unverified'
  | 'overlaid-text' | 'white-box' | 'misaligned-baseline' | 'metadata-edited' | 'office-fonts' | 'template-placeholders'
  | 'totals-mismatch' | 'duplicate-transactions' | 'impossible-date'
  | 'statements-do-not-chain' | 'account-details-changed' | 'document-style-changed' | 'same-statement-other-application'
  | 'annotation-over-text' | 'letterhead-other-bank';

export const FRAUD_REASONS: readonly FraudReason[] = [
  { index: 0, key: 'editing-tool', weight: 25, meaning: 'Producer or creator (Info dictionary or XMP) is software that edits PDFs or composes documents (word processors, design tools)' },
  { index: 1, key: 'modified-after-creation', weight: 10, meaning: 'Modification date later than the creation date (or earlier, which is impossible)' },
  { index: 2, key: 'incremental-updates', weight: 15, meaning: 'Saved again after creation: more than one xref/trailer section (incremental update)' },
  { index: 3, key: 'redefined-objects', weight: 10, meaning: 'Objects redefined by a later incremental update' },
  { index: 4, key: 'font-differs-in-column', weight: 25, meaning: "An amount's font or size differs from the rest of its column" },
  { index: 5, key: 'misaligned-amount', weight: 15, meaning: "An amount's alignment differs from the rest of its column" },
  { index: 6, key: 'not-reconciled', weight: 15, meaning: 'Start balance + credits − debits does not give the printed ending balance' },
  { index: 7, key: 'broken-running-balance', weight: 15, meaning: 'The printed running balance breaks at one row' },
  { index: 8, key: 'round-large-credits', weight: 10, meaning: 'Most large credits are round amounts (whole hundreds of dollars)' },
  { index: 9, key: 'ach-on-non-business-day', weight: 10, meaning: 'ACH transactions dated on a weekend or a US bank holiday (ACH does not settle then)' },
  { index: 10, key: 'owner-inconsistent', weight: 15, meaning: 'Owner name or address differs between statements of the same file' },
  { index: 11, key: 'seen-in-other-application', weight: 10, meaning: 'The same file (SHA-256) was uploaded to another application of the account' },
  { index: 12, key: 'lookalike-domain', weight: 35, meaning: "A web address that imitates a bank's domain (one or two letters changed, swapped or replaced by look-alike characters)" },
  { index: 13, key: 'other-bank-contact', weight: 25, meaning: "A phone number or web address of another bank printed as the statement's own contact" },
  { index: 14, key: 'bank-code-mismatch', weight: 25, meaning: "A routing number, sort code, SWIFT/BIC or IBAN that is malformed, fails its check digits or belongs to another bank" },
  { index: 15, key: 'producer-unlike-bank', weight: 15, meaning: "The PDF's producer is not one the bank's statements are known to be made with (data: src/service/fraud/data/bank-identity.ts)" },
  { index: 16, key: 'identity-unverified', weight: 10, meaning: "Nothing printed ties the document to a known bank: the bank is unknown, or none of its web addresses, phone numbers or codes is printed" },
  { index: 17, key: 'overlaid-text', weight: 25, meaning: 'Text printed over other text at the same place (a value typed over the printed one)' },
  { index: 18, key: 'white-box', weight: 25, meaning: 'A filled white rectangle drawn over printed text (hides what was printed)' },
  { index: 19, key: 'misaligned-baseline', weight: 15, meaning: "An amount whose baseline sits off its row's baseline" },
  { index: 20, key: 'metadata-edited', weight: 10, meaning: "The XMP metadata disagrees with the Info dictionary (dates or producer), or records a later edit" },
  { index: 21, key: 'office-fonts', weight: 10, meaning: 'The text is set in desktop office fonts (Calibri, Cambria, Aptos …) that statement systems do not use' },
  { index: 22, key: 'template-placeholders', weight: 20, meaning: 'Template placeholders left in the text ([Name], XXXX-XXXX, Lorem ipsum, "Your Bank Name")' },
  { index: 23, key: 'totals-mismatch', weight: 15, meaning: 'Printed totals of credits or debits (or their counts) differ from the rows' },
  { index: 24, key: 'duplicate-transactions', weight: 10, meaning: 'The same transaction (date, description, amount) printed several times' },
  { index: 25, key: 'impossible-date', weight: 15, meaning: 'A transaction dated outside the statement period, after the file was made, or a period that ends before it starts' },
  { index: 26, key: 'statements-do-not-chain', weight: 25, meaning: "Consecutive statements of the same account in the application do not chain: closing balance ≠ the next opening balance" },
  { index: 27, key: 'account-details-changed', weight: 25, meaning: 'Holder, address, product name or account-number format differs between statements of the same account in the application' },
  { index: 28, key: 'document-style-changed', weight: 15, meaning: "Fonts, page layout or producer differ between statements of the same account in the application" },
  { index: 29, key: 'same-statement-other-application', weight: 20, meaning: "The same statement (account, period, balances), in another file, was uploaded to another application of the account" },
  { index: 30, key: 'annotation-over-text', weight: 20, meaning: 'A markup annotation (ink, free text, box, stamp) drawn over printed text' },
  { index: 31, key: 'letterhead-other-bank', weight: 25, meaning: "The logo or letterhead text (printed as text, or read by OCR from a logo image on page 1) names another bank than the one the document's contacts, codes and name identify, or another bank than the letterhead of its other pages (data: src/service/fraud/data/letterhead-marks.ts)" },
];

export function reasonOf(key: ReasonKey): FraudReason {
  const r = FRAUD_REASONS.find((x) => x.key === key);
  if (!r) throw new Error(`unknown fraud reason ${key}`);
  return r;
}

/** Score bands (higher = more trustworthy). */
export const FRAUD_BANDS = [
  { min: 90, band: 'authentic' },
  { min: 70, band: 'minor' },
  { min: 50, band: 'moderate' },
  { min: 0, band: 'high risk' },
] as const;

export type FraudBand = (typeof FRAUD_BANDS)[number]['band'];

export function bandOf(score: number): FraudBand {
  return (FRAUD_BANDS.find((b) => score >= b.min) ?? FRAUD_BANDS[FRAUD_BANDS.length - 1]!).band;
}

/** Thresholds of the detectors (data, so they are tuned without touching the code). */
export const FRAUD_THRESHOLDS = {
  /** Seconds between CreationDate and ModDate tolerated (producers stamp both while writing). */
  modifiedAfterSeconds: 120,
  /** A column needs this many amounts before outliers are judged. */
  minColumnAmounts: 5,
  /** The column's majority font must hold at least this share of its amounts. */
  majorityShare: 0.8,
  /** Font sizes closer than this (points) are the same size. */
  sizeTolerance: 0.3,
  /** Right edges of a right-aligned column within this many points are aligned. */
  alignTolerance: 1.5,
  /** A stray amount whose right edge is this close to a column (points), amid its rows, is misaligned. */
  columnReach: 15,
  /** Large credit: at least this many cents. */
  largeCreditCents: 100_000,
  /** Round: a multiple of this many cents. */
  roundCents: 10_000,
  /** Round large credits flag when at least this many and this share of large credits. */
  roundMinCount: 4,
  roundMinShare: 0.6,
  /** Letterhead: text in this top share of a page, at least this many times the page's median text size, mostly a bank's mark. */
  letterheadTopShare: 0.2,
  letterheadSizeRatio: 1.25,
  letterheadMarkShare: 0.4,
  /**
   * A logo drawn as a picture is read by OCR when at least this share of its area lies in the top
   * band, it is at least this large (points) and no taller than the band; only words read with at
   * least this confidence (0–100) count towards its mark, so a misread letter names no bank.
   */
  letterheadImageInBand: 0.5,
  letterheadImageMinWidth: 20,
  letterheadImageMinHeight: 8,
  letterheadOcrMinConf: 60,
  /** A white box wider or taller than this (points) is a background, not a cover. */
  whiteBoxMaxWidth: 300,
  whiteBoxMaxHeight: 60,
  /** Drawing is read on at most this many pages, this many decoded bytes and operators per page. */
  maxDrawingPages: 500,
  maxContentBytes: 20_000_000,
  maxContentOps: 2_000_000,
  /** Text overlapping other text by this share of the smaller one's area is printed over it. */
  overlapShare: 0.5,
  /** An amount this far (points) off its row's baseline, but within the row, is misaligned. */
  baselineMin: 0.4,
  baselineMax: 1.5,
  /** Duplicated transactions: same date, description and amount this many times, at least this large (cents). */
  duplicateMinCount: 3,
  duplicateMinCents: 10_000,
  /** A transaction dated this many days outside the printed period is impossible. */
  outsidePeriodDays: 7,
} as const;
