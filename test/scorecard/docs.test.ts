import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SECTION_NAMES } from '../../src/scorecard/index.js';
import { buildScorecard } from '../../src/scorecard/index.js';
import { stackedMcaApp } from './fixtures.js';

const doc = fs.readFileSync(new URL('../../docs/scorecard.md', import.meta.url), 'utf8');

describe('docs/scorecard.md', () => {
  it('has an entry for every section', () => {
    for (const name of SECTION_NAMES) expect(doc, name).toMatch(new RegExp('(\\| `' + name + '` \\||\\*\\*`' + name + '`\\*\\*|^`' + name + '`)', 'm'));
  });

  it('names every column key of the aggregate sections it documents', () => {
    const sc = buildScorecard(stackedMcaApp(), { format: 'default' });
    for (const name of ['debtsummary', 'operatingexpenses', 'combinedsummary', 'monthlycashflow', 'monthlymca', 'monthlyrecovery',
      'monthlynegativedays', 'truerev6mo', 'mcacompanies', 'dailycashflow', 'accountslist', 'thumbprints', 'declinelist', 'recoverycompanies']) {
      for (const key of (sc[name] as { columns: string[] }).columns) expect(doc, `${name}.${key}`).toContain('`' + key + '`');
    }
  });
});
