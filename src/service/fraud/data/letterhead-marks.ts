/**
 * The words a bank's logo or letterhead prints as text, by the engine's bank name (the `names`
 * of ./bank-identity.ts): what a reader takes the document to be from at a glance. Compared
 * letters and digits only, case-insensitive ("U.S. Bank" = "usbank"). Data, not logic: add a
 * bank's marks here. A mark shared by two banks proves nothing, so keep each to the bank's own;
 * a bank without marks is never named by a letterhead.
 */
export const LETTERHEAD_MARKS: Readonly<Record<string, readonly string[]>> = {
  'JPMorgan Chase Bank, N.A.': ['Chase', 'JPMorgan Chase', 'J.P. Morgan'],
  'Bank of America': ['Bank of America', 'BofA'],
  'Wells Fargo Bank, N.A.': ['Wells Fargo'],
  'Citibank, N.A.': ['Citibank', 'Citi', 'Citibusiness'],
  'Capital One': ['Capital One'],
  'PNC Bank': ['PNC', 'PNC Bank'],
  'U.S. Bank': ['U.S. Bank', 'usbank'],
  'TD Bank, N.A.': ['TD Bank'],
  'Truist Bank': ['Truist'],
  'Navy Federal Credit Union': ['Navy Federal'],
  'American Express': ['American Express', 'Amex'],
  'Discover': ['Discover'],
  'Regions Bank': ['Regions'],
  'Fifth Third Bank': ['Fifth Third'],
  'KeyBank': ['KeyBank'],
  'Huntington National Bank': ['Huntington'],
  'Citizens Bank': ['Citizens Bank'],
  'M&T Bank': ['M&T Bank'],
  'BMO': ['BMO'],
  'Santander Bank': ['Santander'],
  'Golden 1 Credit Union': ['Golden 1'],
  'HSBC': ['HSBC'],
  'Barclays': ['Barclays'],
  'Lloyds Bank': ['Lloyds Bank', 'Lloyds'],
  'NatWest': ['NatWest'],
  'Monzo': ['Monzo'],
  'Starling Bank': ['Starling Bank'],
  'Revolut': ['Revolut'],
  'Sparkasse': ['Sparkasse'],
  'Deutsche Bank': ['Deutsche Bank'],
  'Commerzbank': ['Commerzbank'],
  'Volksbank': ['Volksbank'],
  'RBC Royal Bank': ['RBC', 'Royal Bank'],
  'Scotiabank': ['Scotiabank'],
  'ICICI Bank': ['ICICI Bank', 'ICICI'],
  'ASB Bank': ['ASB Bank', 'ASB'],
  'Postbank': ['Postbank'],
  'Bank Mandiri': ['Bank Mandiri', 'Mandiri'],
  'Commonwealth Bank': ['Commonwealth Bank', 'CommBank'],
};
