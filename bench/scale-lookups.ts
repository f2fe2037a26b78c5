/**
 * The fraud score's lookups each stored statement makes beyond its application, for
 * bench/scale.bench.ts: the same period in the account's other applications, and the same file
 * there (src/service/fraud/store.ts, seen-before.ts), timed on an SQLite store holding 2,000 and
 * 20,000 statements of one account (40 per application). Indexed (migration 170), their cost
 * follows what they find, not the size of the store.
 */
import Database from 'better-sqlite3';
import { performance } from 'node:perf_hooks';
import { migrate } from '../src/service/store/db.js';
import { fingerprintsElsewhere } from '../src/service/fraud/store.js';
import { otherApplicationsWithFile } from '../src/service/fraud/seen-before.js';
import { SqliteStore } from '../src/service/store/sqlite-store.js';

const PER_APP = 40;

function fill(db: Database.Database, apps: number): void {
  db.prepare("INSERT INTO accounts (id, username, password_hash, product, conversions_remaining, webhook_secret, created_at) VALUES (1, 'bench', 'x', 'pdfinsightstp', 1, 's', 't')").run();
  const app = db.prepare("INSERT INTO applications (id, account_id, appnumber, owner, created_at) VALUES (?, 1, ?, '', 't')");
  const file = db.prepare("INSERT INTO files (app_id, file_name, sha256, size, path, created_at) VALUES (?, 'month.pdf', ?, 1, 'p', 't')");
  const conv = db.prepare("INSERT INTO conversions (app_id, file_id, resfile, endpoint, status, options, tracking_id, webhook, created_at) VALUES (?, ?, ?, 'uploadpdfs', 'done', '{}', '', '', 't')");
  const stmt = db.prepare(`INSERT INTO statements (app_id, conversion_id, tid, file_name, account_number, account_type_str, account_title, bank_name, owner_name, address,
    start_date, end_date, start_balance, end_balance, tot_credits, tot_debits, reconciled, fraud_fingerprint)
    VALUES (?, ?, ?, 'month.pdf', '1', 'checking', '', 'Bank', '', '{}', ?, ?, 0, 0, 0, 0, 1, ?)`);
  db.transaction(() => {
    for (let a = 1; a <= apps; a++) {
      app.run(a, `APP-${a}`);
      for (let k = 0; k < PER_APP; k++) {
        const f = Number(file.run(a, `sha-${a}-${k}`).lastInsertRowid);
        const c = Number(conv.run(a, f, `r${f}`).lastInsertRowid);
        // Each application: 40 consecutive months of one account, so every month recurs in every application.
        const y = 2000 + Math.floor(k / 12), m = String((k % 12) + 1).padStart(2, '0');
        stmt.run(a, c, `t${c}`, `${y}-${m}-01`, `${y}-${m}-28`, JSON.stringify({ fileName: 'month.pdf', accountNumber: '1', startDate: `${y}-${m}-01`, endDate: `${y}-${m}-28` }));
      }
    }
  })();
}

export async function storeLookups(): Promise<void> {
  const rows: { statements: number; period: number; file: number }[] = [];
  for (const apps of [50, 500]) {
    const raw = new Database(':memory:');
    migrate(raw);
    fill(raw, apps);
    const db = new SqliteStore(raw);
    const N = 100;
    let t = performance.now();
    for (let i = 0; i < N; i++) await fingerprintsElsewhere(db, 7, '2001-03-01', '2001-03-28');
    const period = (performance.now() - t) / N;
    t = performance.now();
    for (let i = 0; i < N; i++) await otherApplicationsWithFile(db, 7, `sha-9-${i % PER_APP}`);
    const file = (performance.now() - t) / N;
    rows.push({ statements: apps * PER_APP, period, file });
    raw.close();
  }
  console.log(`  fraud lookups per stored statement (same period elsewhere, at most 200 found / same file elsewhere): ${rows.map((r) => `${r.statements.toLocaleString('en-US')} statements in the account ${r.period.toFixed(2)} / ${r.file.toFixed(3)} ms`).join('; ')}`);
}
