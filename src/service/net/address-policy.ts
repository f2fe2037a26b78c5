import net from 'node:net';

/**
 * Which network ranges a server-side fetch (fileurl) may reach. Pure: no I/O.
 * The operator opens ranges explicitly in config; the default reaches only public addresses.
 */
export type AddressClass = 'public' | 'loopback' | 'private' | 'link-local' | 'unspecified' | 'reserved';

export interface AddressPolicy {
  /** 127.0.0.0/8 and ::1 */
  allowLoopback?: boolean;
  /** RFC 1918, carrier-grade NAT 100.64/10, IPv6 unique-local fc00::/7 */
  allowPrivate?: boolean;
  /** 169.254/16 and fe80::/10 */
  allowLinkLocal?: boolean;
}

const RANGES: Array<[AddressClass, string, number, 'ipv4' | 'ipv6']> = [
  ['unspecified', '0.0.0.0', 8, 'ipv4'],
  ['private', '10.0.0.0', 8, 'ipv4'],
  ['private', '100.64.0.0', 10, 'ipv4'],
  ['loopback', '127.0.0.0', 8, 'ipv4'],
  ['link-local', '169.254.0.0', 16, 'ipv4'],
  ['private', '172.16.0.0', 12, 'ipv4'],
  ['reserved', '192.0.0.0', 24, 'ipv4'],
  ['reserved', '192.0.2.0', 24, 'ipv4'],
  ['private', '192.168.0.0', 16, 'ipv4'],
  ['reserved', '198.18.0.0', 15, 'ipv4'],
  ['reserved', '198.51.100.0', 24, 'ipv4'],
  ['reserved', '203.0.113.0', 24, 'ipv4'],
  ['reserved', '224.0.0.0', 4, 'ipv4'],
  ['reserved', '240.0.0.0', 4, 'ipv4'],
  ['unspecified', '::', 128, 'ipv6'],
  ['loopback', '::1', 128, 'ipv6'],
  ['private', 'fc00::', 7, 'ipv6'],
  ['link-local', 'fe80::', 10, 'ipv6'],
  ['reserved', 'ff00::', 8, 'ipv6'],
  ['reserved', '2001:db8::', 32, 'ipv6'],
];

const lists = new Map<AddressClass, net.BlockList>();
for (const [cls, addr, prefix, family] of RANGES) {
  let list = lists.get(cls);
  if (!list) { list = new net.BlockList(); lists.set(cls, list); }
  list.addSubnet(addr, prefix, family);
}

/** IPv4 embedded in an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::/96) IPv6 address. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const hi = parseInt(hex[1]!, 16); const lo = parseInt(hex[2]!, 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return null;
}

export function classifyAddress(address: string): AddressClass {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = net.isIP(bare);
  if (family === 0) throw new Error(`not an IP address: ${address}`);
  if (family === 6) {
    const v4 = embeddedIpv4(bare);
    if (v4) return classifyAddress(v4);
  }
  if (family === 4 && bare === '255.255.255.255') return 'reserved';
  for (const [cls, list] of lists) {
    if (list.check(bare, family === 4 ? 'ipv4' : 'ipv6')) return cls;
  }
  return 'public';
}

/** null when the policy allows the address; otherwise the reason it is refused. */
export function refusalReason(address: string, policy: AddressPolicy): string | null {
  const cls = classifyAddress(address);
  switch (cls) {
    case 'public': return null;
    case 'loopback': return policy.allowLoopback ? null : `${address} is a loopback address`;
    case 'private': return policy.allowPrivate ? null : `${address} is a private network address`;
    case 'link-local': return policy.allowLinkLocal ? null : `${address} is a link-local address`;
    case 'unspecified': return `${address} is an unspecified address`;
    case 'reserved': return `${address} is a reserved or multicast address`;
  }
}
