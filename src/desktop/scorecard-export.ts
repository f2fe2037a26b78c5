/**
 * The stored scorecard as a spreadsheet in `<data>/exports`, made here from what the window
 * shows (the service's own xlsx writer), so it works offline too.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ScorecardSchema, type Scorecard } from '../contract/api/scorecard.js';
import { scorecardToXlsx } from '../scorecard/xlsx.js';

export async function exportScorecardXlsx(dataDir: string, app: { appnumber: string; appid: number | null; owner: string }, stored: unknown, now = new Date()): Promise<{ path: string; fileName: string }> {
  if (stored == null) throw new Error(`application "${app.appnumber}" has no scorecard yet: wait until its statements are converted`);
  const parsed = ScorecardSchema.safeParse(stored);
  if (!parsed.success) throw new Error(`the stored scorecard of "${app.appnumber}" is not readable; use Refresh results`);
  const bytes = await scorecardToXlsx(parsed.data as Scorecard, { appnumber: app.appnumber, appid: app.appid ?? 0, owner: app.owner, generatedAt: now.toISOString() });
  const dir = path.join(dataDir, 'exports');
  await mkdir(dir, { recursive: true });
  const safe = app.appnumber.replace(/[^\w.-]+/g, '_').slice(0, 80) || 'application';
  const fileName = `${safe}-scorecard-${now.toISOString().slice(0, 19).replace(/[:T]/g, '-')}.xlsx`;
  const file = path.join(dir, fileName);
  await writeFile(file, bytes);
  return { path: file, fileName };
}
