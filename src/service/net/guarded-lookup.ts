import dns from 'node:dns';
import { refusalReason, type AddressPolicy } from './address-policy.js';

/**
 * A `lookup` for net/tls.connect (via undici's Agent `connect` options) that refuses every
 * address the policy does not allow. The socket connects to the address returned here, so the
 * checked address is the one used: a DNS name cannot re-bind between check and connect.
 * `makeError` builds the refusal (the caller's own error class, so routes can map it to 400).
 */
type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

export function guardedLookup(policy: AddressPolicy, makeError: (message: string) => Error) {
  return (hostname: string, options: dns.LookupOptions | number | undefined, callback: LookupCallback): void => {
    const opts: dns.LookupOptions = typeof options === 'object' && options ? options : { family: typeof options === 'number' ? options : 0 };
    dns.lookup(hostname, { all: true, family: opts.family ?? 0, hints: opts.hints }, (err, addresses) => {
      if (err || addresses.length === 0) {
        callback(makeError(`host ${hostname} could not be resolved`), '');
        return;
      }
      for (const a of addresses) {
        const reason = refusalReason(a.address, policy);
        if (reason) {
          callback(makeError(`refused: ${hostname} resolves to ${reason}; the operator has not allowed it`), '');
          return;
        }
      }
      if (opts.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}
