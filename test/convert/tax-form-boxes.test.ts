import { describe, expect, it } from 'vitest';
import type { Cell, Line } from '../../src/engine/pdf/lines.js';
import { parseFigure, readTaxForm, recogniseTaxForm, taxFormKind } from '../../src/engine/forms/tax-forms.js';
import { convertDocument } from '../../src/engine/index.js';
import { defaultConversionOptions } from '../../src/contract/api/conversion-options.js';
import { renderTaxForm } from '../fixtures/generator/forms/tax.js';

/**
 * A W-2 as OCR reads a scan of it: box numbers stand alone in cells of their own ("1", "2"), and
 * the large stylised "W-2" is not read. The form is still recognised by its box labels, and a
 * neighbouring box's number is never taken for an amount.
 */
const cell = (text: string, x0: number): Cell => ({ text, x0, x1: x0 + text.length * 5, size: 8, bold: false, parts: [{ text, x0, x1: x0 + text.length * 5 }] });
let index = 0;
const line = (y: number, ...cells: Cell[]): Line => {
  const text = cells.map((c) => c.text).join('  ');
  return { page: 1, y, size: 8, x0: cells[0]!.x0, x1: cells[cells.length - 1]!.x1, cells, text, key: text.toLowerCase().replace(/[^a-z]/g, ''), index: index++ };
};

const scannedW2 = (): Line[] => [
  line(10, cell("a Employee's social security number", 20), cell('OMB No. 1545-0008', 260)),
  line(20, cell('123-45-6789', 20)),
  line(30, cell('b Employer identification number (EIN)', 20), cell('1', 250), cell('Wages, tips, other compensation', 260), cell('2', 420), cell('Federal income tax withheld', 430)),
  line(40, cell('11-2233445', 20), cell('48,500.00', 262), cell('6,835.00', 432)),
  line(50, cell('3', 250), cell('Social security wages', 260), cell('4', 420), cell('Social security tax withheld', 430)),
  line(60, cell('50,000.00', 262), cell('3,100.00', 432)),
  line(70, cell('5', 250), cell('Medicare wages and tips', 260), cell('6', 420), cell('Medicare tax withheld', 430)),
  line(80, cell('52,400.00', 262), cell('759.80', 432)),
  line(200, cell('Wage and Tax', 200), cell('Department of the Treasury— Internal Revenue Service', 300)),
  line(210, cell('Form', 20), cell('I’ Statement', 60)),
];

describe('a scanned W-2 read by its box labels', () => {
  it('is recognised without its title and reads box 1 and box 2, not the next box\'s number', () => {
    const lines = scannedW2();
    const kind = taxFormKind(lines);
    expect(kind?.name).toBe('W-2');
    const figures = readTaxForm(lines, kind!);
    expect(figures.wages).toBe(48500);
    expect(figures.federalWithheld).toBe(6835);
    expect(figures.tin).toBe('***-**-6789');
  });

  it('reads boxes 3 to 6 (social security and Medicare wages and tax withheld)', () => {
    const lines = scannedW2();
    expect(readTaxForm(lines, taxFormKind(lines)!)).toMatchObject({ socialSecurityWages: 50000, socialSecurityWithheld: 3100, medicareWages: 52400, medicareWithheld: 759.8 });
  });

  it('reads an EIN printed in its box right of the label\'s last letter, and not a value under the next box', () => {
    // As the W-2 of the dev corpus prints it: "b Employer identification number (EIN)" over "11-2233445" to its right.
    const lines = scannedW2().map((l) => (l.y === 40 ? line(40, { ...cell('11-2233445', 213), x1: 246 }, cell('48,500.00', 262), cell('6,835.00', 432)) : l));
    const figures = readTaxForm(lines, taxFormKind(lines)!);
    expect(figures.ein).toBe('**-***3445');
    expect(figures.wages).toBe(48500);
    // With nothing under the EIN's label, the wages under box 1 are not taken for it.
    const noEin = scannedW2().map((l) => (l.y === 40 ? line(40, cell('48,500.00', 262), cell('6,835.00', 432)) : l));
    expect(readTaxForm(noEin, taxFormKind(noEin)!).ein).toBe('');
  });

  it('an identifier OCR lost a digit of ("14-44-9485") is no figure: its box is read again, not closed above it', () => {
    expect(parseFigure('14-44-9485')).toBeNull();
    expect(parseFigure('12 34')).toBeNull();
    expect(parseFigure('1,234.00')).toBe(123400);
    expect(parseFigure('(1,234.00)')).toBe(-123400);
    expect(parseFigure('1234.5')).toBeNull();
  });

  it('a box with nothing printed in it stays unread rather than taking a box number', () => {
    const lines = scannedW2().filter((l) => l.y !== 40);
    const figures = readTaxForm(lines, taxFormKind(lines)!);
    expect(figures.wages).toBeNull();
    expect(figures.unread).toContain('wages');
  });

  it('a pay stub whose gross pay cell carries a box edge ("| 2,518.18") reads it, not the year-to-date figure beside it', () => {
    const lines = [
      line(10, cell('ROADRUNNER TRUCKING LLC Earnings Statement', 20)),
      line(20, cell('Pay date: 11/15/2019 Employee: Maria Nguyen', 20)),
      line(30, cell('Gross Pay', 20), cell('| 2,518.18', 120), cell('YTD Gross', 220), cell('45,327.24', 320)),
      line(40, cell('Net Pay', 20), cell('1,913.82', 120)),
    ];
    const kind = taxFormKind(lines);
    expect(kind?.name).toBe('Pay Stub');
    expect(readTaxForm(lines, kind!)).toMatchObject({ wages: 2518.18, ytdGross: 45327.24, netPay: 1913.82 });
  });
});

describe('a pay stub that prints its figures in Current and Year to Date columns', () => {
  it('reads year-to-date gross pay under its column, and never the neighbouring column', () => {
    const stub = (grossRow: Cell[]) => [
      line(10, cell('ACME CORP Earnings Statement', 20)),
      line(20, cell('Pay period: 03/01/2024', 20)),
      line(30, cell('Description', 20), cell('Hours', 200), cell('Current', 300), cell('Year to Date', 400)),
      line(40, cell('Regular Earnings', 20), cell('80.00', 200), cell('2,000.00', 300), cell('6,000.00', 410)),
      line(50, ...grossRow),
      line(60, cell('Net Pay', 20), cell('1,520.00', 300), cell('4,560.00', 410)),
    ];
    const full = stub([cell('Gross Pay', 20), cell('2,000.00', 300), cell('6,000.00', 410)]);
    expect(readTaxForm(full, taxFormKind(full)!)).toMatchObject({ wages: 2000, ytdGross: 6000, netPay: 1520, unread: [] });
    // The year-to-date amount not printed: unread, not the current one beside it.
    const lost = stub([cell('Gross Pay', 20), cell('2,000.00', 300)]);
    const figures = readTaxForm(lost, taxFormKind(lost)!);
    expect(figures.ytdGross).toBeNull();
    expect(figures.unread).toContain('ytdGross');
  });

  it('a generated stub of that kind, over seeds, through the engine', async () => {
    for (const seed of [1, 2, 3]) {
      const f = await renderTaxForm(seed, 'Pay Stub', { payStubTable: true });
      const doc = await convertDocument({ fileName: 'stub.pdf', bytes: f.bytes, options: defaultConversionOptions({ accounttype: 'autoDetect' }) });
      expect(doc.taxForm, `seed ${seed}`).toMatchObject({ kind: 'Pay Stub', wages: f.truth.figures.wages, netPay: f.truth.figures.netPay, ytdGross: f.truth.figures.ytdGross, unread: [] });
    }
  });
});

describe('returns this service does not read are named, never read as the form they resemble', () => {
  const form1040 = (): Line[] => [
    line(40, cell('Form', 40), cell('1040 U.S. Individual Income Tax Return 2024', 70)),
    line(52, cell('Department of the Treasury—Internal Revenue Service', 70)),
    line(70, cell('Your first name and middle initial', 40), cell('Your social security number', 400)),
    line(90, cell('1a Total amount from Form(s) W-2, box 1', 40)),
  ];
  it('a Form 1040 alone is refused by name', () => {
    expect(recogniseTaxForm(form1040())).toEqual({ refused: 'Form 1040 without its Schedule C' });
  });
  it('a Form 1040 carrying its Schedule C is read as the Schedule C', () => {
    const withC = [...form1040(), line(400, cell('SCHEDULE C', 40), cell('Profit or Loss From Business', 120)), line(412, cell('(Sole Proprietorship)', 120))];
    const found = recogniseTaxForm(withC);
    expect('kind' in found && found.kind.name).toBe('1040 Schedule C');
  });
});
