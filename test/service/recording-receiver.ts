import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A webhook receiver on 127.0.0.1 that answers 204 and keeps every body it gets, with its delivery id. */
export async function recordingReceiver(): Promise<{ bodies: Array<{ delivery: string; body: string }>; url: string; close(): void }> {
  const bodies: Array<{ delivery: string; body: string }> = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => { body += c.toString(); });
    req.on('end', () => { bodies.push({ delivery: String(req.headers['x-ledgerdrop-delivery']), body }); res.statusCode = 204; res.end(); });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { bodies, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, close: () => server.close() };
}
