/**
 * The `briefcase` section of the service config: other services of the same API this one
 * shares with (docs/team-server.md, "Briefcase peers"). Pure: validation only.
 */
export interface BriefcasePeer {
  /** Base URL of the other service (http or https), e.g. `https://ledgerdrop.partner.example`. */
  url: string;
  /** The secret both services hold for each other (at least 32 characters): it signs every request and answer between them. */
  secret: string;
  /** The name the peer's own config gives this service (it names our parties `user@<as>`). */
  as: string;
  /** The peer's accounts this service exchanges shares with (usernames there), or `["*"]` for any. */
  accounts: string[];
}

export interface BriefcaseConfig {
  remotes?: Record<string, BriefcasePeer>;
  /** Largest body of documents sent or taken in one exchange (bytes, base64 included); default 64 MiB. */
  maxBundleBytes?: number;
  /** Time one request to a peer may take before it counts as failed (ms); default 15 s. */
  peerTimeoutMs?: number;
}

export const DEFAULT_MAX_BUNDLE_BYTES = 64 * 1024 * 1024;
export const DEFAULT_PEER_TIMEOUT_MS = 15_000;
const NAME = /^[A-Za-z0-9._-]{1,64}$/;
const PEER_KEYS = ['url', 'secret', 'as', 'accounts'];
const MAX_ACCOUNTS = 1000;

/** Throws naming the first wrong setting of `config.briefcase`. */
export function validateBriefcaseConfig(value: unknown): void {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('config briefcase must be an object {remotes, maxBundleBytes, peerTimeoutMs}');
  const b = value as Record<string, unknown>;
  for (const k of Object.keys(b)) {
    if (!['remotes', 'maxBundleBytes', 'peerTimeoutMs'].includes(k)) throw new Error(`config briefcase.${k} is not a setting (known: remotes, maxBundleBytes, peerTimeoutMs)`);
  }
  for (const k of ['maxBundleBytes', 'peerTimeoutMs'] as const) {
    const v = b[k];
    if (v !== undefined && (typeof v !== 'number' || !Number.isInteger(v) || v < 1000)) throw new Error(`config briefcase.${k} must be a whole number ≥ 1000`);
  }
  const remotes = (b.remotes ?? {}) as Record<string, unknown>;
  if (typeof remotes !== 'object' || Array.isArray(remotes)) throw new Error('config briefcase.remotes must be an object of {name: {url, secret, as, accounts}}');
  for (const [name, raw] of Object.entries(remotes)) {
    const at = `config briefcase.remotes.${name}`;
    if (!NAME.test(name)) throw new Error(`config briefcase.remotes: "${name}" must be letters, digits, . _ or - (at most 64)`);
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new Error(`${at} must be an object {url, secret, as, accounts}`);
    const r = raw as Record<string, unknown>;
    for (const k of Object.keys(r)) if (!PEER_KEYS.includes(k)) throw new Error(`${at}.${k} is not a setting (known: ${PEER_KEYS.join(', ')})`);
    if (typeof r.url !== 'string' || !/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(r.url)) throw new Error(`${at}.url must be the http(s) base URL of the other service`);
    if (typeof r.secret !== 'string' || r.secret.length < 32 || r.secret.length > 512) throw new Error(`${at}.secret must be the secret shared with that service, 32 to 512 characters`);
    if (typeof r.as !== 'string' || !NAME.test(r.as)) throw new Error(`${at}.as must be the name that service's config gives this one (letters, digits, . _ or -)`);
    const accounts = r.accounts;
    if (!Array.isArray(accounts) || accounts.length === 0 || accounts.length > MAX_ACCOUNTS
      || !accounts.every((a) => typeof a === 'string' && a.length > 0 && a.length <= 200 && !/[\s:]/.test(a))) {
      throw new Error(`${at}.accounts must list that service's usernames this one may share with (1 to ${MAX_ACCOUNTS}), or ["*"] for any`);
    }
  }
}

/** Whether the peer's config lets this service exchange shares with `username` there. */
export function peerAllows(peer: BriefcasePeer, username: string): boolean {
  return peer.accounts.includes('*') || peer.accounts.includes(username);
}
