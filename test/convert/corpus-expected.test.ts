/** The corpus tool's check of another tool's expected values against a conversion, by meaning. */
import { describe, expect, it } from 'vitest';
import { compareExpected } from '../../src/cli/corpus-expected.js';

const w2Expected = {
  source_test: 'SomeTest.java',
  assertions: {
    'Applicant SSN': { expected: '123-45-6789', field_id: '84' },
    'Income Source Year': { expected: '2014', field_id: '1688' },
    'Wages Amount': { expected: '48,500.00', field_id: '1712' },
    'Federal Withheld': { expected: '6,835.00', field_id: '1713' },
    'Medicare Tax': { expected: '725.00', field_id: '1717' },
  },
};

describe('expected values found by meaning', () => {
  it('money as dollars or cents, a masked identifier apart, what is absent named', () => {
    const ours = { taxForm: { kind: 'W-2', taxYear: null, tin: '***-**-6789', wages: 48500, federalWithheld: 6835 } };
    const c = compareExpected(w2Expected, ours);
    expect(c).toMatchObject({ found: 2, masked: 1, total: 5 });
    expect(c.missing).toEqual(['assertions.Income Source Year=2014', 'assertions.Medicare Tax=725.00']);
    // The same figures in cents, a year read, the identifier whole.
    const cents = { statements: [{ amount: 4850000 }, { amount: 683500 }], taxYear: 2014, ssn: '123456789', tax: '$725.00' };
    expect(compareExpected(w2Expected, cents)).toMatchObject({ found: 5, masked: 0, missing: [] });
  });

  it('a masked number whose visible digits differ is not counted, nor a wrong figure', () => {
    const ours = { tin: '***-**-1111', wages: 48500.01, text: 'federal 6835' };
    const c = compareExpected(w2Expected, ours);
    expect(c.found + c.masked).toBe(0);
  });
});
