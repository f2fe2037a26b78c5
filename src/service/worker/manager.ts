// Over ~400 lines on purpose: claiming, running, renewing, cancelling and storing a conversion
// share one in-flight map and one lease clock, and splitting them would spread that state over
// files; the storing itself is in ../store and the worker's side in ./convert-task.ts.
import { MessageChannel } from 'node:worker_threads';
import type { Query } from '../store/query.js';
import type { ServiceConfig } from '../config.js';
import { limitMessage, type ConversionLimits } from '../../engine/limits.js';
import { ConversionPool } from './pool.js';
import type { ConvertTaskResult } from './convert-task.js';
import crypto from 'node:crypto';
import { cancelsFor, claimConversions, conversionById, finishConversion, releaseLeases, renewLeases, startRunning, stillHeld, type Conversion, type Lease } from '../store/conversions.js';
import { fileById, countUploads, localCopy, type StoredFile } from '../store/files.js';
import { consumeConversions, remainingConversions } from '../store/accounts.js';
import { accountNumbersOf, insertStatement, transactionCountOf } from '../store/statements.js';
import { ConversionOptionsSchema, type ConversionOptions } from '../../contract/api/conversion-options.js';
import { sequenceStatements } from '../../engine/statement/select.js';
import { reconcile } from '../../engine/statement/reconcile.js';
import { errorFileStatus, statementFileStatus, type FileStatusContext } from '../../engine/statement/file-status.js';
import type { FileStatus } from '../../contract/api/file-status.js';
import { scoreStoredStatement } from '../fraud/index.js';
import type { ConvertProgress } from '../../engine/index.js';
import { formFileStatus } from '../../engine/forms/file-status.js';

const THREE_DAYS = 3 * 24 * 60 * 60 * 1000;
/** Conversions one start resumes at most (the rest wait for the next start). */
const MAX_RESUMED = 100_000;

type StopReason = 'cancelled' | 'deadline' | 'shutdown';

/** Resolves when `signal` aborts (never rejects). */
function aborted(signal: AbortSignal): Promise<void> {
  return signal.aborted ? Promise.resolve() : new Promise((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
}

/** The result of a conversion stopped before it finished. */
function stopped(fileName: string, why: 'cancelled' | 'deadline', limits: ConversionLimits): ConvertTaskResult {
  const error = why === 'cancelled'
    ? `${fileName}: conversion cancelled`
    : `${limitMessage(fileName, 'maxConversionMs', limits.maxConversionMs, 'converting it takes longer than the wall-time limit (ms)')}; the worker was stopped and replaced`;
  return { ok: false, error, requiresRerunWithOCR: false, internal: false };
}

interface Logger { error(obj: unknown, msg?: string): void; info?(obj: unknown, msg?: string): void }

/** Queues webhooks of finished batches (webhooks/batch.ts); given by the service at start. */
export interface BatchHooks {
  /** A conversion of the batch was stored: queue its webhook if it was the last. */
  finished(batchId: number): Promise<unknown>;
  /** Batches finished but never queued (their instance died first), after `graceMs`. */
  sweep(graceMs: number): Promise<unknown>;
}

/** Thrown inside the storing transaction when another instance took the conversion over (its lease ran out here). */
class ClaimLost extends Error {}

/**
 * Runs conversions on the worker pool and stores what they produce: statements, classified
 * transactions and the frozen file_status items, in one SQLite transaction per file. The
 * account is charged one conversion per converted statement.
 */
export class ConversionManager {
  readonly pool: ConversionPool;
  private readonly pending = new Map<number, Promise<FileStatus[]>>();
  private gate: { promise: Promise<void>; open: () => void } | null = null;
  /** The last progress each running conversion reported (OCR page n of N), and who waits for OCR to start. */
  private readonly progress = new Map<number, ConvertProgress>();
  private readonly ocrWaiters = new Map<number, Set<() => void>>();

  private readonly limits: ConversionLimits;
  /** This instance's name on the conversions it claims (store/conversions.ts leases). */
  readonly owner = crypto.randomBytes(8).toString('hex');
  private readonly leaseMs: number;
  /** Several instances may share the store (PostgreSQL): claims expire and are swept up. */
  private readonly shared: boolean;
  private ticker: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  batchHooks: BatchHooks | null = null;

  constructor(private readonly db: Query, config: ServiceConfig, private readonly log: Logger = console) {
    this.pool = new ConversionPool(config.workerThreads, config.queueDepth, {
      heapMb: config.limits.workerHeapMb,
      onThreadError: (err) => log.error(`a conversion thread stopped with no task running: ${err.message}`),
    });
    this.limits = config.limits;
    this.leaseMs = config.leaseMs;
    this.shared = db.dialect === 'postgres';
  }

  /** A claim for conversions this instance accepts now. */
  newLease(): Lease {
    return { owner: this.owner, until: Date.now() + this.leaseMs };
  }

  /** Conversions waiting or running, with what stops them (cancel, deadline, shutdown). */
  private readonly controls = new Map<number, { abort: AbortController; why: StopReason | null; deadline: NodeJS.Timeout | null; extraMs: number; startedAt: number }>();
  private closing = false;

  /** True once close() began: answers still waiting on conversions say 202 (they resume at the next start). */
  get isClosing(): boolean {
    return this.closing;
  }

  /**
   * Cancels a queued or running conversion: it leaves the queue, or its worker thread is
   * stopped (and replaced). The file gets an error "cancelled"; nothing is charged. False
   * when the conversion is not waiting or running (finished, or unknown).
   */
  cancel(conversionId: number): boolean {
    const c = this.controls.get(conversionId);
    if (!c || c.why) return false;
    c.why = 'cancelled';
    c.abort.abort(new Error('cancelled'));
    return true;
  }

  /**
   * Gives a running conversion `pages` × `limits.ocrPageMs` more wall time: pages sent to OCR
   * are counted apart from `maxConversionMs` (called on the document's first OCR progress report).
   */
  extendDeadline(conversionId: number, ocrPages: number): void {
    const c = this.controls.get(conversionId);
    if (!c || c.why || !(ocrPages > 0)) return;
    c.extraMs += ocrPages * this.limits.ocrPageMs;
    if (c.deadline) this.armDeadline(conversionId);
  }

  private armDeadline(conversionId: number): void {
    const c = this.controls.get(conversionId);
    if (!c) return;
    if (c.deadline) clearTimeout(c.deadline);
    const left = c.startedAt + this.limits.maxConversionMs + c.extraMs - Date.now();
    c.deadline = setTimeout(() => {
      if (c.why) return;
      c.why = 'deadline';
      c.abort.abort(new Error('deadline'));
    }, Math.max(0, left));
    c.deadline.unref();
  }

  /**
   * Holds queued conversions (they stay `queued`, /checkprogress answers 206) until
   * `resume()`: for maintenance, and for tests that need a conversion in flight.
   */
  pause(): void {
    if (this.gate) return;
    let open!: () => void;
    const promise = new Promise<void>((resolve) => { open = resolve; });
    this.gate = { promise, open };
  }

  resume(): void {
    const g = this.gate;
    this.gate = null;
    g?.open();
  }

  /** Room for `n` more conversions under the configured queue depth. */
  hasRoom(n: number): boolean {
    return this.pending.size + n <= this.pool.maxDepth;
  }

  get depth(): number {
    return this.pending.size;
  }

  isRunning(conversionId: number): boolean {
    return this.pending.has(conversionId);
  }

  /** Starts a stored conversion; the promise resolves with its file_status items when stored. */
  submit(conv: Conversion, accountId: number): Promise<FileStatus[]> {
    const existing = this.pending.get(conv.id);
    if (existing) return existing;
    this.controls.set(conv.id, { abort: new AbortController(), why: this.closing ? 'shutdown' : null, deadline: null, extraMs: 0, startedAt: 0 });
    const p = this.process(conv, accountId).then((items) => {
      // Stored (or left for the next start: then the batch is still unfinished and nothing is queued).
      if (conv.batchId !== null && this.batchHooks) {
        void this.batchHooks.finished(conv.batchId).catch((err: Error) => this.log.error({ err: err.message, batch: conv.batchId }, 'queuing the batch webhook failed'));
      }
      return items;
    }).finally(() => {
      const c = this.controls.get(conv.id);
      if (c?.deadline) clearTimeout(c.deadline);
      this.controls.delete(conv.id);
      this.pending.delete(conv.id);
      this.progress.delete(conv.id);
      this.ocrWaiters.delete(conv.id);
    });
    this.pending.set(conv.id, p);
    return p;
  }

  /** What a running conversion last reported (OCR page n of N), if anything. */
  progressOf(conversionId: number): ConvertProgress | undefined {
    return this.progress.get(conversionId);
  }

  /**
   * Waits for the conversions up to `ms`; true when all finished in time. With `untilOcr`, also
   * stops (false) as soon as one of them starts OCR: the caller answers 202 rather than hold
   * the request through a scan's recognition (the reference's `asyncocr`).
   */
  async waitFor(ids: number[], ms: number, opts: { untilOcr?: boolean } = {}): Promise<boolean> {
    const promises = ids.map((id) => this.pending.get(id)).filter((p): p is Promise<FileStatus[]> => !!p);
    if (!promises.length) return true;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => { timer = setTimeout(() => resolve(false), ms); });
    const done = Promise.allSettled(promises).then(() => true as const);
    let stopWaiting: (() => void) | undefined;
    const ocr = new Promise<false>((resolve) => {
      if (!opts.untilOcr) return;
      if (ids.some((id) => this.progress.get(id)?.stage === 'ocr')) { resolve(false); return; }
      stopWaiting = () => resolve(false);
      for (const id of ids) {
        let set = this.ocrWaiters.get(id);
        if (!set) this.ocrWaiters.set(id, (set = new Set()));
        set.add(stopWaiting);
      }
    });
    try {
      return await Promise.race([done, timeout, ocr]);
    } finally {
      clearTimeout(timer);
      if (stopWaiting) for (const id of ids) this.ocrWaiters.get(id)?.delete(stopWaiting);
    }
  }

  private onProgress(conversionId: number, p: ConvertProgress): void {
    // The first OCR report names the pages sent to OCR: they get wall time of their own.
    if (p.stage === 'ocr' && this.progress.get(conversionId)?.stage !== 'ocr') this.extendDeadline(conversionId, p.of);
    this.progress.set(conversionId, p);
    if (p.stage === 'ocr') for (const wake of this.ocrWaiters.get(conversionId) ?? []) wake();
  }

  /**
   * At start: conversions left queued or running start again from the stored file. Alone on
   * its store (SQLite) the instance takes every one; sharing a PostgreSQL store it takes those
   * nobody holds, and from then on renews its own claims and sweeps up claims that ran out
   * (an instance that died) every third of `leaseMs`.
   */
  async resumeUnfinished(): Promise<number> {
    const taken = this.shared ? await this.sweep() : await this.claimAndSubmit(Number.MAX_SAFE_INTEGER, MAX_RESUMED);
    // Batches whose last conversion was stored just before a stop or a crash.
    await this.sweepBatches();
    if (this.shared && !this.ticker) {
      this.ticker = setInterval(() => {
        if (this.ticking || this.closing) return;
        this.ticking = this.tick().catch((err: Error) => this.log.error({ err: err.message }, 'conversion lease renewal failed')).finally(() => { this.ticking = null; });
      }, Math.max(250, Math.floor(this.leaseMs / 3)));
      this.ticker.unref();
    }
    return taken;
  }

  private async tick(): Promise<void> {
    if (this.pending.size) {
      await renewLeases(this.db, this.newLease());
      // A cancel asked on another instance is recorded in the store: stop those workers here.
      for (const id of await cancelsFor(this.db, this.owner, this.pool.maxDepth)) this.cancel(id);
    }
    await this.sweep();
    await this.sweepBatches();
  }

  /** Sharing the store, the instance that finished a batch has `leaseMs` to queue its webhook before another does. */
  private async sweepBatches(): Promise<void> {
    await this.batchHooks?.sweep(this.shared ? this.leaseMs : 0).catch((err: Error) => this.log.error({ err: err.message }, 'sweeping batch webhooks failed'));
  }

  /** Claims unfinished conversions whose lease ran out, as many as the queue has room for. */
  private async sweep(): Promise<number> {
    return this.claimAndSubmit(Date.now(), this.pool.maxDepth - this.pending.size);
  }

  private async claimAndSubmit(now: number, limit: number): Promise<number> {
    if (this.closing) return 0;
    const list = await claimConversions(this.db, this.newLease(), now, limit);
    for (const c of list) void this.submit(c, c.accountId).catch(() => undefined);
    return list.length;
  }

  /**
   * Stops at once: waiting and running conversions are abandoned (their worker threads
   * stopped), not failed — they stay queued/running in the store and start again at the next
   * start (resumeUnfinished). So SIGTERM never waits on a long document.
   */
  async close(): Promise<void> {
    this.closing = true;
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
    await this.ticking;
    for (const c of this.controls.values()) {
      if (c.why) continue;
      c.why = 'shutdown';
      c.abort.abort(new Error('shutdown'));
    }
    this.resume();
    await Promise.allSettled([...this.pending.values()]);
    await this.pool.close();
    // What this instance held goes back at once: another instance on the store takes it now.
    if (this.shared) await releaseLeases(this.db, this.owner).catch((err: Error) => this.log.error({ err: err.message }, 'releasing conversion leases failed'));
  }

  private async context(db: Query, conv: Conversion, file: StoredFile, remaining: number, statementid: number | null, tid: string): Promise<FileStatusContext> {
    const seen = Math.max(0, await countUploads(db, conv.appId, file.sha256, Date.now() - THREE_DAYS) - 1);
    return {
      fileName: file.fileName, fileConversionId: conv.id, resfile: conv.resfile, statementid, tid,
      trackingId: conv.trackingId || conv.resfile, remaining, numInLast3Days: seen, webhook: conv.webhook,
      customerid: String(conv.options.customerid ?? ''), email: String(conv.options.email ?? ''),
    };
  }

  private async process(conv: Conversion, accountId: number): Promise<FileStatus[]> {
    const file = await fileById(this.db, conv.fileId);
    if (!file) throw new Error(`conversion ${conv.id}: stored file ${conv.fileId} is missing`);
    const options: ConversionOptions = ConversionOptionsSchema.parse(conv.options);
    const control = this.controls.get(conv.id)!;
    while (this.gate && !control.why) await Promise.race([this.gate.promise, aborted(control.abort.signal)]);
    // Shut down before it ran: left queued for the next start.
    if (control.why === 'shutdown') return [];
    // A cancel asked on another instance before the conversion started here: it never runs.
    if (!control.why && await startRunning(this.db, conv.id)) this.cancel(conv.id);
    let result: ConvertTaskResult;
    if (control.why === 'cancelled') {
      result = stopped(file.fileName, 'cancelled', this.limits);
    } else {
      // The wall-time limit counts from the moment a thread starts the task (not while it waits).
      const { port1, port2 } = new MessageChannel();
      port1.once('message', () => {
        if (control.why) return;
        control.startedAt = Date.now();
        this.armDeadline(conv.id);
      });
      try {
        // A document kept in the store (PostgreSQL) is read through a private temporary copy.
        const local = await localCopy(this.db, file);
        result = await this.pool.run({ fileName: file.fileName, path: local.path, options, limits: this.limits, started: port2 }, (p) => this.onProgress(conv.id, p), control.abort.signal)
          .finally(() => { port1.close(); local.release(); });
      } catch (err) {
        const e = err as Error & { code?: string };
        // control.why is set by cancel(), the deadline or close() while the task ran.
        const why = control.why as StopReason | null;
        if (why === 'shutdown') return [];
        result = why ? stopped(file.fileName, why, this.limits)
          : e.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? { ok: false, error: limitMessage(file.fileName, 'workerHeapMb', this.limits.workerHeapMb, 'reading it needs more memory than a worker may use (MB)') + '; the worker was replaced', requiresRerunWithOCR: false, internal: false }
            : { ok: false, error: `${file.fileName}: conversion worker failed (${e.message})`, requiresRerunWithOCR: false, internal: true };
      }
      // A result that arrived as the deadline passed is kept; a cancelled one is not.
      if ((control.why as StopReason | null) === 'cancelled' && result.ok) result = stopped(file.fileName, 'cancelled', this.limits);
    }
    if (!result.ok && result.internal) this.log.error({ err: result.error, conversion: conv.id }, 'conversion failed unexpectedly');
    // The conversion may have been deleted (application removed) while it ran.
    if (!await conversionById(this.db, conv.id)) return [];
    try {
      return await this.store(conv, file, accountId, options, result);
    } catch (err) {
      // Another instance took the conversion over and stored it (or will): its results stand.
      if (err instanceof ClaimLost) return (await conversionById(this.db, conv.id))?.results ?? [];
      // Never leave a conversion "running" forever: record the failure so /checkprogress answers.
      this.log.error({ err: (err as Error).message, conversion: conv.id }, 'storing conversion results failed');
      const msg = `${file.fileName}: could not store the conversion results`;
      const item = errorFileStatus(await this.context(this.db, conv, file, await remainingConversions(this.db, accountId), null, ''), msg);
      await finishConversion(this.db, conv.id, 'failed', [item], msg);
      return [item];
    }
  }

  /** The number of different accounts the application would hold with these, when over the limit. */
  private async accountsOverLimit(db: Query, appId: number, accountNumbers: string[]): Promise<number | null> {
    const all = new Set([...await accountNumbersOf(db, appId), ...accountNumbers]);
    return all.size > this.limits.maxAccountsPerApplication ? all.size : null;
  }

  private store(conv: Conversion, file: StoredFile, accountId: number, options: ConversionOptions, converted: ConvertTaskResult): Promise<FileStatus[]> {
    return this.db.tx(async (db): Promise<FileStatus[]> => {
      const claim = await stillHeld(db, conv.id, this.owner, Date.now() + this.leaseMs);
      if (!claim) throw new ClaimLost();
      // Cancelled on another instance after the worker finished but before it was stored: not kept.
      const result = claim.cancelRequested && converted.ok ? stopped(file.fileName, 'cancelled', this.limits) : converted;
      if (!result.ok) {
        const item = errorFileStatus(await this.context(db, conv, file, await remainingConversions(db, accountId), null, ''), result.error);
        if (result.requiresRerunWithOCR) item.requiresRerunWithOCR = true;
        await finishConversion(db, conv.id, 'failed', [item], result.error);
        return [item];
      }
      const doc = result.doc;
      if ((doc.form || doc.taxForm) && !doc.error) {
        // An application or tax form: one item with its fields, no statements; it takes one conversion.
        const item = formFileStatus(await this.context(db, conv, file, await consumeConversions(db, accountId, 1), null, ''), doc);
        await finishConversion(db, conv.id, 'done', [item], null);
        return [item];
      }
      const sequenced = sequenceStatements(doc, options);
      if (doc.error || sequenced.length === 0) {
        const msg = doc.error ?? `${file.fileName}: no statement with transactions found${options.readempty ? '' : ' (set readempty to true to keep empty statements)'}`;
        const item = errorFileStatus(await this.context(db, conv, file, await remainingConversions(db, accountId), null, ''), msg, doc);
        await finishConversion(db, conv.id, 'failed', [item], msg);
        return [item];
      }
      const tooMany = await this.accountsOverLimit(db, conv.appId, sequenced.map((q) => q.statement.accountNumber));
      if (tooMany) {
        const msg = limitMessage(file.fileName, 'maxAccountsPerApplication', this.limits.maxAccountsPerApplication, `with it application ${conv.appId} would hold ${tooMany} different accounts`);
        const item = errorFileStatus(await this.context(db, conv, file, await remainingConversions(db, accountId), null, ''), msg, doc);
        await finishConversion(db, conv.id, 'failed', [item], msg);
        return [item];
      }
      const added = sequenced.reduce((n, q) => n + q.statement.transactions.length, 0);
      const held = await transactionCountOf(db, conv.appId);
      if (held + added > this.limits.maxTransactionsPerApplication) {
        const msg = limitMessage(file.fileName, 'maxTransactionsPerApplication', this.limits.maxTransactionsPerApplication,
          `with its ${added.toLocaleString('en-US')} transactions application ${conv.appId} would hold ${(held + added).toLocaleString('en-US')}`);
        const item = errorFileStatus(await this.context(db, conv, file, await remainingConversions(db, accountId), null, ''), msg, doc);
        await finishConversion(db, conv.id, 'failed', [item], msg);
        return [item];
      }
      const remaining = await consumeConversions(db, accountId, sequenced.length);
      if (result.fraudError) this.log.error({ err: result.fraudError, conversion: conv.id }, 'fraud score skipped');
      const items: FileStatus[] = [];
      for (const seq of sequenced) {
        const s = seq.statement;
        const r = reconcile(s, Math.round(options.alloweddiff * 100));
        const dates = s.transactions.map((t) => t.date).sort();
        const startDate = s.startDate ?? dates[0] ?? '';
        const endDate = s.endDate ?? dates[dates.length - 1] ?? '';
        const classes = result.classes[doc.statements.indexOf(s)] ?? [];
        const { id, tid, duplicateOf } = await insertStatement(db, conv.appId, conv.id, file.fileName, s, {
          startBalance: r.startBalance, endBalance: r.endBalancePrinted, totCredits: r.totCredits, totDebits: r.totDebits, reconciled: r.reconciled,
        }, classes, { startDate, endDate });
        const item = statementFileStatus(await this.context(db, conv, file, remaining, id, tid), doc, seq, options);
        if (duplicateOf) {
          item.duplicate = true;
          item.duplicateOf = { statementid: duplicateOf.statementid, tid: duplicateOf.tid, fileName: duplicateOf.file_name };
        }
        if (result.fraud) {
          const ctx = { appId: conv.appId, statementId: id, fileName: file.fileName, sha256: file.sha256, startDate, endDate };
          Object.assign(item, await scoreStoredStatement(db, ctx, result.fraud, s, doc.statements, r));
        }
        items.push(item);
      }
      await finishConversion(db, conv.id, 'done', items, null);
      return items;
    });
  }
}
