import type { Query } from '../store/query.js';
import type { Evidence } from './finding.js';
import type { FraudFields } from './score.js';
import type { StatementFingerprint } from './fingerprint.js';

/** Stores a statement's fraud score (migration 060): reasons as JSON [{ index, text, evidence }]. */
export async function saveStatementFraud(db: Query, statementId: number, f: FraudFields): Promise<void> {
  const reasons = f.tpreasonsIndexes.map((index, i) => ({ index, text: f.tpreasons[i], evidence: f.tpevidence?.[i] ?? [] }));
  await db.run('UPDATE statements SET fraud_score = ?, fraud_reasons = ? WHERE id = ?', f.fraudscore, JSON.stringify(reasons), statementId);
}

/** Fraud scores of an application's statements by statement id (statements without a score are absent). */
export async function fraudOfApplication(db: Query, appId: number): Promise<Map<number, FraudFields>> {
  const rows = await db.all('SELECT id, fraud_score, fraud_reasons FROM statements WHERE app_id = ? AND fraud_score IS NOT NULL', appId) as { id: number; fraud_score: number; fraud_reasons: string | null }[];
  const out = new Map<number, FraudFields>();
  for (const r of rows) {
    const reasons = JSON.parse(r.fraud_reasons ?? '[]') as { index: number; text: string; evidence?: Evidence[] }[];
    out.set(r.id, { fraudscore: r.fraud_score, tpreasonsIndexes: reasons.map((x) => x.index), tpreasons: reasons.map((x) => x.text), tpevidence: reasons.map((x) => x.evidence ?? []) });
  }
  return out;
}

/** Stores a statement's fingerprint (migration 061). */
export async function saveFingerprint(db: Query, statementId: number, fp: StatementFingerprint): Promise<void> {
  await db.run('UPDATE statements SET fraud_fingerprint = ? WHERE id = ?', JSON.stringify(fp), statementId);
}

const parse = (json: string | null): StatementFingerprint | null => {
  if (!json) return null;
  try { return JSON.parse(json) as StatementFingerprint; } catch { return null; }
};

/** Fingerprints of the application's other statements (at most `limit`, newest first). */
export async function fingerprintsOfApplication(db: Query, appId: number, exceptStatementId: number, limit = 500): Promise<StatementFingerprint[]> {
  const rows = await db.all('SELECT fraud_fingerprint FROM statements WHERE app_id = ? AND id <> ? AND fraud_fingerprint IS NOT NULL ORDER BY id DESC LIMIT ?', appId, exceptStatementId, limit) as { fraud_fingerprint: string | null }[];
  return rows.map((r) => parse(r.fraud_fingerprint)).filter((f): f is StatementFingerprint => !!f);
}

/** Fingerprints of statements of the same period in the account's other applications (at most `limit`). */
export async function fingerprintsElsewhere(db: Query, appId: number, startDate: string, endDate: string, limit = 200): Promise<{ appnumber: string; fp: StatementFingerprint }[]> {
  const rows = await db.all(`SELECT a.appnumber, s.fraud_fingerprint FROM statements s JOIN applications a ON a.id = s.app_id
    WHERE s.app_id <> ? AND a.account_id = (SELECT account_id FROM applications WHERE id = ?) AND s.start_date = ? AND s.end_date = ?
      AND s.fraud_fingerprint IS NOT NULL ORDER BY s.id LIMIT ?`, appId, appId, startDate, endDate, limit) as { appnumber: string; fraud_fingerprint: string | null }[];
  return rows.map((r) => ({ appnumber: r.appnumber, fp: parse(r.fraud_fingerprint) })).filter((x): x is { appnumber: string; fp: StatementFingerprint } => !!x.fp);
}
