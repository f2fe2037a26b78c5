/**
 * Headers that say who may show the signed scorecard page inside a frame. CSP
 * `frame-ancestors` carries the operator's list; X-Frame-Options (older browsers) is added only
 * when it can say the same thing — SAMEORIGIN for `'self'` alone, DENY for `'none'` — because it
 * cannot name other origins and would otherwise block the ones the operator allowed.
 */
export function framingHeaders(ancestors: readonly string[] = ["'self'"]): Record<string, string> {
  const headers: Record<string, string> = { 'content-security-policy': `frame-ancestors ${ancestors.join(' ')}` };
  if (ancestors.length === 1 && ancestors[0] === "'self'") headers['x-frame-options'] = 'SAMEORIGIN';
  if (ancestors.length === 1 && ancestors[0] === "'none'") headers['x-frame-options'] = 'DENY';
  return headers;
}
