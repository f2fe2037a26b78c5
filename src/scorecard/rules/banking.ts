import type { CategoryRule } from './types.js';

/** Bank-side events: fees, returns, reversals, transfers, wires, cash. */
export const BANKING_RULES: CategoryRule[] = [
  {
    id: 'bank.nontransaction', category: 'nontransaction', priority: 110,
    phrases: ['BEGINNING BALANCE', 'ENDING BALANCE', 'DAILY BALANCE', 'BALANCE FORWARD', 'PREVIOUS BALANCE', 'OPENING BALANCE', 'CLOSING BALANCE'],
    examples: { match: ['Beginning Balance', 'BALANCE FORWARD 01/31'], noMatch: ['BALANCE TRANSFER FEE', 'ACH DEPOSIT ACME'] },
  },
  {
    id: 'bank.nsf', category: 'nsf', sign: 'debit', priority: 100,
    phrases: ['NSF', 'NSF FEE', 'NSF CHARGE', 'INSUFFICIENT FUNDS', 'INSUFFICIENT FUND', 'RETURNED ITEM FEE', 'RETURN ITEM FEE', 'RET ITEM FEE', 'RETURNED CHECK FEE', 'NON SUFFICIENT FUNDS', 'UNAVAILABLE FUNDS FEE'],
    examples: { match: ['NSF FEE ITEM 1234', 'Insufficient Funds Charge', 'RETURNED ITEM FEE'], noMatch: ['SUFFICIENT SUPPLY CO', 'MONTHLY SERVICE FEE'] },
  },
  {
    id: 'bank.overdraft', category: 'overdraft', sign: 'debit', priority: 100,
    phrases: ['OVERDRAFT', 'OVERDRAFT FEE', 'OD FEE', 'ODP FEE', 'OVERDRAFT CHARGE', 'EXTENDED OVERDRAFT', 'OVERDRAWN', 'OVERDRAFT ITEM FEE', 'OD CHARGE', 'CONTINUOUS OD'],
    examples: { match: ['OVERDRAFT ITEM FEE', 'OD FEE', 'EXTENDED OVERDRAFT CHARGE'], noMatch: ['OVERDRIVE GUITARS'], sign: 'debit' },
  },
  {
    id: 'bank.returned', category: 'returned', priority: 95,
    phrases: ['RETURNED ITEM', 'RETURN ITEM', 'RETURNED CHECK', 'RETURNED DEPOSIT', 'DEPOSITED ITEM RETURNED', 'DEP ITEM RETURNED', 'ACH RETURN', 'RETURNED ACH', 'RETURN SETTLEMENT', 'ITEM RETURNED', 'RETURNED PAYMENT', 'CHECK RETURNED'],
    examples: { match: ['DEPOSITED ITEM RETURNED CK 442', 'ACH RETURN R01 ACME'], noMatch: ['AMAZON RETURN CREDIT', 'TAX RETURN PREP'] },
  },
  {
    id: 'bank.reversal', category: 'reversal', priority: 95,
    phrases: ['REVERSAL', 'REVERSED', 'REVERSE', 'ACH REV', 'REV ACH', 'FEE REVERSAL'],
    examples: { match: ['ACH REVERSAL ACME CORP', 'OVERDRAFT FEE REVERSAL', 'REVERSED CHARGE'], noMatch: ['REVERE HARDWARE', 'REVENUE DEPOSIT'], sign: 'credit' },
  },
  {
    id: 'bank.chargeback', category: 'chargeback', priority: 95,
    phrases: ['CHARGEBACK', 'CHARGE BACK', 'CHGBK', 'CHBK', 'DISPUTE CREDIT', 'PROVISIONAL CREDIT'],
    examples: { match: ['CHARGEBACK ADJ MERCHANT', 'VISA DISPUTE CREDIT'], noMatch: ['CHARGE CARD PAYMENT'], sign: 'credit' },
  },
  {
    id: 'bank.fee', category: 'bankfee', sign: 'debit', priority: 60,
    phrases: ['SERVICE FEE', 'MONTHLY SERVICE FEE', 'MAINTENANCE FEE', 'MONTHLY MAINTENANCE FEE', 'WIRE FEE', 'WIRE TRANSFER FEE', 'INCOMING WIRE FEE', 'OUTGOING WIRE FEE', 'ACCOUNT ANALYSIS FEE', 'ANALYSIS SERVICE CHARGE', 'SERVICE CHARGE', 'STOP PAYMENT FEE', 'PAPER STATEMENT FEE', 'ATM FEE', 'FOREIGN TRANSACTION FEE', 'CASH MANAGEMENT FEE', 'ACH FEE', 'DEPOSIT ITEM FEE', 'BANK FEE'],
    examples: { match: ['MONTHLY SERVICE FEE', 'WIRE TRANSFER FEE', 'ACCOUNT ANALYSIS FEE', 'NON-CHASE ATM FEE'], noMatch: ['INCOMING WIRE TRANSFER', 'FEDEX OFFICE 0455'] },
  },
  {
    id: 'bank.wire', category: 'wire', priority: 45,
    phrases: ['WIRE', 'WIRE TRANSFER', 'INCOMING WIRE', 'OUTGOING WIRE', 'WIRE IN', 'WIRE OUT', 'FEDWIRE', 'WIRE TYPE', 'INTL WIRE', 'SWIFT TRANSFER'],
    examples: { match: ['INCOMING WIRE TRANSFER FROM ACME CORP', 'FEDWIRE CREDIT VIA JPMORGAN'], noMatch: ['WIRED COFFEE SHOP', 'ONLINE TRANSFER FROM CHK 1234'], sign: 'credit' },
  },
  {
    id: 'bank.transfer-in', category: 'xferin', sign: 'credit', priority: 40,
    // A card statement's "payment - thank you" is the holder paying the card from their own bank account.
    phrases: ['TRANSFER FROM', 'ONLINE TRANSFER', 'INTERNAL TRANSFER', 'BOOK TRANSFER', 'ACCOUNT TRANSFER', 'XFER', 'TRSF', 'TFR', 'TRANSFER', 'FUNDS TRANSFER', 'OVERDRAFT PROTECTION TRANSFER', 'SWEEP', 'TRANSFER CREDIT', 'PAYMENT THANK YOU', 'AUTOPAY PAYMENT', 'PAYMENT RECEIVED THANK YOU'],
    examples: { match: ['ONLINE TRANSFER FROM CHK 4411', 'XFER FROM SAVINGS', 'OVERDRAFT PROTECTION TRANSFER CREDIT', 'MOBILE PAYMENT - THANK YOU', 'AUTOPAY PAYMENT - THANK YOU'], noMatch: ['ZELLE FROM JOHN', 'TRANSFORMER REPAIR', 'THANK YOU FOR BANKING'], sign: 'credit' },
  },
  {
    id: 'bank.transfer-out', category: 'xferout', sign: 'debit', priority: 40,
    phrases: ['TRANSFER TO', 'ONLINE TRANSFER', 'INTERNAL TRANSFER', 'BOOK TRANSFER', 'ACCOUNT TRANSFER', 'XFER', 'TRSF', 'TFR', 'TRANSFER', 'FUNDS TRANSFER', 'SWEEP', 'TRANSFER DEBIT'],
    examples: { match: ['ONLINE TRANSFER TO SAV 9912', 'XFER TO CHK 1234'], noMatch: ['ATM WITHDRAWAL', 'CHECK 1001'], sign: 'debit' },
  },
  {
    id: 'bank.atm', category: 'atm', sign: 'debit', priority: 50,
    phrases: ['ATM', 'ATM WITHDRAWAL', 'ATM W D', 'ATM WD', 'ATM CASH', 'CASH WITHDRAWAL', 'NON CHASE ATM', 'ATM DEBIT', 'WITHDRAWAL ATM'],
    examples: { match: ['ATM WITHDRAWAL 123 MAIN ST', 'NON-CHASE ATM WITHDRAW', 'CASH WITHDRAWAL BRANCH'], noMatch: ['ATMOS ENERGY', 'POS PURCHASE'], sign: 'debit' },
  },
  {
    id: 'bank.refund', category: 'refund', sign: 'credit', priority: 58,
    phrases: ['REFUND', 'RFND', 'PURCHASE RETURN', 'MERCHANDISE RETURN', 'RETURN CREDIT', 'CREDIT VOUCHER', 'POS RETURN', 'CARD REFUND'],
    examples: { match: ['AMAZON REFUND', 'POS RETURN HOME DEPOT', 'CREDIT VOUCHER STAPLES'], noMatch: ['REFUNDABLE DEPOSIT PAID'], sign: 'credit' },
  },
  {
    id: 'bank.cashback', category: 'cashback', sign: 'credit', priority: 58,
    phrases: ['CASH BACK', 'CASHBACK', 'REWARDS', 'REWARD REDEMPTION', 'REWARDS REDEMPTION', 'STATEMENT CREDIT'],
    examples: { match: ['CASH BACK REWARD', 'REWARDS REDEMPTION 4411'], noMatch: ['CASH DEPOSIT'], sign: 'credit' },
  },
  {
    id: 'tag.electronic', category: 'electronic', exclusive: false, priority: 0,
    phrases: ['ACH', 'EFT', 'ELECTRONIC', 'ONLINE', 'WEB', 'CCD', 'PPD', 'WIRE', 'FEDWIRE', 'EPAY', 'E PAYMENT', 'EPAYMENT', 'ECHECK', 'E CHECK', 'DIRECT DEP', 'DIRECT DEPOSIT', 'DIRECT DEBIT', 'ZELLE', 'RTP', 'INSTANT PAYMENT', 'ORIG CO NAME'],
    examples: { match: ['ACH CREDIT ACME CORP', 'ORIG CO NAME:ACME CORP', 'INCOMING WIRE'], noMatch: ['CHECK 1001', 'COUNTER DEPOSIT'] },
  },
];
