import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FormData, request } from 'undici';
import { provisionAccount, startService, type RunningService } from '../../src/service/index.js';
import type { ServiceConfigInput } from '../../src/service/config.js';
import type { Product } from '../../src/contract/products.js';

/**
 * The one HTTP harness of the tests: a real service on 127.0.0.1:0 over a fresh data dir, real
 * accounts, and a client that speaks multipart over real HTTP.
 */
export interface TestService extends RunningService {
  dataDir: string;
  /** Provisions an account and returns a signed-in client. */
  addAccount(username: string, product: Product, features?: string[], conversions?: number, extra?: { briefcaseWebhook?: string }): Promise<Client>;
  /** Closes the service and removes its data dir. */
  stop(): Promise<void>;
}

const SCRYPT = { scryptCost: 1 << 14 };

/**
 * Runs every service this harness starts on PostgreSQL (test/service/postgres/): each data dir
 * gets a database of its own from `database(dataDir)`, kept across restarts on the same dir.
 */
let postgresFor: ((dataDir: string) => Promise<string>) | null = null;
export function useTestPostgres(database: ((dataDir: string) => Promise<string>) | null): void {
  postgresFor = database;
}
const databases = new Map<string, Promise<string>>();
async function storeOf(dataDir: string): Promise<{ store?: string }> {
  if (!postgresFor) return {};
  let url = databases.get(dataDir);
  if (!url) databases.set(dataDir, (url = postgresFor(dataDir)));
  return { store: await url };
}

export async function startTestService(config: ServiceConfigInput = {}, listen: { port?: number } = {}): Promise<TestService> {
  return serviceOn(fs.mkdtempSync(path.join(os.tmpdir(), 'ledgerdrop-svc-')), config, listen);
}

/** A service over an existing data dir (a restart after a crash or a stop). */
export async function serviceOn(dataDir: string, config: ServiceConfigInput = {}, listen: { port?: number } = {}): Promise<TestService> {
  const store = await storeOf(dataDir);
  // A synchronous call waits for its conversion however busy the machine (a CI run at load ~11
  // took over the service's 20 s default for one small conversion and answered 202): the tests
  // that mean to see a 202 set syncWaitMs themselves. Under undici's 300 s header timeout.
  const svc = await startService({ dataDir, config: { workerThreads: 1, syncWaitMs: 240_000, ...SCRYPT, ...store, ...config }, ...(listen.port ? { port: listen.port } : {}) });
  return Object.assign(svc, {
    dataDir,
    async addAccount(username: string, product: Product, features: string[] = [], conversions = 100, extra: { briefcaseWebhook?: string } = {}) {
      await provisionAccount(dataDir, { username, password: `pw-${username}`, product, features, conversions, ...extra }, { ...SCRYPT, ...store });
      const r = await authenticate(svc.url, username, `pw-${username}`, product);
      if (r.status !== 200) throw new Error(`authenticate failed: ${r.status} ${r.text}`);
      return new Client(svc.url, r.text, product);
    },
    async stop() {
      await svc.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  });
}

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: any;
}

export type Fields = Record<string, string | number | boolean | undefined>;
export interface FileField { field?: string; name: string; bytes: Uint8Array | string; type?: string }
/** A form value for `call`: text, or a file part. */
export type Field = string | { fileName: string; bytes: Uint8Array; type?: string };

export class Client {
  constructor(readonly base: string, public token: string, readonly product: string, public version = '1.5') {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return { authorization: `Bearer ${this.token}`, 'svc-product': this.product, ...extra };
  }

  async get(p: string, query: Fields = {}, extra: Record<string, string> = {}): Promise<Reply> {
    const qs = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])).toString();
    return send(`${this.base}/api/v${this.version}${p}${qs ? `?${qs}` : ''}`, { method: 'GET', headers: this.headers(extra) });
  }

  async post(p: string, fields: Fields = {}, files: FileField[] = [], extra: Record<string, string> = {}): Promise<Reply> {
    return send(`${this.base}/api/v${this.version}${p}`, { method: 'POST', headers: this.headers(extra), body: form(fields, files) });
  }

  /** Any endpoint by method: GET fields go in the query, POST fields (text or files, repeated when a list) in the form. */
  async call(method: 'GET' | 'POST', p: string, fields: Record<string, Field | Field[]> = {}, opts: { headers?: Record<string, string>; version?: string } = {}): Promise<Reply> {
    const url = `${this.base}/api/v${opts.version ?? this.version}${p}`;
    if (method === 'GET') {
      const q = new URLSearchParams();
      for (const [k, v] of Object.entries(fields)) if (typeof v === 'string') q.set(k, v);
      return send([...q].length ? `${url}?${q}` : url, { method, headers: this.headers(opts.headers) });
    }
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) {
      for (const item of Array.isArray(v) ? v : [v]) {
        if (typeof item === 'string') body.append(k, item);
        else body.append(k, new Blob([item.bytes as Uint8Array<ArrayBuffer>], { type: item.type ?? 'application/octet-stream' }), item.fileName);
      }
    }
    return send(url, { method, headers: this.headers(opts.headers), body });
  }
}

export function form(fields: Fields, files: FileField[] = []): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) fd.append(k, String(v));
  for (const f of files) {
    const bytes: Uint8Array<ArrayBuffer> = typeof f.bytes === "string" ? new TextEncoder().encode(f.bytes) : new Uint8Array(f.bytes);
    fd.append(f.field ?? 'pdf-filename', new Blob([bytes], { type: f.type ?? 'application/octet-stream' }), f.name);
  }
  return fd;
}

export async function send(url: string, opts: Parameters<typeof request>[1]): Promise<Reply> {
  // One connection per request (Connection: close). A pooled connection races the server's
  // 5 s keep-alive close: when the test process's event loop is held for seconds (parsing a
  // 30,000-transaction answer on a loaded machine), the next request could be written to a
  // socket the server had just closed, and fail with ECONNRESET although the service is right.
  const res = await request(url, { reset: true, ...opts });
  const text = await res.body.text();
  let json: any;
  try { json = JSON.parse(text); } catch { json = undefined; }
  return { status: res.statusCode, headers: res.headers, text, json };
}

export async function authenticate(base: string, user: string, password: string, product: string, version = '1.5'): Promise<Reply> {
  return send(`${base}/api/v${version}/authenticate`, {
    method: 'GET', headers: { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`, 'svc-product': product },
  });
}

let seq = 0;
/** Provisions an account and returns a signed-in client. */
export async function newAccount(svc: TestService, product: Product = 'pdfinsightstp',
  opts: { conversions?: number; features?: string[]; username?: string } = {}): Promise<Client> {
  const username = opts.username ?? `user${++seq}-${product}`;
  await provisionAccount(svc.dataDir, { username, password: 'secret pw', product, ...(opts.conversions !== undefined ? { conversions: opts.conversions } : {}), features: opts.features ?? [] }, { scryptCost: 1 << 14, ...(await storeOf(svc.dataDir)) });
  const r = await authenticate(svc.url, username, 'secret pw', product);
  if (r.status !== 200) throw new Error(`authenticate failed: ${r.status} ${r.text}`);
  return new Client(svc.url, r.text, product);
}

const dollars = (c: number) => `${c < 0 ? '-' : ''}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, '0')}`;

export interface StatementSpec {
  account?: string;
  start: string;
  end: string;
  startBalance: number; // cents
  txns: { date: string; description: string; amount: number }[];
  /** Cents added to the printed end balance to make it not reconcile. */
  endError?: number;
}

/** MTJson text (snake_case as in the vendor example) for the given statements (cents in, decimal text out). */
export function mtjson(statements: StatementSpec[], bank = 'First Test Bank', owner = 'ACME TRUCKING LLC'): string {
  const accounts = new Map<string, unknown[]>();
  for (const s of statements) {
    const acct = s.account ?? '000111222333';
    const end = s.startBalance + s.txns.reduce((a, t) => a + t.amount, 0) + (s.endError ?? 0);
    const list = accounts.get(acct) ?? [];
    list.push({
      start_date: s.start, end_date: s.end, start_balance: dollars(s.startBalance), end_balance: dollars(end),
      transactions: s.txns.map((t) => ({ date: t.date, description: t.description, amount: dollars(t.amount) })),
    });
    accounts.set(acct, list);
  }
  return JSON.stringify({
    accounts: [...accounts.entries()].map(([number, stmts]) => ({
      bank_name: bank, account_name: 'Business Checking', account_number: number, account_type: 'checking',
      account_owner: `${owner}\n12 Main St\nSpringfield, IL 62701`, statements: stmts,
    })),
  });
}

/** A simple two-month statement file: January and February of one account. */
export function twoMonths(account = '000111222333', salt = ''): string {
  return mtjson([
    { account, start: '2024-01-01', end: '2024-01-31', startBalance: 100_000, txns: [
      { date: '2024-01-03', description: `CUSTOMER DEPOSIT ${salt}`, amount: 250_000 },
      { date: '2024-01-09', description: 'ONDECK CAPITAL ACH DEBIT', amount: -45_000 },
      { date: '2024-01-15', description: 'PAYROLL ADP', amount: -120_000 },
    ] },
    { account, start: '2024-02-01', end: '2024-02-29', startBalance: 185_000, txns: [
      { date: '2024-02-02', description: 'CUSTOMER DEPOSIT', amount: 99_999 },
      { date: '2024-02-20', description: 'NSF FEE', amount: -3_500 },
    ] },
  ]);
}

/** A large statement (many transactions) that keeps a worker busy for a while. */
export function bigStatement(n: number, account = '999888777666'): string {
  const txns = Array.from({ length: n }, (_, i) => ({ date: `2024-03-${String((i % 28) + 1).padStart(2, '0')}`, description: `CARD PURCHASE ${i}`, amount: i % 3 === 0 ? 12_345 : -4_321 }));
  return mtjson([{ account, start: '2024-03-01', end: '2024-03-31', startBalance: 1_000_000, txns }]);
}

export function jsonFile(text: string, name = 'statement.json'): FileField {
  return { name, bytes: text, type: 'application/json' };
}
