import fs from 'node:fs';
import net from 'node:net';

/**
 * A TCP port on 127.0.0.1 that nothing listens on, for a server a test starts later on a port it
 * must name first (peers configured with each other's URLs, a PostgreSQL cluster, a CLI's PORT),
 * or for a peer that must stay unreachable.
 *
 * "Listen on port 0, close, reuse the number" races: while the test runs, any other test file
 * listening on port 0 (and every outgoing connection) may be handed the same number by the
 * kernel, which then answers where nothing should. CI saw a peer meant to be unreachable answer
 * 404. Ports below the kernel's ephemeral range are never handed out so; the one taken here is
 * checked free by binding it, and the random start keeps parallel test files apart.
 */
export async function unusedPort(): Promise<number> {
  const low = ephemeralLow();
  const from = 10_000;
  const span = Math.max(1, low - from);
  const start = Math.floor(Math.random() * span);
  for (let i = 0; i < 200; i++) {
    const port = from + ((start + i * 7919) % span);
    if (await bindable(port)) return port;
  }
  throw new Error(`no free port found in ${from}-${low - 1} after 200 tries`);
}

function ephemeralLow(): number {
  try {
    const low = Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    if (Number.isInteger(low) && low > 11_000) return low;
  } catch {
    // Not Linux: fall back to the IANA dynamic range's start, below which the common kernels stay.
  }
  return 32_768;
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}
