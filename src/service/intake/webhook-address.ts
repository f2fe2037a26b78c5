import dns from 'node:dns/promises';
import net from 'node:net';
import { refusalReason, type AddressPolicy } from '../net/address-policy.js';

/** Upper bound on the name lookup at submit time, so a slow resolver cannot hold the request. */
const LOOKUP_TIMEOUT_MS = 5_000;

/**
 * Why the service could never deliver to this webhook URL, or null when it can try. Checked
 * when the conversion is submitted, so a client learns at once (400) instead of waiting for a
 * delivery that fails: the scheme must be http(s), without credentials; the host must resolve,
 * and every address it resolves to must be one the policy allows (loopback and private ranges
 * only when the operator opened them). Delivery checks the connected address again.
 */
export async function webhookAddressProblem(raw: string, policy: AddressPolicy): Promise<string | null> {
  let url: URL;
  try { url = new URL(raw); } catch { return 'is not a valid URL'; }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `scheme ${url.protocol.replace(/:$/, '')} is not http or https`;
  if (url.username || url.password) return 'must not carry credentials';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  else {
    let timer: NodeJS.Timeout | undefined;
    try {
      const found = await Promise.race([
        dns.lookup(host, { all: true }),
        new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error('timed out')), LOOKUP_TIMEOUT_MS); }),
      ]);
      addresses = found.map((a) => a.address);
    } catch {
      return `host ${host} could not be resolved`;
    } finally {
      clearTimeout(timer);
    }
    if (!addresses.length) return `host ${host} could not be resolved`;
  }
  for (const a of addresses) {
    const reason = refusalReason(a, policy);
    if (reason) return `${host === a ? '' : `${host} resolves to `}${reason}; the operator has not allowed webhooks to reach it (allowPrivateWebhooks)`;
  }
  return null;
}
