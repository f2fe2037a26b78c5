import net from 'node:net';
import tls from 'node:tls';
import os from 'node:os';

/** Operator's SMTP settings (config `mail`). */
export interface MailConfig {
  host: string;
  port: number;
  /** Sender address of notifications. */
  from: string;
  /** Implicit TLS from the first byte (port 465). */
  secure?: boolean;
  /** Upgrade with STARTTLS when the server offers it (default true); required when `requireTls`. */
  starttls?: boolean;
  requireTls?: boolean;
  /** AUTH PLAIN credentials, only ever sent over TLS unless `allowPlainAuth`. */
  user?: string;
  password?: string;
  allowPlainAuth?: boolean;
  /** Per-message limit for the whole exchange (default 30 s). */
  timeoutMs?: number;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export class MailError extends Error {}

/** Longest server reply kept (a hostile server cannot grow memory). */
const MAX_REPLY_BYTES = 64 * 1024;

type Sock = net.Socket | tls.TLSSocket;

/** Reads SMTP replies (possibly multi-line) one at a time from a socket. */
class ReplyReader {
  private buf = '';
  private waiting: ((r: { code: number; text: string } | Error) => void) | null = null;
  private failed: Error | null = null;

  constructor(private sock: Sock) { this.attach(sock); }

  attach(sock: Sock): void {
    this.sock = sock;
    sock.on('data', (d: Buffer) => {
      this.buf += d.toString('latin1');
      if (this.buf.length > MAX_REPLY_BYTES) this.fail(new MailError('SMTP server reply too long'));
      else this.pump();
    });
    sock.on('error', (e) => this.fail(new MailError(`SMTP connection failed: ${e.message}`)));
    sock.on('close', () => this.fail(new MailError('SMTP server closed the connection')));
  }

  private fail(e: Error): void {
    if (this.failed) return;
    this.failed = e;
    const w = this.waiting; this.waiting = null; w?.(e);
  }

  private pump(): void {
    if (!this.waiting) return;
    const lines = this.buf.split('\r\n');
    for (let i = 0; i < lines.length - 1; i++) {
      const m = /^(\d{3})([ -])(.*)$/.exec(lines[i]!);
      if (!m) { this.fail(new MailError(`SMTP server sent a malformed reply: ${lines[i]!.slice(0, 80)}`)); return; }
      if (m[2] === ' ') {
        const text = lines.slice(0, i + 1).map((l) => l.slice(4)).join('\n');
        this.buf = lines.slice(i + 1).join('\r\n');
        const w = this.waiting; this.waiting = null; w({ code: Number(m[1]), text });
        return;
      }
    }
  }

  next(): Promise<{ code: number; text: string }> {
    if (this.failed) return Promise.reject(this.failed);
    return new Promise((resolve, reject) => {
      this.waiting = (r) => (r instanceof Error ? reject(r) : resolve(r));
      this.pump();
    });
  }
}

/** Headers may not carry line breaks (header injection). */
function headerSafe(name: string, v: string): string {
  if (/[\r\n]/.test(v)) throw new MailError(`${name} must not contain line breaks`);
  return v;
}

/** RFC 5322 message with dot-stuffing for DATA. */
export function composeMessage(from: string, msg: MailMessage, now = new Date()): string {
  const body = msg.text.replace(/\r?\n/g, '\r\n').split('\r\n').map((l) => (l.startsWith('.') ? `.${l}` : l)).join('\r\n');
  return [
    `From: ${headerSafe('from', from)}`, `To: ${headerSafe('to', msg.to)}`, `Subject: ${headerSafe('subject', msg.subject)}`,
    `Date: ${now.toUTCString()}`, 'MIME-Version: 1.0', 'Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 8bit',
    '', body, '.', '',
  ].join('\r\n');
}

/**
 * Sends one plain-text message through the operator's SMTP server: EHLO, STARTTLS when offered
 * (or implicit TLS), AUTH PLAIN when credentials are set, MAIL FROM, RCPT TO, DATA, QUIT.
 * Every reply is checked; the whole exchange is bounded by `timeoutMs`.
 */
export async function sendMail(cfg: MailConfig, msg: MailMessage): Promise<void> {
  const timeoutMs = cfg.timeoutMs ?? 30_000;
  let sock: Sock = cfg.secure
    ? tls.connect({ host: cfg.host, port: cfg.port, servername: net.isIP(cfg.host) ? undefined : cfg.host })
    : net.connect({ host: cfg.host, port: cfg.port });
  const timer = setTimeout(() => sock.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  const reader = new ReplyReader(sock);
  let encrypted = !!cfg.secure;
  const expect = async (codes: number[], what: string) => {
    const r = await reader.next();
    if (!codes.includes(r.code)) throw new MailError(`SMTP ${what} refused: ${r.code} ${r.text.slice(0, 200)}`);
    return r;
  };
  const say = (line: string) => { sock.write(`${line}\r\n`); };
  try {
    await expect([220], 'greeting');
    const name = os.hostname().replace(/[^A-Za-z0-9.-]/g, '') || 'localhost';
    say(`EHLO ${name}`);
    let ehlo = await expect([250], 'EHLO');
    if (!encrypted && cfg.starttls !== false && /^STARTTLS\b/im.test(ehlo.text)) {
      say('STARTTLS');
      await expect([220], 'STARTTLS');
      sock.removeAllListeners('data'); sock.removeAllListeners('error'); sock.removeAllListeners('close');
      sock = tls.connect({ socket: sock as net.Socket, servername: net.isIP(cfg.host) ? undefined : cfg.host });
      reader.attach(sock);
      await new Promise<void>((resolve, reject) => { (sock as tls.TLSSocket).once('secureConnect', resolve); sock.once('error', reject); });
      encrypted = true;
      say(`EHLO ${name}`);
      ehlo = await expect([250], 'EHLO after STARTTLS');
    }
    if (cfg.requireTls && !encrypted) throw new MailError('SMTP server does not offer STARTTLS and config.mail.requireTls is set');
    if (cfg.user !== undefined) {
      if (!encrypted && !cfg.allowPlainAuth) throw new MailError('SMTP credentials are only sent over TLS (set config.mail.allowPlainAuth to send them in clear)');
      say(`AUTH PLAIN ${Buffer.from(`\0${cfg.user}\0${cfg.password ?? ''}`).toString('base64')}`);
      await expect([235], 'AUTH');
    }
    say(`MAIL FROM:<${headerSafe('from', cfg.from)}>`);
    await expect([250], 'MAIL FROM');
    say(`RCPT TO:<${headerSafe('to', msg.to)}>`);
    await expect([250, 251], 'RCPT TO');
    say('DATA');
    await expect([354], 'DATA');
    sock.write(composeMessage(cfg.from, msg));
    await expect([250], 'message');
    say('QUIT');
    await reader.next().catch(() => undefined);
  } finally {
    clearTimeout(timer);
    sock.destroy();
  }
}
