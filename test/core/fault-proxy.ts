/**
 * A loopback HTTP proxy in front of the real service that does what real networks do: refuse
 * (not listening), answer a status of its own (503 with Retry-After, 500, 401, 429…), answer
 * like a gateway (a 502/503/504 HTML page), reset the connection (before, in the middle of the
 * request body, or in the middle of the answer), delay a request, hold an answer until told
 * (a late answer), drop the answer after the service handled the request, and replay a request
 * (the service receives it twice, as from a gateway that retried). Faults are queued per path
 * and consumed in order, or drawn at random (`chaos`); everything else passes through.
 *
 * With `gateway: true` it also behaves like nginx when the service behind it is down: a
 * refused upstream is answered `502 Bad Gateway` with an HTML page instead of a reset.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type Fault =
  | { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string> }
  /** An HTML error page as nginx sends it (content-type text/html). */
  | { kind: 'gateway'; status?: number; headers?: Record<string, string> }
  /** Reset: before anything is sent on, after `afterBytes` of the request body, or (`during: 'response'`) halfway through the answer. */
  | { kind: 'reset'; afterBytes?: number; during?: 'request' | 'response' }
  | { kind: 'delay'; ms: number }
  | { kind: 'hang' }
  /** Forward the request body slowly: pause `tickMs` after each chunk of at most `chunkBytes`. */
  | { kind: 'slow'; chunkBytes: number; tickMs: number }
  /**
   * The service handles the request; its answer never reaches the client (connection destroyed).
   * `then`: the fault for the client's next request with the same Idempotency-Key (its retry).
   */
  | { kind: 'drop'; then?: Fault }
  /** The service receives the request twice (a gateway that retried); the client gets the second answer. */
  | { kind: 'replay' }
  /** The service handles the request at once; the answer is held until `until` resolves (a late answer). */
  | { kind: 'hold'; until: Promise<unknown> };

export type FaultKind = Fault['kind'];

export interface ProxyLogEntry { method: string; path: string; outcome: string; bytesIn: number; done: boolean; key: string | null }

export interface ProxyOptions {
  /** Answer a refused upstream with a 502 HTML page (a gateway in front of a stopped service). */
  gateway?: boolean;
}

export interface Chaos {
  /** Share of matching requests that get a fault, 0..1. */
  rate: number;
  /** Paths the chaos applies to. */
  match: RegExp;
  /** Faults to draw from (uniformly). */
  faults: Fault[];
  random: () => number;
}

/** The page nginx sends for a failed upstream (its own words, trimmed). */
export function gatewayPage(status: number): string {
  const text = `${status} ${http.STATUS_CODES[status] ?? 'Error'}`;
  return `<html>\r\n<head><title>${text}</title></head>\r\n<body>\r\n<center><h1>${text}</h1></center>\r\n<hr><center>nginx/1.24.0</center>\r\n</body>\r\n</html>\r\n`;
}

export class FaultProxy {
  readonly log: ProxyLogEntry[] = [];
  private faults: { match: RegExp; fault: Fault }[] = [];
  /** Faults waiting for the retry of a request (by Idempotency-Key). */
  private followUps = new Map<string, Fault>();
  private sockets = new Set<Socket>();
  private upstreams = new Set<http.ClientRequest>();
  private server: http.Server;
  private chaos: Chaos | null = null;
  port = 0;
  private down = false;
  gateway: boolean;

  private constructor(private target: string, opts: ProxyOptions) {
    this.gateway = opts.gateway === true;
    this.server = http.createServer((req, res) => this.handle(req, res));
    this.server.on('connection', (s) => { this.sockets.add(s); s.on('close', () => this.sockets.delete(s)); });
  }

  static async start(target: string, opts: ProxyOptions = {}): Promise<FaultProxy> {
    const p = new FaultProxy(target, opts);
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

  clearFaults(): void { this.faults = []; this.chaos = null; this.followUps.clear(); }

  /** Random faults for requests with no queued fault (null: none). */
  setChaos(chaos: Chaos | null): void { this.chaos = chaos; }

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

  private takeFault(path: string, key: string | null): Fault | null {
    const follow = key ? this.followUps.get(key) : undefined;
    if (follow) { this.followUps.delete(key!); return follow; }
    const i = this.faults.findIndex((f) => f.match.test(path));
    if (i >= 0) return this.faults.splice(i, 1)[0]!.fault;
    const c = this.chaos;
    if (c && c.match.test(path) && c.random() < c.rate) return c.faults[Math.floor(c.random() * c.faults.length)] ?? null;
    return null;
  }

  private upstream(req: http.IncomingMessage, onResponse: (r: http.IncomingMessage) => void, onError: (err: NodeJS.ErrnoException) => void): http.ClientRequest {
    const target = new URL(this.target);
    const up = http.request(new URL(req.url ?? '/', target), { method: req.method, headers: { ...req.headers, host: target.host } }, onResponse);
    this.upstreams.add(up);
    up.on('close', () => this.upstreams.delete(up));
    up.on('error', onError);
    return up;
  }

  /** A refused upstream: a gateway answers 502 with its page; a plain proxy resets. */
  private upstreamFailed(entry: ProxyLogEntry, req: http.IncomingMessage, res: http.ServerResponse, err: NodeJS.ErrnoException): void {
    if (this.gateway && !res.headersSent && !res.destroyed) {
      entry.outcome = `gateway 502 (${err.code ?? 'upstream error'})`;
      req.resume();
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end(gatewayPage(502));
      return;
    }
    entry.outcome = 'upstream error';
    req.socket.destroy();
  }

  /** Reads a whole body. */
  private static collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => resolve(Buffer.concat(chunks)));
      stream.on('error', reject);
    });
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const path = (req.url ?? '/').split('?')[0]!;
    const rawKey = req.headers['idempotency-key'];
    const key = (Array.isArray(rawKey) ? rawKey[0] : rawKey) ?? null;
    const fault = this.takeFault(path, key);
    const entry: ProxyLogEntry = { method: req.method ?? 'GET', path, outcome: 'pass', bytesIn: 0, done: false, key };
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
    if (fault?.kind === 'gateway') {
      const status = fault.status ?? 502;
      entry.outcome = `gateway ${status}`;
      req.resume();
      req.on('end', () => {
        res.writeHead(status, { 'content-type': 'text/html', ...fault.headers });
        res.end(gatewayPage(status));
      });
      return;
    }
    if (fault?.kind === 'hang') { entry.outcome = 'hang'; req.resume(); return; }
    if (fault?.kind === 'reset' && !fault.afterBytes && fault.during !== 'response') { entry.outcome = 'reset'; req.socket.destroy(); return; }
    if (fault?.kind === 'delay') return this.delayed(req, res, entry, fault.ms);
    if (fault?.kind === 'drop' || fault?.kind === 'replay' || fault?.kind === 'hold') return this.buffered(req, res, entry, fault);
    const up = this.upstream(req, (upRes) => {
      entry.outcome = `pass ${upRes.statusCode}`;
      res.writeHead(upRes.statusCode ?? 502, upRes.statusMessage, upRes.headers);
      if (fault?.kind === 'reset' && fault.during === 'response') {
        void FaultProxy.collect(upRes).then((body) => {
          entry.outcome = `reset mid-answer ${upRes.statusCode}`;
          res.write(body.subarray(0, Math.floor(body.length / 2)));
          setImmediate(() => req.socket.destroy());
        }, () => req.socket.destroy());
        return;
      }
      upRes.pipe(res);
    }, (err) => this.upstreamFailed(entry, req, res, err));
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
    // A client gone mid-body: the service sees the upstream request cut too (as behind nginx),
    // instead of a half-sent request left open.
    req.on('close', () => { if (!entry.done) up.destroy(); });
    req.pipe(up);
  }

  /** Hold the whole request, then send it on after the delay (even if the client is gone by then). */
  private delayed(req: http.IncomingMessage, res: http.ServerResponse, entry: ProxyLogEntry, ms: number): void {
    entry.outcome = `delay ${ms}`;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    const send = () => setTimeout(() => {
      const up = this.upstream(req, (upRes) => {
        entry.outcome = `delayed pass ${upRes.statusCode}`;
        if (!res.destroyed) { res.writeHead(upRes.statusCode ?? 502, upRes.statusMessage, upRes.headers); upRes.pipe(res); } else upRes.resume();
      }, () => undefined);
      up.write(Buffer.concat(chunks));
      if (entry.done) up.end(); else up.destroy();
    }, ms);
    req.on('end', send);
    req.on('close', () => { if (!entry.done) send(); });
  }

  /** drop / replay / hold: the whole request goes to the service, then the answer is dropped, replaced by a second run's, or held. */
  private buffered(req: http.IncomingMessage, res: http.ServerResponse, entry: ProxyLogEntry, fault: Extract<Fault, { kind: 'drop' | 'replay' | 'hold' }>): void {
    entry.outcome = fault.kind;
    const once = (body: Buffer) => new Promise<{ status: number; message: string; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const up = this.upstream(req, (upRes) => {
        FaultProxy.collect(upRes).then((b) => resolve({ status: upRes.statusCode ?? 502, message: upRes.statusMessage ?? '', headers: upRes.headers, body: b }), reject);
      }, reject);
      up.end(body);
    });
    void FaultProxy.collect(req).then(async (body) => {
      let answer = await once(body);
      if (fault.kind === 'drop') {
        entry.outcome = `dropped answer ${answer.status}`;
        if (fault.then && entry.key) this.followUps.set(entry.key, fault.then);
        req.socket.destroy();
        return;
      }
      if (fault.kind === 'replay') { entry.outcome = `replayed (first ${answer.status})`; answer = await once(body); entry.outcome += `, second ${answer.status}`; }
      if (fault.kind === 'hold') { entry.outcome = `held answer ${answer.status}`; await fault.until; entry.outcome = `late answer ${answer.status}`; }
      if (res.destroyed) return;
      const headers = { ...answer.headers };
      delete headers['transfer-encoding'];
      headers['content-length'] = String(answer.body.length);
      res.writeHead(answer.status, answer.message, headers);
      res.end(answer.body);
    }).catch((err: NodeJS.ErrnoException) => this.upstreamFailed(entry, req, res, err));
  }

  async close(): Promise<void> {
    for (const up of this.upstreams) up.destroy();
    if (this.down) return;
    await this.goDown();
  }
}
