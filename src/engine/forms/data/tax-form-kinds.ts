/**
 * Tax forms the reader recognises: the name returned in `TaxForms`, the phrases that identify
 * the form (all of `title` must be printed, in lower case, letters and digits only compared),
 * whether it is a tax return, and the printed labels of its key figures. Figures are read as
 * the first amount after the label on its line, or in the box below it. Data, not logic.
 */
export type TaxFigure = 'wages' | 'federalWithheld' | 'grossReceipts' | 'totalIncome' | 'totalExpenses' | 'netProfit' | 'netPay' | 'ytdGross';
export type TaxId = 'ein' | 'tin';

export interface TaxFormKind {
  name: string;
  title: string[];
  /** A later kind whose title also matches wins when listed first: more specific first. */
  isReturn: boolean;
  figures: Partial<Record<TaxFigure, string[]>>;
  ids: Partial<Record<TaxId, string[]>>;
}

export const TAX_FORM_KINDS: TaxFormKind[] = [
  { name: '1120-S', title: ['form 1120-s', 'income tax return for an s corporation'], isReturn: true,
    figures: { grossReceipts: ['gross receipts or sales'], totalIncome: ['total income (loss)', 'total income'], totalExpenses: ['total deductions'], netProfit: ['ordinary business income (loss)', 'ordinary business income'] },
    ids: { ein: ['employer identification number'] } },
  { name: '1120', title: ['form 1120', 'corporation income tax return'], isReturn: true,
    figures: { grossReceipts: ['gross receipts or sales'], totalIncome: ['total income'], totalExpenses: ['total deductions'], netProfit: ['taxable income'] },
    ids: { ein: ['employer identification number'] } },
  { name: '1065', title: ['form 1065', 'return of partnership income'], isReturn: true,
    figures: { grossReceipts: ['gross receipts or sales'], totalIncome: ['total income (loss)', 'total income'], totalExpenses: ['total deductions'], netProfit: ['ordinary business income (loss)', 'ordinary business income'] },
    ids: { ein: ['employer identification number'] } },
  { name: '1040 Schedule C', title: ['schedule c', 'profit or loss from business'], isReturn: true,
    figures: { grossReceipts: ['gross receipts or sales'], totalIncome: ['gross income'], totalExpenses: ['total expenses'], netProfit: ['net profit or (loss)', 'net profit or loss'] },
    ids: { tin: ['social security number (ssn)', 'social security number'], ein: ['employer id number (ein)', 'employer id number'] } },
  { name: '1099-NEC', title: ['1099-nec', 'nonemployee compensation'], isReturn: false,
    figures: { grossReceipts: ['nonemployee compensation'], federalWithheld: ['federal income tax withheld'] },
    ids: { ein: ["payer's tin", 'payer tin'], tin: ["recipient's tin", 'recipient tin'] } },
  { name: '1099-K', title: ['1099-k', 'payment card and third party network transactions'], isReturn: false,
    figures: { grossReceipts: ['gross amount of payment card/third party network transactions', 'gross amount'], federalWithheld: ['federal income tax withheld'] },
    ids: { ein: ["filer's tin", 'filer tin'], tin: ["payee's tin", 'payee tin'] } },
  { name: '1099-MISC', title: ['1099-misc', 'miscellaneous information'], isReturn: false,
    figures: { grossReceipts: ['other income'], federalWithheld: ['federal income tax withheld'] },
    ids: { ein: ["payer's tin", 'payer tin'], tin: ["recipient's tin", 'recipient tin'] } },
  { name: 'W-2', title: ['w-2', 'wage and tax'], isReturn: false,
    figures: { wages: ['wages, tips, other compensation', 'wages tips other compensation'], federalWithheld: ['federal income tax withheld'] },
    ids: { ein: ['employer identification number (ein)', 'employer identification number'], tin: ["employee's social security number", 'employee social security number'] } },
  // The same form when its large "W-2" is not read (a scan's stylised title): its box labels.
  { name: 'W-2', title: ['wage and tax', 'social security wages', 'medicare wages and tips'], isReturn: false,
    figures: { wages: ['wages, tips, other compensation', 'wages tips other compensation'], federalWithheld: ['federal income tax withheld'] },
    ids: { ein: ['employer identification number (ein)', 'employer identification number'], tin: ["employee's social security number", 'employee social security number'] } },
  { name: 'Pay Stub', title: ['earnings statement', 'net pay'], isReturn: false,
    figures: { wages: ['gross pay'], netPay: ['net pay'], ytdGross: ['ytd gross', 'year to date gross'] },
    ids: {} },
];
