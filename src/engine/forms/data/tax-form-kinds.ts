/**
 * Tax forms the reader recognises: the name returned in `TaxForms`, the phrases that identify
 * the form, whether it is a tax return, and the printed labels of its key figures. Figures are
 * read as the first amount after the label on its line, or in the box below it. Data, not logic.
 * `title`: every entry must be printed; an entry that is a list is met by any one of its
 * phrases (a scan may lose the stylised form number, or one line of the title; then a box
 * label the form prints stands in for the lost line). Phrases are
 * found tolerant of OCR's misreadings (../phrase-match.ts): digits and one- or two-letter words
 * exactly, longer words with an edit per five letters.
 */
export type TaxFigure = 'wages' | 'federalWithheld' | 'socialSecurityWages' | 'socialSecurityWithheld' | 'medicareWages' | 'medicareWithheld' | 'grossReceipts' | 'totalIncome' | 'totalExpenses' | 'netProfit' | 'netPay' | 'ytdGross';
export type TaxId = 'ein' | 'tin';

export interface TaxFormKind {
  name: string;
  /** A later kind whose title also matches wins when listed first: more specific first. */
  title: Array<string | string[]>;
  isReturn: boolean;
  figures: Partial<Record<TaxFigure, string[]>>;
  ids: Partial<Record<TaxId, string[]>>;
  /**
   * Figures also printed in a table, read there when no label carries them: the amount on a row
   * labelled one of `rows`, under a column headed one of `columns`.
   */
  tables?: Partial<Record<TaxFigure, { rows: string[]; columns: string[] }>>;
}

const W2 = {
  figures: {
    wages: ['wages, tips, other compensation', 'wages tips other compensation'], federalWithheld: ['federal income tax withheld'],
    socialSecurityWages: ['social security wages'], socialSecurityWithheld: ['social security tax withheld'],
    medicareWages: ['medicare wages and tips'], medicareWithheld: ['medicare tax withheld'],
  },
  ids: { ein: ['employer identification number (ein)', 'employer identification number'], tin: ["employee's social security number", 'employee social security number'] },
} as const;

const W2_FIGURES = Object.fromEntries(Object.entries(W2.figures).map(([k, v]) => [k, [...v]])) as Partial<Record<TaxFigure, string[]>>;
const W2_IDS = { ein: [...W2.ids.ein], tin: [...W2.ids.tin] };

export const TAX_FORM_KINDS: TaxFormKind[] = [
  // "for an S corporation": the 1120's own title says "U.S. Corporation", whose "S" must not count.
  { name: '1120-S', title: [['form 1120-s', '1120-s'], ['income tax return for an s corporation', 'for an s corporation']], isReturn: true,
    figures: { grossReceipts: ['gross receipts or sales'], totalIncome: ['total income (loss)', 'total income'], totalExpenses: ['total deductions'], netProfit: ['ordinary business income (loss)', 'ordinary business income'] },
    ids: { ein: ['employer identification number'] } },
  { name: '1120', title: [['form 1120', '1120'], ['corporation income tax return', 'u.s. corporation', 'income tax return', 'taxable income']], isReturn: true,
    figures: { grossReceipts: ['gross receipts or sales'], totalIncome: ['total income'], totalExpenses: ['total deductions'], netProfit: ['taxable income'] },
    ids: { ein: ['employer identification number'] } },
  { name: '1065', title: [['form 1065', '1065'], ['return of partnership income', 'partnership income', 'ordinary business income']], isReturn: true,
    figures: { grossReceipts: ['gross receipts or sales'], totalIncome: ['total income (loss)', 'total income'], totalExpenses: ['total deductions'], netProfit: ['ordinary business income (loss)', 'ordinary business income'] },
    ids: { ein: ['employer identification number'] } },
  { name: '1040 Schedule C', title: ['schedule c', ['profit or loss from business', 'sole proprietorship', 'form 1040']], isReturn: true,
    figures: { grossReceipts: ['gross receipts or sales'], totalIncome: ['gross income'], totalExpenses: ['total expenses'], netProfit: ['net profit or (loss)', 'net profit or loss'] },
    ids: { tin: ['social security number (ssn)', 'social security number'], ein: ['employer id number (ein)', 'employer id number'] } },
  { name: '1099-NEC', title: ['1099-nec', ['nonemployee compensation', "payer's tin", "recipient's tin"]], isReturn: false,
    figures: { grossReceipts: ['nonemployee compensation'], federalWithheld: ['federal income tax withheld'] },
    ids: { ein: ["payer's tin", 'payer tin'], tin: ["recipient's tin", 'recipient tin'] } },
  { name: '1099-K', title: ['1099-k', ['payment card and third party network transactions', 'third party network', 'payment card', "filer's tin", "payee's tin"]], isReturn: false,
    figures: { grossReceipts: ['gross amount of payment card/third party network transactions', 'gross amount'], federalWithheld: ['federal income tax withheld'] },
    ids: { ein: ["filer's tin", 'filer tin'], tin: ["payee's tin", 'payee tin'] } },
  { name: '1099-MISC', title: ['1099-misc', ['miscellaneous information', 'miscellaneous income', 'other income', "payer's tin", "recipient's tin"]], isReturn: false,
    figures: { grossReceipts: ['other income'], federalWithheld: ['federal income tax withheld'] },
    ids: { ein: ["payer's tin", 'payer tin'], tin: ["recipient's tin", 'recipient tin'] } },
  // A 1099 whose title a scan lost ("Form TUedINEG"): its boxes' labels. MISC first: a
  // 1099-MISC before 2020 printed "nonemployee compensation" too, beside its other income.
  { name: '1099-MISC', title: [["payer's tin", 'payer tin'], ["recipient's tin", 'recipient tin'], 'other income', ['miscellaneous', 'rents', 'royalties']], isReturn: false,
    figures: { grossReceipts: ['other income'], federalWithheld: ['federal income tax withheld'] },
    ids: { ein: ["payer's tin", 'payer tin'], tin: ["recipient's tin", 'recipient tin'] } },
  { name: '1099-NEC', title: [["payer's tin", 'payer tin'], ["recipient's tin", 'recipient tin'], 'nonemployee compensation'], isReturn: false,
    figures: { grossReceipts: ['nonemployee compensation'], federalWithheld: ['federal income tax withheld'] },
    ids: { ein: ["payer's tin", 'payer tin'], tin: ["recipient's tin", 'recipient tin'] } },
  { name: 'W-2', title: ['w-2', 'wage and tax'], isReturn: false, figures: W2_FIGURES, ids: W2_IDS },
  // The same form when its large "W-2" is not read (a scan's stylised title): its box labels.
  { name: 'W-2', title: ['wage and tax', 'social security wages', ['medicare wages and tips', 'wages, tips, other compensation']], isReturn: false, figures: W2_FIGURES, ids: W2_IDS },
  // A pay stub: its title, or (a scan lost it) its pay date or period, with net and gross pay.
  { name: 'Pay Stub', title: [['earnings statement', 'pay stub', 'pay statement', 'statement of earnings', 'pay date', 'pay period'], 'net pay', ['gross pay', 'gross earnings', 'ytd gross', 'total gross']], isReturn: false,
    figures: { wages: ['gross pay'], netPay: ['net pay'], ytdGross: ['ytd gross', 'year to date gross'] },
    tables: { ytdGross: { rows: ['gross pay', 'gross earnings', 'total gross', 'gross wages'], columns: ['year to date', 'ytd', 'y-t-d', 'ytd amount', 'ytd total'] } },
    ids: {} },
];

/**
 * Tax forms that are not ones this service reads, named when recognised so that the answer
 * says what the document is ("a W-9 is not a form this service reads") instead of reading it
 * as the form it most resembles (a W-9 and a W-4 print "employer identification number",
 * "social security number" and "federal income tax withheld" too). Checked before the kinds.
 */
export const REFUSED_TAX_FORMS: Array<{ name: string; title: Array<string | string[]> }> = [
  // Its title (split over two lines on the IRS's own layout, the form number between), or the
  // number with the title's second half: the large stylised "W-9" is often lost on a scan ("Wes)").
  { name: 'W-9', title: [['request for taxpayer identification number', 'request for taxpayer', 'form w-9'], ['identification number and certification', 'request for taxpayer']] },
  { name: 'W-4', title: [["employee's withholding certificate", "employee's withholding allowance certificate"]] },
  { name: 'W-3', title: [['transmittal of wage and tax statements']] },
  // A partner's or shareholder's K-1 prints "(Form 1065)" / "(Form 1120-S)" and the return's line names.
  { name: 'Schedule K-1', title: [["partner's share of income", "shareholder's share of income"]] },
];

/**
 * Tax forms named only when nothing in the document is read: a return's own pages are not read,
 * but the same file may carry its Schedule C (which is), so these never refuse a whole file.
 */
export const NAMED_UNREAD_TAX_FORMS: Array<{ name: string; title: Array<string | string[]> }> = [
  { name: 'Form 1040 without its Schedule C', title: [['u.s. individual income tax return', 'u.s. tax return for seniors']] },
  { name: 'Form 941', title: [["employer's quarterly federal tax return"]] },
  { name: 'Form 940', title: [["employer's annual federal unemployment"]] },
];

/** Lines of a document's head where a refused form's title is looked for: the title, not instructions that name it. */
export const REFUSED_TITLE_LINES = 12;
