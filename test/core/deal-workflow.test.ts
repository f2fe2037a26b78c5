/**
 * An underwriter's work on a deal, in the core on real SQLite files against the real service:
 * the hand-computed application of test/scorecard (three accounts, a gap month, GBP) converted,
 * then statements excluded and included, transactions recategorised and marked untrue, notes,
 * deal status and assignee, the audit trail, the application deleted, and the batch event.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { existsSync } from 'node:fs';
import type { Core } from '../../src/desktop/index.js';
import { recomputedScorecard } from '../../src/desktop/underwriting/recompute.js';
import { ResultsStore } from '../../src/desktop/store/results.js';
import { handMtJsonFiles } from '../scorecard/hand-computed.js';
import { coreFor, startRealService, tempDir, USER } from './helpers.js';

const tmp = tempDir('ld-deal-');
let svc: Awaited<ReturnType<typeof startRealService>>;
let core: Core;
const APP = 'DEAL-WF-1';

beforeAll(async () => {
  svc = await startRealService(path.join(tmp.dir, 'svc'));
  core = await coreFor(path.join(tmp.dir, 'core'), svc.url, { userName: 'uw-tester' });
  await core.addBytes(APP, handMtJsonFiles().map((f) => ({ name: f.name, bytes: Buffer.from(f.json) })));
  await core.whenIdle();
}, 120_000);

afterAll(async () => {
  await core?.close();
  await svc?.close();
  tmp.cleanup();
});

describe('the scorecard rebuilt on this machine', () => {
  it('gives the service’s own figures when nothing is edited', () => {
    const results = new ResultsStore(core.db);
    const stored = results.appResults(APP)!;
    expect(stored.scorecard).not.toBeNull();
    const rebuilt = recomputedScorecard(APP, results.getApp(APP)!.appid, stored, results.fileStatus(APP), { excluded: new Map(), transactions: new Map() })!;
    expect(rebuilt.metrics).toEqual(stored.scorecard!.metrics);
    expect(rebuilt.checks).toEqual(stored.scorecard!.checks);
    const { _metadata: _a, ...rest } = rebuilt as Record<string, unknown>;
    const { _metadata: _b, ...restStored } = stored.scorecard as Record<string, unknown>;
    expect(rest).toEqual(restStored);
  });
});

describe('the application list and detail', () => {
  it('show the stored appinfo and summaries, read without the scorecard and transactions', () => {
    const results = new ResultsStore(core.db);
    const stored = results.appResults(APP)!;
    expect(results.appHeadline(APP)).toEqual({ appinfo: stored.appinfo, updatedAt: stored.updatedAt });
    expect(results.statementSummaries(APP)).toEqual(stored.statementSummaries);
    expect(stored.statementSummaries.length).toBeGreaterThan(1);
    const listed = core.listApps().find((a) => a.appnumber === APP)!;
    expect(listed).toMatchObject({ totalstatements: stored.appinfo.totalstatements, lastActivity: expect.any(String) });
    expect(core.getApp(APP).statements).toEqual(stored.statementSummaries);
    expect(results.appHeadline('NO-SUCH-APP')).toBeNull();
    expect(results.statementSummaries('NO-SUCH-APP')).toEqual([]);
  });
});

const metric = (sc: { metrics: { metricdata: unknown[][] } } | null, label: string) => {
  const row = sc!.metrics.metricdata.find((r) => r[0] === label);
  if (!row) throw new Error(`no metric ${label}`);
  return row[1] as number;
};
const checkCodes = (sc: { checks?: { code: string }[] } | null) => (sc!.checks ?? []).map((c) => c.code);
const summaries = () => new ResultsStore(core.db).appResults(APP)!.statementSummaries;
const txn = (description: string) => core.transactions(APP)!.flatMap((a) => a.Statements.flatMap((s) => s.transactions)).find((t) => t.description === description)!;

describe('excluding a statement', () => {
  it('leaves it out of the scorecard and the checks, keeps it listed and marked, and puts it back', async () => {
    const service = core.scorecard(APP)!;
    expect(checkCodes(service)).toContain('several_currencies');
    const gbp = summaries().find((s) => s.account === '3333')!;
    const view = core.setStatementExcluded(APP, gbp.statementid, true, 'statement from the wrong company');
    expect(view.excluded).toEqual([{ statementid: gbp.statementid, reason: 'statement from the wrong company' }]);
    const without = core.scorecard(APP)!;
    expect(checkCodes(without)).not.toContain('several_currencies');
    expect(checkCodes(without)).not.toContain('unreconciled');
    expect(without.metrics.by_currency).toBeUndefined();
    // Still listed in the application.
    expect(core.getApp(APP).statements.map((s) => s.statementid)).toContain(gbp.statementid);
    const audit = core.deal(APP).audit.at(-1)!;
    expect(audit).toMatchObject({ action: 'statement_excluded', who: 'uw-tester', before: 'included', after: 'excluded: statement from the wrong company' });
    expect(audit.target).toBe('gbp-3333.json ··3333 2025-04-01–2025-04-30');
    core.setStatementExcluded(APP, gbp.statementid, false);
    expect(core.scorecard(APP)).toEqual(service);
    expect(core.deal(APP).audit.at(-1)).toMatchObject({ action: 'statement_included', before: 'excluded', after: 'included' });
    expect(() => core.setStatementExcluded(APP, 999_999, true)).toThrow(/statement 999999 is not in application/);
  });
});

describe('recategorising and marking true or untrue revenue', () => {
  it('recomputes the figures, records who/when/before/after, and is reversible', () => {
    const service = core.scorecard(APP)!;
    const loan = txn('LOAN PROCEEDS 7781');
    expect(loan.trueval).toBe(false);
    const before = metric(service, 'True Revenue');
    core.editTransaction(APP, loan.id, { trueval: true });
    expect(txn('LOAN PROCEEDS 7781').trueval).toBe(true);
    // 10,000.00 more true revenue over the 3 USD statement months.
    expect(metric(core.scorecard(APP), 'True Revenue')).toBeCloseTo(before + 10_000 / 3, 1);
    const entry = core.deal(APP).audit.at(-1)!;
    expect(entry).toMatchObject({ action: 'transaction_trueval', who: 'uw-tester', target: '2025-01-03 LOAN PROCEEDS 7781 10000.00', before: 'untrue', after: 'true revenue' });
    expect(Date.parse(entry.at)).toBeGreaterThan(Date.now() - 60_000);

    const kapitus = txn('KAPITUS SERVICING ACH DEBIT');
    const mcaBefore = metric(service, 'MCA Withdrawals');
    core.editTransaction(APP, kapitus.id, { category: 'utility' });
    expect(txn('KAPITUS SERVICING ACH DEBIT').tags.map((t) => t.tagName)[0]).toBe('utility');
    expect(metric(core.scorecard(APP), 'MCA Withdrawals')).toBeLessThan(mcaBefore);
    expect(core.deal(APP).audit.at(-1)).toMatchObject({ action: 'transaction_category', after: expect.stringMatching(/^utility/) });
    expect(() => core.editTransaction(APP, kapitus.id, { category: 'no-such-category' })).toThrow(/not one of the rulebook/);
    expect(() => core.editTransaction(APP, kapitus.id, { trueval: true })).toThrow(/only a credit/);

    // Back to the service's values: its scorecard again, and the audit keeps every step.
    core.editTransaction(APP, loan.id, { trueval: null });
    core.editTransaction(APP, kapitus.id, { category: null });
    expect(core.deal(APP).transactionEdits).toEqual([]);
    expect(core.scorecard(APP)).toEqual(service);
    expect(core.deal(APP).audit.filter((a) => a.action.startsWith('transaction_')).length).toBe(4);
  });
});

describe('deal status, assignee, notes, the list', () => {
  it('keeps them with the audit trail, and sorts and filters the list by them', async () => {
    core.createApp('DEAL-WF-0');
    core.createApp('DEAL-WF-2');
    core.setDeal(APP, { status: 'in_review', assignee: 'Dana' });
    core.setDeal('DEAL-WF-2', { status: 'approved', assignee: 'alex' });
    const view = core.addNote(APP, 'Asked the broker for March.');
    expect(view.notes).toEqual([expect.objectContaining({ author: 'uw-tester', body: 'Asked the broker for March.' })]);
    expect(view.status).toBe('in_review');
    expect(view.statusChangedAt).not.toBeNull();
    expect(view.audit.filter((a) => a.action === 'deal_status')).toEqual([expect.objectContaining({ before: 'new', after: 'in_review' })]);
    expect(core.listApps({ status: 'approved' }).map((a) => a.appnumber)).toEqual(['DEAL-WF-2']);
    expect(core.listApps({ assignee: 'dana' }).map((a) => a.appnumber)).toEqual([APP]);
    expect(core.listApps({ sort: 'status' }).map((a) => a.appnumber)).toEqual(['DEAL-WF-0', APP, 'DEAL-WF-2']);
    expect(core.listApps({ sort: 'assignee' }).map((a) => a.appnumber)).toEqual(['DEAL-WF-2', APP, 'DEAL-WF-0']);
    expect(core.listApps({ sort: 'appnumber' }).map((a) => a.appnumber)).toEqual(['DEAL-WF-0', APP, 'DEAL-WF-2']);
    expect(core.listApps('alex').map((a) => a.appnumber)).toEqual(['DEAL-WF-2']);
    expect(core.listApps({ sort: 'status' })[1]).toMatchObject({ dealStatus: 'in_review', assignee: 'Dana' });
  });

  it('keeps edits and the audit across a restart (the data folder’s SQLite file)', async () => {
    const gbp = summaries().find((s) => s.account === '3333')!;
    core.setStatementExcluded(APP, gbp.statementid, true);
    const auditBefore = core.deal(APP).audit.length;
    await core.close();
    core = await coreFor(path.join(tmp.dir, 'core'), svc.url, { userName: 'uw-tester' });
    const view = core.deal(APP);
    expect(view.excluded.map((e) => e.statementid)).toEqual([gbp.statementid]);
    expect(view.audit.length).toBe(auditBefore);
    expect(view.notes.length).toBe(1);
    expect(checkCodes(core.scorecard(APP))).not.toContain('several_currencies');
    core.setStatementExcluded(APP, gbp.statementid, false);
  });
});

describe('a batch finishing and an application deleted', () => {
  it('says once when a batch is finished, with its counts', async () => {
    const events: unknown[] = [];
    core.on('batch:finished', (b) => events.push(b));
    await core.addBytes('DEAL-WF-3', [
      { name: 'checking-1111.json', bytes: Buffer.from(handMtJsonFiles()[0]!.json) },
      { name: 'letter.txt', bytes: Buffer.from('To whom it may concern: the account is in good standing.') },
    ]);
    await core.whenIdle();
    expect(events).toEqual([{ appnumber: 'DEAL-WF-3', files: 2, converted: 1, failed: 1, cancelled: 0 }]);
  });

  it('deletes the statements on the service, then everything kept here', async () => {
    const app = new ResultsStore(core.db).getApp('DEAL-WF-3')!;
    const blobs = (core.db.prepare('SELECT blob_path FROM jobs WHERE appnumber = ?').all('DEAL-WF-3') as { blob_path: string }[]).map((r) => r.blob_path);
    const n = new ResultsStore(core.db).appResults('DEAL-WF-3')!.statementSummaries.length;
    expect(n).toBeGreaterThan(0);
    core.addNote('DEAL-WF-3', 'to be deleted');
    const out = await core.deleteApp('DEAL-WF-3');
    // checking-1111.json has the same bytes as DEAL-WF-1's: that staged file stays for it.
    expect(out).toEqual({ deleted: true, deletedStatements: n, deletedFiles: 1 });
    expect(core.listApps().map((a) => a.appnumber)).not.toContain('DEAL-WF-3');
    for (const t of ['jobs', 'file_results', 'app_results', 'app_notes', 'audit_log']) {
      expect((core.db.prepare(`SELECT COUNT(*) AS n FROM ${t} WHERE appnumber = ?`).get('DEAL-WF-3') as { n: number }).n, t).toBe(0);
    }
    expect(blobs.map((b) => existsSync(b)).sort()).toEqual([false, true]);
    // The service holds no statement of it any more (its application record stays, empty).
    const res = await serviceStatements(app.appid!);
    expect(res).toBe(0);
    // The other application kept its files (one of them has the same bytes).
    expect(core.getApp(APP).statements.length).toBeGreaterThan(0);
    await expect(core.deleteApp('NO-SUCH')).rejects.toThrow(/no application "NO-SUCH"/);
  });
});

async function serviceStatements(appid: number): Promise<number> {
  const auth = Buffer.from(`${USER.username}:${USER.password}`).toString('base64');
  const token = (await (await fetch(`${svc.url}/api/v1.5/authenticate`, { headers: { authorization: `Basic ${auth}`, 'svc-product': USER.product } })).text()).trim();
  const form = new FormData();
  form.append('appid', String(appid));
  const res = await fetch(`${svc.url}/api/v1.5/getresults`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'svc-product': USER.product }, body: form });
  return ((await res.json()) as { statement_summaries: unknown[] }).statement_summaries.length;
}
