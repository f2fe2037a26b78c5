import crypto from 'node:crypto';
import fs from 'node:fs';
import { z } from 'zod';
import type { Query } from '../store/query.js';
import { localCopy, sha256, storeFile } from '../store/files.js';

/**
 * The documents of a shared application as one service hands them to another: the original
 * files (base64, checked by SHA-256 and size), the finished conversions with the results they
 * froze, the statements with their transactions exactly as stored (edits, classification, fraud
 * score kept) and the industry classification. The receiving service stores them as a copy in
 * one transaction, under ids of its own; conversions still running are left for the next update.
 */
export const BUNDLE_FORMAT = 1;
const MAX_FILES = 1000;
const MAX_CONVERSIONS = 5000;
const MAX_STATEMENTS = 10_000;
const MAX_TRANSACTIONS_PER_STATEMENT = 200_000;
const TXN_ROWS_PER_INSERT = 100;

const text = (max: number) => z.string().max(max);
const cents = z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);
const iso = text(40);

const TransactionSchema = z.object({
  seq: z.number().int().min(0), date: text(40), description: text(10_000), memo: text(10_000).nullable(), amount: cents, balance: cents.nullable(),
  checkNumber: text(100).nullable(), type: text(100).nullable(), customerId: text(200).nullable(), categories: text(10_000), trueval: z.union([z.literal(0), z.literal(1), z.null()]),
}).strict();

const StatementSchema = z.object({
  ref: z.number().int(), conversion: z.number().int(), tid: text(200), fileName: text(1000), accountNumber: text(200), accountTypeStr: text(100), accountTitle: text(1000),
  bankName: text(1000), ownerName: text(1000), address: text(10_000), startDate: text(40), endDate: text(40),
  startBalance: cents, endBalance: cents, totCredits: cents, totDebits: cents, reconciled: z.union([z.literal(0), z.literal(1)]), excludedTransactions: z.union([z.literal(0), z.literal(1)]),
  editStartBalance: cents.nullable(), editEndBalance: cents.nullable(), editCredits: cents.nullable(), editDebits: cents.nullable(), editedAt: iso.nullable(),
  fraudScore: z.number().int().nullable(), fraudReasons: text(100_000).nullable(), fraudFingerprint: text(1000).nullable(), currency: text(10).nullable(), fingerprint: text(1000).nullable(),
  transactions: z.array(TransactionSchema).max(MAX_TRANSACTIONS_PER_STATEMENT),
}).strict();

export const BundleSchema = z.object({
  format: z.literal(BUNDLE_FORMAT),
  shareid: text(100),
  appnumber: text(1000),
  owner: text(1000),
  webSearch: z.object({ result: text(1_000_000), updatedAt: iso }).strict().nullable(),
  files: z.array(z.object({ ref: z.number().int(), fileName: text(1000), sha256: z.string().regex(/^[0-9a-f]{64}$/), size: z.number().int().min(0), content: z.string() }).strict()).max(MAX_FILES),
  conversions: z.array(z.object({
    ref: z.number().int(), file: z.number().int(), endpoint: text(100), status: z.enum(['done', 'failed']), options: text(1_000_000), trackingId: text(1000),
    results: text(50_000_000).nullable(), error: text(100_000).nullable(), createdAt: iso, finishedAt: iso.nullable(),
  }).strict()).max(MAX_CONVERSIONS),
  statements: z.array(StatementSchema).max(MAX_STATEMENTS),
}).strict();
export type Bundle = z.infer<typeof BundleSchema>;

/** Bytes the files of an application take in a bundle (base64), to refuse a share that could never be sent. */
export async function bundleFileBytes(db: Query, appId: number): Promise<number> {
  const r = await db.get<{ n: number | string | null }>('SELECT SUM(size) AS n FROM files WHERE app_id = ?', appId);
  return Math.ceil(Number(r?.n ?? 0) / 3) * 4;
}

interface FileRow { id: number; file_name: string; sha256: string; size: number; path: string }
interface ConvRow { id: number; file_id: number; endpoint: string; status: string; options: string; tracking_id: string; results: string | null; error: string | null; created_at: string; finished_at: string | null }
type StmtRow = Record<string, unknown> & { id: number; conversion_id: number };
type TxnRow = Record<string, unknown> & { statement_id: number };

const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const s = (v: unknown) => (v === null || v === undefined ? null : String(v));
const bit = (v: unknown) => (Number(v) === 1 ? 1 : 0) as 0 | 1;

/** The bundle of an application on the sending service (its finished conversions only). */
export async function exportBundle(db: Query, appId: number, shareid: string): Promise<Bundle> {
  const app = await db.get<{ appnumber: string; owner: string }>('SELECT appnumber, owner FROM applications WHERE id = ?', appId);
  if (!app) throw new Error(`application ${appId} no longer exists`);
  const conversions = await db.all<ConvRow>(`SELECT id, file_id, endpoint, status, options, tracking_id, results, error, created_at, finished_at FROM conversions WHERE app_id = ? AND status IN ('done','failed') ORDER BY id`, appId);
  const files = await db.all<FileRow>('SELECT id, file_name, sha256, size, path FROM files WHERE app_id = ? ORDER BY id', appId);
  const outFiles: Bundle['files'] = [];
  for (const f of files) {
    const copy = await localCopy(db, { id: f.id, appId, fileName: f.file_name, sha256: f.sha256, size: Number(f.size), path: f.path });
    try {
      outFiles.push({ ref: Number(f.id), fileName: f.file_name, sha256: f.sha256, size: Number(f.size), content: fs.readFileSync(copy.path).toString('base64') });
    } finally {
      copy.release();
    }
  }
  const done = new Set(conversions.map((c) => Number(c.id)));
  const stmts = (await db.all<StmtRow>('SELECT * FROM statements WHERE app_id = ? ORDER BY id', appId)).filter((r) => done.has(Number(r.conversion_id)));
  const txns = await db.all<TxnRow>('SELECT t.* FROM transactions t JOIN statements st ON st.id = t.statement_id WHERE st.app_id = ? ORDER BY t.statement_id, t.seq', appId);
  const byStmt = new Map<number, TxnRow[]>();
  for (const t of txns) byStmt.set(Number(t.statement_id), [...(byStmt.get(Number(t.statement_id)) ?? []), t]);
  const web = await db.get<{ result: string; updated_at: string }>('SELECT result, updated_at FROM app_web_search WHERE app_id = ?', appId);
  return {
    format: BUNDLE_FORMAT, shareid, appnumber: app.appnumber, owner: app.owner,
    webSearch: web ? { result: web.result, updatedAt: web.updated_at } : null,
    files: outFiles,
    conversions: conversions.map((c) => ({
      ref: Number(c.id), file: Number(c.file_id), endpoint: c.endpoint, status: c.status as 'done' | 'failed', options: c.options, trackingId: c.tracking_id,
      results: c.results, error: c.error, createdAt: c.created_at, finishedAt: c.finished_at,
    })),
    statements: stmts.map((r) => ({
      ref: Number(r.id), conversion: Number(r.conversion_id), tid: String(r.tid), fileName: String(r.file_name), accountNumber: String(r.account_number),
      accountTypeStr: String(r.account_type_str), accountTitle: String(r.account_title ?? ''), bankName: String(r.bank_name), ownerName: String(r.owner_name ?? ''),
      address: String(r.address ?? '{}'), startDate: String(r.start_date), endDate: String(r.end_date),
      startBalance: Number(r.start_balance), endBalance: Number(r.end_balance), totCredits: Number(r.tot_credits), totDebits: Number(r.tot_debits),
      reconciled: bit(r.reconciled), excludedTransactions: bit(r.excluded_transactions),
      editStartBalance: n(r.edit_start_balance), editEndBalance: n(r.edit_end_balance), editCredits: n(r.edit_credits), editDebits: n(r.edit_debits), editedAt: s(r.edited_at),
      fraudScore: n(r.fraud_score), fraudReasons: s(r.fraud_reasons), fraudFingerprint: s(r.fraud_fingerprint), currency: s(r.currency), fingerprint: s(r.fingerprint),
      transactions: (byStmt.get(Number(r.id)) ?? []).map((t) => ({
        seq: Number(t.seq), date: String(t.date), description: String(t.description), memo: s(t.memo), amount: Number(t.amount), balance: n(t.balance),
        checkNumber: s(t.check_number), type: s(t.type), customerId: s(t.customer_id), categories: String(t.categories ?? '[]'),
        trueval: t.trueval === null || t.trueval === undefined ? null : bit(t.trueval),
      })),
    })),
  };
}

/**
 * What is wrong with a received bundle that its shape cannot say (references that lead
 * nowhere, bytes that are not the file they claim to be), or null. Run before anything is stored.
 */
export function bundleProblem(b: Bundle, shareid: string): string | null {
  if (b.shareid !== shareid) return `the documents are of share ${b.shareid}, not ${shareid}`;
  const files = new Set<number>();
  for (const f of b.files) {
    const bytes = Buffer.from(f.content, 'base64');
    if (bytes.byteLength !== f.size || sha256(bytes) !== f.sha256) return `file ${f.fileName}: its bytes are not the ${f.size} bytes with SHA-256 ${f.sha256.slice(0, 12)}… announced`;
    files.add(f.ref);
  }
  const conversions = new Set<number>();
  for (const c of b.conversions) {
    if (!files.has(c.file)) return `conversion ${c.ref} names file ${c.file}, which is not in the documents`;
    for (const json of [c.options, c.results]) {
      if (json === null) continue;
      try { JSON.parse(json); } catch { return `conversion ${c.ref}: options or results are not JSON`; }
    }
    if (c.results !== null && !Array.isArray(JSON.parse(c.results))) return `conversion ${c.ref}: results must be a list of file_status items`;
    conversions.add(c.ref);
  }
  for (const st of b.statements) if (!conversions.has(st.conversion)) return `statement ${st.tid} names conversion ${st.conversion}, which is not in the documents`;
  return null;
}

/**
 * Replaces the documents of the receiving side's copy `appId` with the bundle's (inside the
 * caller's transaction): files, conversions (new resfiles), statements (new ids and tids, the
 * conversions' frozen results rewritten to them), transactions, industry classification.
 */
export async function importBundle(db: Query, dataDir: string, appId: number, b: Bundle): Promise<void> {
  await db.run('DELETE FROM conversions WHERE app_id = ?', appId);
  await db.run('DELETE FROM statements WHERE app_id = ?', appId);
  await db.run('DELETE FROM files WHERE app_id = ?', appId);
  await db.run('DELETE FROM app_web_search WHERE app_id = ?', appId);
  const fileIds = new Map<number, number>();
  for (const f of b.files) fileIds.set(f.ref, (await storeFile(db, dataDir, appId, f.fileName, Buffer.from(f.content, 'base64'))).id);
  const conv = new Map<number, { id: number; resfile: string }>();
  for (const c of b.conversions) {
    const resfile = `${appId}-${crypto.randomBytes(8).toString('hex')}.res`;
    const id = await db.insert(`INSERT INTO conversions (app_id, file_id, resfile, endpoint, status, options, tracking_id, webhook, results, error, created_at, finished_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, '', NULL, ?, ?, ?)`, appId, fileIds.get(c.file)!, resfile, c.endpoint, c.status, c.options, c.trackingId, c.error, c.createdAt, c.finishedAt);
    conv.set(c.ref, { id, resfile });
  }
  const stmt = new Map<number, { id: number; tid: string }>();
  const tids = new Map<string, { id: number; tid: string }>();
  for (const st of b.statements) {
    const id = await db.insert(`INSERT INTO statements (app_id, conversion_id, tid, file_name, account_number, account_type_str, account_title, bank_name, owner_name, address,
        start_date, end_date, start_balance, end_balance, tot_credits, tot_debits, reconciled, excluded_transactions, edit_start_balance, edit_end_balance, edit_credits, edit_debits,
        edited_at, fraud_score, fraud_reasons, fraud_fingerprint, currency, fingerprint)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    appId, conv.get(st.conversion)!.id, `pending-${crypto.randomBytes(8).toString('hex')}`, st.fileName, st.accountNumber, st.accountTypeStr, st.accountTitle, st.bankName,
    st.ownerName, st.address, st.startDate, st.endDate, st.startBalance, st.endBalance, st.totCredits, st.totDebits, st.reconciled, st.excludedTransactions,
    st.editStartBalance, st.editEndBalance, st.editCredits, st.editDebits, st.editedAt, st.fraudScore, st.fraudReasons, st.fraudFingerprint, st.currency, st.fingerprint);
    const tid = `${appId}-${id}`;
    await db.run('UPDATE statements SET tid = ? WHERE id = ?', tid, id);
    stmt.set(st.ref, { id, tid });
    tids.set(st.tid, { id, tid });
    for (let from = 0; from < st.transactions.length; from += TXN_ROWS_PER_INSERT) {
      const chunk = st.transactions.slice(from, from + TXN_ROWS_PER_INSERT);
      await db.run(`INSERT INTO transactions (statement_id, seq, date, description, memo, amount, balance, check_number, type, customer_id, categories, trueval)
        VALUES ${chunk.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
      ...chunk.flatMap((t) => [id, t.seq, t.date, t.description, t.memo, t.amount, t.balance, t.checkNumber, t.type, t.customerId, t.categories, t.trueval]));
    }
  }
  // The frozen file_status items name the sender's ids: point them at the copy's.
  for (const c of b.conversions) {
    if (c.results === null) continue;
    const mine = conv.get(c.ref)!;
    const items = (JSON.parse(c.results) as Array<Record<string, unknown>>).map((item) => {
      const out: Record<string, unknown> = { ...item, fileConversionId: mine.id, resfile: mine.resfile };
      const target = typeof item.statementid === 'number' ? stmt.get(item.statementid) : undefined;
      out.statementid = target ? target.id : null;
      out.tid = target ? target.tid : (tids.get(String(item.tid))?.tid ?? '');
      const dup = item.duplicateOf as { statementid?: unknown; tid?: unknown; fileName?: unknown } | undefined;
      if (dup && typeof dup === 'object') {
        const d = typeof dup.statementid === 'number' ? stmt.get(dup.statementid) : undefined;
        if (d) out.duplicateOf = { ...dup, statementid: d.id, tid: d.tid };
        else delete out.duplicateOf;
      }
      return out;
    });
    await db.run('UPDATE conversions SET results = ? WHERE id = ?', JSON.stringify(items), mine.id);
  }
  if (b.webSearch) await db.run('INSERT INTO app_web_search (app_id, result, updated_at) VALUES (?, ?, ?)', appId, b.webSearch.result, b.webSearch.updatedAt);
}
