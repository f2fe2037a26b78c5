/**
 * Retry timing: exponential backoff with full jitter (delay = random(0, min(cap, base·2^n))),
 * and the service's Retry-After (seconds or an HTTP date) when it sends one.
 */
export interface BackoffPolicy {
  baseMs: number;
  capMs: number;
}

export const DEFAULT_RETRY: BackoffPolicy = { baseMs: 1_000, capMs: 5 * 60_000 };
/** A file waiting for an unavailable service (no attempt spent); the probe usually releases it sooner. */
export const DEFAULT_WAIT: BackoffPolicy = { baseMs: 1_000, capMs: 2 * 60_000 };
/** Short, so a service coming back is noticed within ~5 s (probes are one small request). */
export const DEFAULT_PROBE: BackoffPolicy = { baseMs: 500, capMs: 5_000 };
export const DEFAULT_POLL: BackoffPolicy = { baseMs: 500, capMs: 15_000 };

/** Upper bound of the delay before attempt `n` (n = 1 is the first retry). */
export function backoffCeiling(policy: BackoffPolicy, n: number): number {
  const exp = Math.min(30, Math.max(0, n - 1));
  return Math.min(policy.capMs, policy.baseMs * 2 ** exp);
}

/** Full jitter: uniform in [0, ceiling]. `random` is injectable for tests. */
export function fullJitter(policy: BackoffPolicy, n: number, random: () => number = Math.random): number {
  return Math.floor(random() * backoffCeiling(policy, n));
}

/** Polling grows without jitter going to zero: between half and all of the ceiling. */
export function pollDelay(policy: BackoffPolicy, n: number, random: () => number = Math.random): number {
  const c = backoffCeiling(policy, n);
  return Math.floor(c / 2 + random() * (c / 2));
}

/** Milliseconds to wait from a Retry-After header value, or null when absent/unreadable. */
export function parseRetryAfter(value: string | string[] | undefined | null, nowMs: number): number | null {
  const v = Array.isArray(value) ? value[0] : value;
  if (v == null) return null;
  const s = v.trim();
  if (/^\d+$/.test(s)) return Number(s) * 1000;
  const at = Date.parse(s);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - nowMs);
}

/** The delay before the next retry: Retry-After wins when given (capped), else full jitter. */
export function retryDelay(policy: BackoffPolicy, attempt: number, retryAfterMs: number | null, random?: () => number): number {
  if (retryAfterMs != null) return Math.min(retryAfterMs, Math.max(policy.capMs, 60 * 60_000));
  return fullJitter(policy, attempt, random);
}
