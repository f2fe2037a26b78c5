/**
 * What a conversion webhook carries (reference section 6):
 * - full results: the same object /uploadpdfs answers with (file_status, statement_summaries,
 *   appinfo, plus scorecard / transactions when requested);
 * - `thumbprint` product: only `statement_summaries` and `appinfo`;
 * - `whonlynotify` true: a completion notification only (shape below), for every product.
 */
export type WebhookEvent = 'conversion.results' | 'conversion.completed';

export interface ResultsLike {
  file_status?: Array<Record<string, unknown>>;
  statement_summaries?: unknown[];
  appinfo?: Record<string, unknown>;
  userdata?: unknown;
  [key: string]: unknown;
}

/** The `whonlynotify` payload. Fetch the results with /getresults (appid) or /checkprogress (resfile). */
export interface CompletionNotification {
  event: 'conversion.completed';
  appnumber: string;
  appid: number | null;
  /** Files of this request: enough to tell which ones failed without fetching the results. */
  files: Array<{ fileName: string; resfile: string; fail: boolean; numTransactions: number; reconciled: boolean; error?: string }>;
  totalstatements: number;
  completedAt: string;
  /** The request's `userdata`, when it had one. */
  userdata?: unknown;
}

export interface PayloadOptions {
  product: string;
  whonlynotify: boolean;
  completedAt?: Date;
}

export function buildWebhookPayload(results: ResultsLike, opts: PayloadOptions): { event: WebhookEvent; payload: unknown } {
  if (opts.whonlynotify) return { event: 'conversion.completed', payload: completionNotification(results, opts.completedAt ?? new Date()) };
  if (opts.product === 'thumbprint') {
    return { event: 'conversion.results', payload: { statement_summaries: results.statement_summaries ?? [], appinfo: results.appinfo ?? {} } };
  }
  return { event: 'conversion.results', payload: results };
}

export function completionNotification(results: ResultsLike, completedAt: Date): CompletionNotification {
  const appinfo = results.appinfo ?? {};
  const seen = new Map<string, CompletionNotification['files'][number]>();
  for (const fs of results.file_status ?? []) {
    const resfile = String(fs.resfile ?? '');
    const fileName = String(fs.fileName ?? '');
    const key = `${resfile}\u0000${fileName}`;
    const numTransactions = typeof fs.numTransactions === 'number' ? fs.numTransactions : 0;
    const prev = seen.get(key);
    if (prev) {
      // One file can hold several statements: a file failed when any of its statements failed.
      prev.fail ||= fs.fail === true;
      prev.reconciled &&= fs.reconciled === true;
      prev.numTransactions += Math.max(0, numTransactions);
      continue;
    }
    const item: CompletionNotification['files'][number] = {
      fileName, resfile, fail: fs.fail === true, numTransactions, reconciled: fs.reconciled === true,
    };
    if (typeof fs.error === 'string' && fs.error) item.error = fs.error;
    seen.set(key, item);
  }
  const out: CompletionNotification = {
    event: 'conversion.completed',
    appnumber: String(appinfo.appnumber ?? ''),
    appid: typeof appinfo.appid === 'number' ? appinfo.appid : null,
    files: [...seen.values()],
    totalstatements: typeof appinfo.totalstatements === 'number' ? appinfo.totalstatements : 0,
    completedAt: completedAt.toISOString(),
  };
  if (results.userdata !== undefined && results.userdata !== '') out.userdata = results.userdata;
  return out;
}
