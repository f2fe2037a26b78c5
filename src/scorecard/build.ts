import type { ScorecardInput } from '../contract/model.js';
import type { Scorecard, ScorecardOptions } from './types.js';
import { buildContext, type Ctx } from './sections/context.js';
import { SECTION_NAMES, sectionBuilder as defaultLookup, type SectionBuilder } from './sections/registry.js';
import { computeFacts, metricRows, periodOf } from './metrics.js';
import { consistencyChecks, type Check } from './checks.js';
import { formatMetrics, formatTable } from './format.js';
import { sanitizeInput } from './sections/validate.js';
import { pairOwnTransfers } from './categorize/own-transfers.js';

/** Parses the `sections` form field ("a,b , c") into names; empty → undefined (all). */
export function parseSections(field: string | undefined | null): string[] | undefined {
  if (!field) return undefined;
  const names = field.split(',').map((s) => s.trim()).filter(Boolean);
  return names.length ? names : undefined;
}

/**
 * The scorecard object of reference 2.4. Every section is built in its own try/catch: a
 * failing builder is named in `_metadata.warnings` and the other sections are still returned.
 * Unknown names in `sections` are reported the same way.
 */
export function buildScorecard(
  input: ScorecardInput,
  opts: ScorecardOptions,
  /** Where section builders are looked up (tests pass one that fails on purpose). */
  sectionBuilder: (name: string) => SectionBuilder | null = defaultLookup,
): Scorecard {
  const format = opts.format === 'jsonobject' ? 'jsonobject' : 'default';
  const warnings: string[] = [];
  const requested = opts.sections && opts.sections.length ? opts.sections : [...SECTION_NAMES];
  const wanted: string[] = [];
  for (const name of requested) {
    // `metrics` and `_metadata` are always returned; naming them is not an error.
    if (name === 'metrics' || name === '_metadata') continue;
    if (sectionBuilder(name)) { if (!wanted.includes(name)) wanted.push(name); }
    else warnings.push(`unknown section '${name}'`);
  }
  // Section order follows the reference whatever order `sections` gave.
  const ordered = (SECTION_NAMES as readonly string[]).filter((n) => wanted.includes(n));

  let ctx: Ctx | null = null;
  try {
    const clean = sanitizeInput(input);
    warnings.push(...clean.problems);
    // Classification step over the whole application: unlabelled own-account transfers.
    ctx = buildContext({ ...clean.input, statements: pairOwnTransfers(clean.input.statements) });
  } catch (err) {
    warnings.push(`scorecard data could not be indexed: ${(err as Error).message}`);
  }

  let metrics: Scorecard['metrics'] = { metricdata: [] };
  if (ctx) {
    try {
      // Headline metrics in the main currency; every currency's own figures under by_currency.
      const all = (ctx.currencies.length ? ctx.currencies : ['USD']).map((c) => computeFacts(ctx!, c));
      const main = all[0]!;
      metrics = { ...formatMetrics(metricRows(main), format), currency: main.currency, period: periodOf(main) };
      if (all.length > 1) {
        metrics.by_currency = all.map((f) => ({ ...periodOf(f), ...formatMetrics(metricRows(f), format) }));
      }
    } catch (err) {
      warnings.push(`section 'metrics' encountered an error: ${(err as Error).message}`);
    }
  }
  let checks: Check[] = [];
  try {
    checks = consistencyChecks(input.statements);
  } catch (err) {
    warnings.push(`checks encountered an error: ${(err as Error).message}`);
  }
  const out: Scorecard = {
    _metadata: {
      someTransactionsExcludedDueToValidationFailures: input.statements.some((s) => s.excludedTransactions),
      numFileConversionsInProgress: input.numFileConversionsInProgress,
      warnings: '',
    },
    metrics,
    checks,
  };
  for (const name of ordered) {
    if (!ctx) continue;
    try {
      const b = sectionBuilder(name)!;
      out[name] = b.kind === 'flat' ? b.build(ctx) : formatTable(b.build(ctx), format);
    } catch (err) {
      warnings.push(`section '${name}' encountered an error: ${(err as Error).message}`);
    }
  }
  out._metadata.warnings = warnings.join('; ');
  return out;
}
