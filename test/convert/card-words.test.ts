/**
 * The card words of src/engine/data/labels.ts, by example: which summary labels and section
 * headings give a card's direction in the seven languages, which labels name
 * no total of rows (the payment box), and which phrases are card evidence for the document type.
 * The whole reading is guarded by the composed card statements (pdf-composed-cards.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { namesNoTotal, summarySign, wordSign } from '../../src/engine/pdf/header-row.js';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';

describe('card words', () => {
  it('on a card, payments and credits are money in, purchases, fees, interest and cash money out, in four languages', () => {
    for (const label of ['Payments', 'Pagos', 'Paiements reçus', 'Zahlungen', 'Zahlungseingänge', 'Otros abonos', 'Autres crédits', 'Sonstige Gutschriften']) expect(summarySign(label, true), label).toBe(1);
    for (const label of ['Purchases', 'Compras', 'Achats', 'Einkäufe', 'Belastungen', 'Comisiones', 'Frais', 'Entgelte', 'Intereses', 'Intérêts', 'Sollzinsen',
      'Disposiciones de efectivo', 'Avances de fonds', 'Bargeldauszahlungen', 'Traspasos de saldo', 'Transferts de solde', 'Saldoübertragungen']) expect(summarySign(label, true), label).toBe(-1);
  });

  it('Italian card words: payments and credits in, purchases, fees, interest and cash out; the payment box no total', () => {
    for (const label of ['Pagamenti', 'Altri accrediti']) expect(summarySign(label, true), label).toBe(1);
    for (const label of ['Acquisti', 'Commissioni', 'Interessi', 'Anticipi di contante', 'Trasferimenti di saldo']) expect(summarySign(label, true), label).toBe(-1);
    for (const label of ['Importo minimo da pagare', 'Fido accordato', 'Disponibilità residua', 'Scadenza pagamento']) expect(namesNoTotal(label), label).toBe(true);
  });

  it('Portuguese and Dutch card words: payments and credits in, purchases, fees, interest and cash out; the payment box no total', () => {
    for (const label of ['Pagamentos', 'Pagamentos recebidos', 'Créditos e estornos', 'Betalingen', 'Ontvangen betalingen', 'Terugboekingen']) expect(summarySign(label, true), label).toBe(1);
    for (const label of ['Compras', 'Saques', 'Tarifas', 'Comissões', 'Juros', 'Adiantamentos de numerário', 'Transferências de saldo',
      'Aankopen', 'Uitgaven', 'Geldopnames', 'Kosten', 'Rente', 'Debetrente', 'Saldo-overboekingen']) expect(summarySign(label, true), label).toBe(-1);
    for (const label of ['Valor mínimo a pagar', 'Data de vencimento', 'Limite disponível', 'Minimaal te betalen', 'Minimumbedrag', 'Uiterste betaaldatum', 'Kredietlimiet', 'Bestedingslimiet', 'Beschikbare ruimte']) {
      expect(namesNoTotal(label), label).toBe(true);
    }
  });

  it('a bank statement\'s transfer sections name their direction ("Wire Transfers In", "Outgoing Wires", "Eingänge"); "Transfers" alone names none', () => {
    for (const label of ['Wire Transfers In', 'Incoming Wires', 'Transfers In', 'Incoming Transfers', 'Eingänge']) expect(wordSign(label, false), label).toBe(1);
    for (const label of ['Wire Transfers Out', 'Outgoing Wires', 'Transfers Out', 'Outgoing Transfers', 'Ausgänge']) expect(wordSign(label, false), label).toBe(-1);
    for (const label of ['Transfers', 'Account Activity']) expect(wordSign(label, false), label).toBeNull();
  });

  it('on a bank statement the card-only words say nothing ("Zinsen" may be interest earned)', () => {
    for (const label of ['Zinsen', 'Intereses', 'Pagos']) expect(wordSign(label, false), label).toBeNull();
  });

  it('"Umsätze" (a German card\'s list of every kind of transaction) gives no direction', () => {
    expect(wordSign('Ihre Umsätze', true)).toBeNull();
  });

  it('the payment box names no total of rows, in any of the languages', () => {
    for (const label of ['Minimum Payment Due', 'Total Credit Limit', 'Available Credit', 'Pago mínimo', 'Límite de crédito', 'Crédito disponible', 'Paiement minimum',
      'Limite de crédit', "Date d'échéance", 'Mindestbetrag', 'Kreditrahmen', 'Verfügbarer Betrag']) {
      expect(namesNoTotal(label), label).toBe(true);
      expect(summarySign(label, true), label).toBeNull();
    }
    expect(namesNoTotal('Total Payments and Credits')).toBe(false);
  });

  it('a Spanish card statement is a credit card statement by its payment box', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([612, 792]);
    ['Banco Meridional', 'Extracto de su tarjeta', 'Importe mínimo a pagar: 116,56', 'Fecha límite de pago: 09/02/2025', 'Límite de la tarjeta: 11.000,00',
      'Saldo anterior 2.319,43', 'Nuevo saldo 2.511,16'].forEach((t, i) => page.drawText(t, { x: 50, y: 740 - i * 14, size: 10, font }));
    const bytes = await doc.save();
    const read = await convertDocument({ fileName: 'tarjeta.pdf', bytes, options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
    expect(read.detectedDocType).toBe('Credit Card Statement');
  });

  it('a card statement with no payment box is a credit card statement by its title, number and summary, in each language', async () => {
    const cards: string[][] = [
      ['Business Card Statement', 'Card Number: XXXX XXXX XXXX 4411', 'Previous Balance 2,319.43', 'Purchases 411.20', 'Interest Charged 12.10', 'New Balance 2,742.73'],
      ['Relevé de votre carte', 'Numéro de carte: **** 4411', 'Solde précédent 2 319,43', 'Achats 411,20', 'Nouveau solde 2 730,63'],
      ['Kreditkartenabrechnung', 'Karten-Nr.: **** 4411', 'Saldo Vormonat 2.319,43', 'Einkäufe 411,20', 'Neuer Saldo 2.730,63'],
      ['Fatura do cartão de crédito', 'Número do cartão: **** 4411', 'Total da fatura anterior 2.319,43', 'Compras 411,20', 'Total desta fatura 2.730,63'],
      ['Creditcardafschrift', 'Kaartnummer: **** 4411', 'Vorig saldo 2.319,43', 'Aankopen 411,20', 'Nieuw saldo 2.730,63'],
    ];
    for (const lines of cards) {
      const doc = await PDFDocument.create();
      const font = await doc.embedFont(StandardFonts.Helvetica);
      const page = doc.addPage([612, 792]);
      ['Northgate Card Services', ...lines].forEach((t, i) => page.drawText(t, { x: 50, y: 740 - i * 14, size: 10, font }));
      const read = await convertDocument({ fileName: 'card.pdf', bytes: await doc.save(), options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
      expect(read.detectedDocType, lines[0]).toBe('Credit Card Statement');
    }
  });

  it('a bank statement printing "Purchases" and "New Balance" stays a bank statement', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([612, 792]);
    ['Northgate Commercial Bank', 'Business Checking', 'Account Number: 4410228811', 'Beginning Balance 2,319.43', 'Deposits and Additions 1,000.00', 'Purchases 411.20', 'Ending Balance 2,908.23']
      .forEach((t, i) => page.drawText(t, { x: 50, y: 740 - i * 14, size: 10, font }));
    const read = await convertDocument({ fileName: 'bank.pdf', bytes: await doc.save(), options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
    expect(read.detectedDocType).toBe('Bank Statement');
  });
});
