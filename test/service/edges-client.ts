import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fetch, FormData } from 'undici';
import { provisionAccount, startService, type ServiceConfig } from '../../src/service/index.js';

/** A real service on 127.0.0.1:0 over a temp data dir, and a small HTTP client for it (edge tests). */
export const FAST_HASH = { scryptCost: 1024 };

export interface TestService {
  url: string;
  dataDir: string;
  app: Awaited<ReturnType<typeof startService>>['app'];
  addAccount(username: string, product: 'pdfinsightstp' | 'pdfinsights' | 'thumbprint', features?: string[], conversions?: number): Promise<Client>;
  close(): Promise<void>;
}

export async function startTestService(config: Partial<ServiceConfig> = {}): Promise<TestService> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ld-edges-'));
  const svc = await startService({ dataDir, config: { ...FAST_HASH, syncWaitMs: 30_000, ...config } });
  return {
    url: svc.url,
    dataDir,
    app: svc.app,
    async addAccount(username, product, features = [], conversions = 100) {
      const password = `pw-${username}`;
      await provisionAccount(dataDir, { username, password, product, features, conversions }, FAST_HASH);
      const token = await authenticate(svc.url, username, password, product);
      return new Client(svc.url, token, product);
    },
    async close() {
      await svc.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function authenticate(base: string, username: string, password: string, product: string): Promise<string> {
  const res = await fetch(`${base}/api/v1.5/authenticate`, {
    headers: { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`, 'svc-product': product },
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`authenticate ${res.status}: ${text}`);
  return text;
}

export interface Reply {
  status: number;
  text: string;
  json: unknown;
  headers: Headers;
}

export type Field = string | { fileName: string; bytes: Uint8Array; type?: string };

export class Client {
  constructor(readonly base: string, public token: string, public product: string) {}

  async call(method: 'GET' | 'POST', endpoint: string, fields: Record<string, Field | Field[]> = {}, opts: { headers?: Record<string, string>; version?: string } = {}): Promise<Reply> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.token}`, 'svc-product': this.product, ...opts.headers };
    let url = `${this.base}/api/v${opts.version ?? '1.5'}${endpoint}`;
    let body: FormData | undefined;
    if (method === 'GET') {
      const q = new URLSearchParams();
      for (const [k, v] of Object.entries(fields)) if (typeof v === 'string') q.set(k, v);
      if ([...q].length) url += `?${q}`;
    } else {
      body = new FormData();
      for (const [k, v] of Object.entries(fields)) {
        for (const item of Array.isArray(v) ? v : [v]) {
          if (typeof item === 'string') body.append(k, item);
          else body.append(k, new Blob([item.bytes as Uint8Array<ArrayBuffer>], { type: item.type ?? 'application/octet-stream' }), item.fileName);
        }
      }
    }
    const res = await fetch(url, { method, headers, ...(body ? { body } : {}) });
    const text = await res.text();
    let json: unknown = null;
    try { json = JSON.parse(text); } catch { /* not JSON */ }
    return { status: res.status, text, json, headers: res.headers as unknown as Headers };
  }
}
