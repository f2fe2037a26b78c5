import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { parseArgs } from './args.js';
import { EXIT } from './exit-codes.js';
import { CliError, sayError, unreadableReason } from './errors.js';
import type { ConversionOptions } from '../contract/api/conversion-options.js';
import { withDefaultOptions, type BooleanOptions } from '../contract/api/conversion-defaults.js';
import type { FileStatus } from '../contract/api/file-status.js';
import type { ParsedDocument, StoredTransaction } from '../contract/model.js';
import { formatApiDate } from '../contract/dates.js';
import { centsToAmount } from '../contract/money.js';
import { convertAll, MAX_THREADS } from './convert-parallel.js';
import { errorFileStatus, statementFileStatus, type FileStatusContext } from '../engine/statement/file-status.js';
import { formFileStatus } from '../engine/forms/file-status.js';
import { taxFormsOfStatus } from '../contract/api/form-items.js';
import { reconcile } from '../engine/statement/reconcile.js';
import { sequenceStatements } from '../engine/statement/select.js';
import type { StatementRecord } from '../service/store/statements.js';
import type { Application } from '../service/store/applications.js';
import { summarizeStatement } from '../service/results/summaries.js';
import { buildAppInfo } from '../service/results/appinfo.js';
import { buildScorecard, classifyTransaction, pairOwnTransfers } from '../scorecard/index.js';
import { closeEngines } from '../engine/ocr/tesseract.js';
import { writeStdout } from './stdout.js';

const USAGE = 'usage: ledgerdrop convert FILE… [--accounttype T] [--eu-dates] [--scorecard] [--csv] [--no-finduntrue] [--threads N]';

export interface ConvertedFile {
  fileName: string;
  doc: ParsedDocument | null;
  fileStatus: FileStatus[];
  records: StatementRecord[];
}

function ctxFor(fileName: string, id: number, statementid: number | null): FileStatusContext {
  return { fileName, fileConversionId: id, resfile: `${id}.res`, statementid, tid: statementid ? `local-${statementid}` : '', trackingId: '', remaining: -1, numInLast3Days: 0, webhook: '' };
}

/**
 * Converts files offline into file_status items and in-memory statement records (what the
 * service would store), on `threads` threads (convert-parallel.ts threadsFor: one per core from
 * a few files on, unless --threads says otherwise).
 */
export async function convertFiles(paths: string[], options: ConversionOptions, threads?: number): Promise<ConvertedFile[]> {
  const out: ConvertedFile[] = [];
  let statementId = 0;
  const accountIdx = new Map<string, number>();
  const converted = (await convertAll(paths, options, threads)).files;
  for (const [i, path] of paths.entries()) {
    const fileName = basename(path);
    const id = i + 1;
    const c = converted[i]!;
    if ('error' in c) {
      out.push({ fileName, doc: null, fileStatus: [errorFileStatus(ctxFor(fileName, id, null), c.error)], records: [] });
      continue;
    }
    const doc = c.doc;
    if (doc.error) {
      out.push({ fileName, doc, fileStatus: [errorFileStatus(ctxFor(fileName, id, null), doc.error, doc)], records: [] });
      continue;
    }
    if (doc.form || doc.taxForm) {
      out.push({ fileName, doc, fileStatus: [formFileStatus(ctxFor(fileName, id, null), doc)], records: [] });
      continue;
    }
    const seq = sequenceStatements(doc, options);
    const fileStatus: FileStatus[] = [];
    const records: StatementRecord[] = [];
    for (const s of seq) {
      const sid = ++statementId;
      fileStatus.push(statementFileStatus(ctxFor(fileName, id, sid), doc, s, options));
      const st = s.statement;
      const r = reconcile(st, Math.round(options.alloweddiff * 100));
      const key = st.accountNumber || '(unknown)';
      if (!accountIdx.has(key)) accountIdx.set(key, accountIdx.size);
      const idx = accountIdx.get(key)!;
      const transactions: StoredTransaction[] = st.transactions.map((t, n) => {
        const c = classifyTransaction(t, { finduntrue: options.finduntrue });
        return { ...t, id: sid * 100000 + n, statementId: sid, accountIdx: idx, categories: c.categories, trueval: c.trueval };
      });
      const figures = { startBalance: r.startBalance, endBalance: r.endBalancePrinted, totCredits: r.totCredits, totDebits: r.totDebits };
      records.push({
        id: sid, tid: `local-${sid}`, fileName, accountIdx: idx, accountNumber: st.accountNumber, accountTypeStr: st.accountTypeStr,
        bankName: st.bankName, ownerName: st.ownerName ?? '', startDate: st.startDate ?? '', endDate: st.endDate ?? '',
        ...figures, reconciled: r.reconciled, excludedTransactions: false, transactions, currency: st.currencyCode ?? null,
        conversionId: id, accountTitle: st.accountTitle ?? '', address: st.address ?? {}, original: figures, edited: false,
      } as StatementRecord);
    }
    if (!fileStatus.length) fileStatus.push(errorFileStatus(ctxFor(fileName, id, null), `${fileName}: no statement with transactions was found (readempty shows empty statements)`, doc));
    out.push({ fileName, doc, fileStatus, records });
  }
  return out;
}

function csvField(v: string | number): string {
  const s = String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Every input must be a readable file before anything converts: one line naming each that is not. */
/** appinfo's tax-form counts, as the service keeps them, from the forms read among the files (a package's included). */
function withTaxForms<T extends { totaltaxforms: number; totaltaxreturns: number }>(info: T, statuses: FileStatus[]): T {
  const forms = statuses.flatMap((s) => taxFormsOfStatus(s));
  return { ...info, totaltaxforms: forms.length, totaltaxreturns: forms.filter((t) => t.isReturn).length };
}

async function checkInputs(files: string[]): Promise<void> {
  const bad: string[] = [];
  for (const f of files) {
    try {
      const st = await stat(f);
      if (!st.isFile()) bad.push(`${f} (${st.isDirectory() ? 'it is a folder, not a file' : 'not a regular file'})`);
    } catch (err) {
      bad.push(`${f} (${unreadableReason(err)})`);
    }
  }
  if (bad.length) throw new CliError(EXIT.UNREADABLE_INPUT, `cannot read ${bad.join(', ')}: check the path${bad.length > 1 ? 's' : ''}; nothing was converted`);
}

export async function run(args: string[]): Promise<number> {
  try {
    return await convertCommand(args);
  } catch (err) {
    if (err instanceof CliError) { sayError('convert', err.message); return err.code; }
    throw err;
  }
}

async function convertCommand(args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs(args, { strings: ['accounttype', 'language', 'firstpage', 'lastpage', 'yearoverride', 'alloweddiff', 'threads'], booleans: ['eu-dates', 'scorecard', 'csv', 'finduntrue', 'no-finduntrue'] });
  } catch (err) {
    throw new CliError(EXIT.USAGE, `${(err as Error).message} (${USAGE})`);
  }
  const files = parsed.positionals;
  if (!files.length) throw new CliError(EXIT.USAGE, `no file given (${USAGE})`);
  const f = parsed.flags;
  const raw: Record<string, unknown> = {};
  for (const k of ['accounttype', 'language', 'firstpage', 'lastpage', 'yearoverride', 'alloweddiff']) if (typeof f[k] === 'string') raw[k] = f[k];
  const flags: BooleanOptions = {};
  if (f['eu-dates']) { flags.readUSdates = false; flags.writeUSdates = false; }
  // True revenue leaves loan/MCA proceeds and refunds out unless --no-finduntrue (the API's default is off).
  if (f['no-finduntrue'] && f.finduntrue) throw new CliError(EXIT.USAGE, `--finduntrue and --no-finduntrue together: give one (${USAGE})`);
  flags.finduntrue = !f['no-finduntrue'] && f.finduntrue !== false;
  let options: ConversionOptions;
  if (!Object.keys(raw).length) options = withDefaultOptions(flags); // booleans only: nothing to validate, no zod to load
  else {
    const { ConversionOptionsSchema } = await import('../contract/api/conversion-options.js');
    const opts = ConversionOptionsSchema.safeParse({ ...raw, ...flags });
    if (!opts.success) {
      throw new CliError(EXIT.USAGE, `${opts.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; ')} (${USAGE})`);
    }
    options = opts.data;
  }
  let threads: number | undefined;
  if (typeof f.threads === 'string') {
    const n = Number(f.threads);
    if (!/^\d+$/.test(f.threads.trim()) || n < 1 || n > MAX_THREADS) throw new CliError(EXIT.USAGE, `--threads: ${f.threads} is not a whole number from 1 to ${MAX_THREADS} (${USAGE})`);
    threads = n; // convertAll never starts more threads than files (threadsFor)
  }
  await checkInputs(files);
  // OCR engines are threads of their own: ended once the files are read, so the command exits.
  const converted = await convertFiles(files, options, threads).finally(() => closeEngines());
  // Own-account transfers are paired over all the files, as the service does when it loads an application.
  const records = pairOwnTransfers(converted.flatMap((c) => c.records));
  if (f.csv) {
    const rows = ['file,account,date,description,amount,balance,check_number,type'];
    for (const r of records) for (const t of r.transactions) {
      rows.push([r.fileName, r.accountNumber, formatApiDate(t.date, options.writeUSdates), t.description, centsToAmount(t.amount).toFixed(2),
        t.balance === null || t.balance === undefined ? '' : centsToAmount(t.balance).toFixed(2), t.checkNumber ?? '', t.type ?? ''].map(csvField).join(','));
    }
    writeStdout(`${rows.join('\n')}\n`);
  } else {
    const app: Application = { id: 0, accountId: 0, appnumber: 'offline', owner: '', prequalifyReady: false, createdAt: new Date().toISOString() };
    const result: Record<string, unknown> = {
      file_status: converted.flatMap((c) => c.fileStatus),
      statement_summaries: records.map((r) => summarizeStatement(r)),
      appinfo: withTaxForms(buildAppInfo(app, records), converted.flatMap((c) => c.fileStatus)),
    };
    if (f.scorecard) result.scorecard = buildScorecard({ appid: 0, appnumber: 'offline', statements: records, numFileConversionsInProgress: 0 }, { format: 'default' });
    writeStdout(`${JSON.stringify(result, null, 2)}\n`);
  }
  const failed = converted.filter((c) => c.fileStatus.some((s) => s.fail));
  if (!failed.length) return EXIT.OK;
  const why = failed.map((c) => {
    const error = c.fileStatus.find((s) => s.fail)?.error ?? 'not converted';
    return error.startsWith(c.fileName) ? error : `${c.fileName}: ${error}`;
  }).join('; ');
  const others = failed.length < converted.length ? '; the other files\' results are on stdout' : '';
  sayError('convert', `${failed.length} of ${converted.length} file(s) did not convert (${why}): check each is a bank or card statement (a PDF, scan or photo, OFX/QFX, CSV or statement JSON); for tax and application forms give --accounttype autoDetect${others}`);
  return EXIT.CONVERSION_FAILED;
}
