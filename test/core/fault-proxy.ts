/**
 * A loopback HTTP proxy in front of the real service that injects faults: a status answer
 * (503 with Retry-After, 500, 401, 429…), a connection reset (optionally after part of the
 * request body went through), a delay, or being down (not listening at all). Faults are queued
 * per path and consumed in order; everything else passes through untouched.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type Fault =
  | { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string> }
  | { kind: 'reset'; afterBytes?: number }
  | { kind: 'delay'; ms: number }
  | { kind: 'hang' }
  /** Forward the request body slowly: pause `tickMs` after each chunk of at most `chunkBytes`. */
  | { kind: 'slow'; chunkBytes: number; tickMs: number };

export interface ProxyLogEntry { method: string; path: string; outcome: string; bytesIn: number; done: boolean }

export class FaultProxy {
  readonly log: ProxyLogEntry[] = [];
  private faults: { match: RegExp; fault: Fault }[] = [];
  private sockets = new Set<Socket>();
  private upstreams = new Set<http.ClientRequest>();
  private server: http.Server;
  port = 0;
  private down = false;

  private constructor(private target: string) {
    this.server = http.createServer((req, res) => this.handle(req, res));
    this.server.on('connection', (s) => { this.sockets.add(s); s.on('close', () => this.sockets.delete(s)); });
  }

  static async start(target: string): Promise<FaultProxy> {
    const p = new FaultProxy(target);
    await p.listen(0);
    return p;
  }

  get url(): string { return `http://127.0.0.1:${this.port}`; }

  setTarget(target: string): void { this.target = target; }

  private listen(port: number): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => {
        this.server.off('error', reject);
        this.port = (this.server.address() as AddressInfo).port;
        resolve();
      });
    });
  }

  /** Queue a fault for the next request whose path matches. */
  inject(path: RegExp | string, fault: Fault, times = 1): void {
    const match = typeof path === 'string' ? new RegExp(`${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`) : path;
    for (let i = 0; i < times; i++) this.faults.push({ match, fault });
  }

  clearFaults(): void { this.faults = []; }

  /** Stop listening and drop every open connection: clients get ECONNREFUSED. */
  async goDown(): Promise<void> {
    this.down = true;
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      for (const s of this.sockets) s.destroy();
    });
  }

  /** Listen again on the same port. */
  async comeUp(): Promise<void> {
    this.down = false;
    await this.listen(this.port);
  }

  count(path: RegExp, outcome?: RegExp): number {
    return this.log.filter((e) => path.test(e.path) && (!outcome || outcome.test(e.outcome))).length;
  }

  private takeFault(path: string): Fault | null {
    const i = this.faults.findIndex((f) => f.match.test(path));
    if (i < 0) return null;
    return this.faults.splice(i, 1)[0]!.fault;
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const path = (req.url ?? '/').split('?')[0]!;
    const fault = this.takeFault(path);
    const entry: ProxyLogEntry = { method: req.method ?? 'GET', path, outcome: 'pass', bytesIn: 0, done: false };
    req.on('data', (chunk: Buffer) => { entry.bytesIn += chunk.length; });
    req.on('end', () => { entry.done = true; });
    this.log.push(entry);
    if (fault?.kind === 'status') {
      entry.outcome = `fault ${fault.status}`;
      req.resume();
      req.on('end', () => {
        res.writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers });
        res.end(JSON.stringify(fault.body ?? { error: `injected ${fault.status}` }));
      });
      return;
    }
    if (fault?.kind === 'hang') { entry.outcome = 'hang'; req.resume(); return; }
    if (fault?.kind === 'reset' && !fault.afterBytes) { entry.outcome = 'reset'; req.socket.destroy(); return; }
    const forward = () => {
      const up = http.request(new URL(req.url ?? '/', this.target), { method: req.method, headers: { ...req.headers, host: new URL(this.target).host } }, (upRes) => {
        entry.outcome = `pass ${upRes.statusCode}`;
        res.writeHead(upRes.statusCode ?? 502, upRes.headers);
        upRes.pipe(res);
      });
      this.upstreams.add(up);
      up.on('close', () => this.upstreams.delete(up));
      up.on('error', () => { entry.outcome = 'upstream error'; req.socket.destroy(); });
      if (fault?.kind === 'reset') {
        let n = 0;
        req.on('data', (chunk: Buffer) => {
          n += chunk.length;
          if (n >= fault.afterBytes!) { entry.outcome = `reset after ${n} bytes`; up.destroy(); req.socket.destroy(); }
        });
      }
      if (fault?.kind === 'slow') {
        entry.outcome = 'slow';
        const feed = async () => {
          for await (const chunk of req as AsyncIterable<Buffer>) {
            for (let i = 0; i < chunk.length; i += fault.chunkBytes) {
              up.write(chunk.subarray(i, i + fault.chunkBytes));
              await new Promise((r) => setTimeout(r, fault.tickMs));
            }
          }
          up.end();
        };
        feed().catch(() => up.destroy());
        req.on('close', () => { if (!entry.done) up.destroy(); });
        return;
      }
      req.pipe(up);
    };
    if (fault?.kind === 'delay') {
      // Hold the whole request, then send it on after the delay (even if the client is gone by then).
      entry.outcome = `delay ${fault.ms}`;
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      const send = () => setTimeout(() => {
        const up = http.request(new URL(req.url ?? '/', this.target), { method: req.method, headers: { ...req.headers, host: new URL(this.target).host } }, (upRes) => {
          entry.outcome = `delayed pass ${upRes.statusCode}`;
          if (!res.destroyed) { res.writeHead(upRes.statusCode ?? 502, upRes.headers); upRes.pipe(res); } else upRes.resume();
        });
        this.upstreams.add(up);
        up.on('close', () => this.upstreams.delete(up));
        up.on('error', () => undefined);
        up.write(Buffer.concat(chunks));
        if (entry.done) up.end(); else up.destroy();
      }, fault.ms);
      req.on('end', send);
      req.on('close', () => { if (!entry.done) send(); });
      return;
    }
    forward();
  }

  async close(): Promise<void> {
    for (const up of this.upstreams) up.destroy();
    if (this.down) return;
    await this.goDown();
  }
}
