/**
 * What an HTTP answer or a network failure means for the queue, and how it reads in one line.
 *
 * Gateways (nginx, load balancers, corporate proxies) answer for a service that is down with
 * 502/503/504 and an HTML page; rate limiters answer 429 with Retry-After. Such answers say the
 * service is unavailable, not that the file is wrong, so a file waits for them without spending
 * its attempts. Only answers that speak about the file itself (a 4xx with a JSON `{error}`, a
 * conversion error) count against it. The service's own 429 (the same file uploaded too often)
 * is a JSON `{error}` without Retry-After; a 429 with Retry-After or without a JSON body is
 * somebody being busy.
 */
import { STATUS_CODES } from 'node:http';

export interface Answer {
  status: number;
  /** Parsed JSON when the body was JSON, else the text. */
  body: unknown;
  /** The status line's reason phrase as sent (may be empty: HTTP/2, some servers). */
  statusText?: string;
  retryAfter?: string | null;
}

const MAX_LINE = 300;

/** One line, no control characters, bounded. */
export function oneLine(text: string, max = MAX_LINE): string {
  const s = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim();
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

/** The page's `<title>` (HTML error pages from gateways), or null. Reads at most the first 64 KB. */
export function htmlTitle(text: string): string | null {
  const m = /<title[^>]*>([\s\S]{0,500}?)<\/title\s*>/i.exec(text.slice(0, 65_536));
  if (!m) return null;
  const t = oneLine(m[1]!.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/<[^>]*>/g, ''));
  return t || null;
}

function jsonError(body: unknown): string | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const b = body as { error?: unknown; message?: unknown };
  if (typeof b.error === 'string' && b.error.trim()) return b.error;
  if (typeof b.message === 'string' && b.message.trim()) return b.message;
  return null;
}

/** The body was a JSON object (the service speaking), not a page or plain text from something in between. */
export function isJsonAnswer(a: Answer): boolean {
  return !!a.body && typeof a.body === 'object';
}

function statusLine(a: Answer): string {
  const phrase = a.statusText?.trim() || STATUS_CODES[a.status] || '';
  return phrase ? `${a.status} ${phrase}` : `HTTP ${a.status}`;
}

/**
 * The one-line error text a user sees: the service's `error` field; for a non-JSON body the
 * status line and the page's title (never the page itself).
 */
export function errorLine(a: Answer): string {
  const fromService = jsonError(a.body);
  if (fromService) return oneLine(fromService);
  const line = statusLine(a);
  if (typeof a.body === 'string' && a.body.trim()) {
    const title = htmlTitle(a.body);
    if (title) return line.toLowerCase().includes(title.toLowerCase()) ? line : oneLine(`${line}: ${title}`);
    if (!/<[a-z!][^>]*>/i.test(a.body)) return oneLine(`${line}: ${a.body}`, 200);
  }
  return line;
}

/** Whole seconds of a Retry-After header given in seconds (an HTTP date is shown as given). */
function retryAfterText(v: string): string {
  const s = v.trim();
  return /^\d+$/.test(s) ? `${Number(s)} s` : oneLine(s, 40);
}

/**
 * Why the service is unavailable, when this answer says so (the file then waits without
 * spending attempts); null when the answer is about the request or the file.
 */
export function unavailableReason(a: Answer): string | null {
  const json = isJsonAnswer(a);
  const ra = a.retryAfter?.trim() ? retryAfterText(a.retryAfter) : null;
  if ((a.status === 429 || a.status === 503) && ra) return `service busy, Retry-After ${ra}`;
  if (a.status === 429) return json ? null : '429 from gateway';
  if ([502, 503, 504].includes(a.status)) return `${a.status} from ${json ? 'service' : 'gateway'}`;
  if (a.status >= 500 && !json) return `${a.status} from gateway`;
  return null;
}

/** Short reason for a network failure (no HTTP answer), by error code. */
export function networkReason(code: string, timeoutMs: number): string {
  switch (code) {
    case 'ECONNREFUSED': return 'connection refused';
    case 'ENOTFOUND': case 'EAI_AGAIN': return 'host not found';
    case 'EHOSTUNREACH': case 'ENETUNREACH': case 'ENETDOWN': case 'EADDRNOTAVAIL': return 'no route to the service';
    case 'UND_ERR_CONNECT_TIMEOUT': return 'connect timeout';
    case 'UND_ERR_HEADERS_TIMEOUT': case 'UND_ERR_BODY_TIMEOUT': case 'ETIMEDOUT':
      return timeoutMs >= 1000 ? `timeout after ${Math.round(timeoutMs / 1000)} s` : timeoutMs > 0 ? `timeout after ${timeoutMs} ms` : 'timeout';
    case 'ECONNRESET': case 'EPIPE': case 'UND_ERR_SOCKET': case 'UND_ERR_CLOSED': return 'connection reset';
    case 'NO_SERVICE': return 'no service';
    default: return `network error ${code}`;
  }
}
