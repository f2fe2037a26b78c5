import type { Query } from '../store/query.js';
import { optionsOfApp } from '../store/conversions.js';
import type { StatementRecord } from '../store/statements.js';

/** `writeUSdates` of a stored conversion's options (default true, as the reference says). */
function usOf(options: Record<string, unknown> | undefined): boolean {
  return options?.writeUSdates !== false;
}

/**
 * How dates are written in CSV and spreadsheet output of an application: each statement as its
 * own conversion asked (`writeUSdates`); the workbook as the application's latest conversion.
 */
export async function dateStyleOf(db: Query, appId: number): Promise<{ statement: (s: StatementRecord) => boolean; latest: boolean }> {
  const convs = await optionsOfApp(db, appId);
  const byId = new Map(convs.map((c) => [c.id, usOf(c.options)]));
  const last = convs.reduce<(typeof convs)[number] | undefined>((a, c) => (!a || c.id > a.id ? c : a), undefined);
  return { statement: (s) => byId.get(s.conversionId) ?? true, latest: usOf(last?.options) };
}
