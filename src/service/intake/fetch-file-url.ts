import net from 'node:net';
import path from 'node:path';
import { Agent, request } from 'undici';
import yauzl from 'yauzl';
import { refusalReason, type AddressPolicy } from '../net/address-policy.js';
import { guardedLookup } from '../net/guarded-lookup.js';

/**
 * `fileurl` of /uploadpdfs: fetch an http(s) URL holding one document, or a zip of documents,
 * under hard limits. The address guard runs inside the connection's DNS lookup, so the address
 * that was checked is the address connected to (a name cannot re-bind between check and use).
 * Every refusal is a FileUrlError whose message the route returns as a 400 `{error}`.
 */
export interface FileUrlLimits {
  /** Bytes downloaded (the zip itself, or the single file). */
  maxDownloadBytes: number;
  /** Entries in a zip (directories included). */
  maxEntries: number;
  /** Sum of the uncompressed sizes of the files taken from a zip: declared AND counted. */
  maxTotalUncompressedBytes: number;
  maxRedirects: number;
  /** Whole fetch, connection to last byte. */
  timeoutMs: number;
}

export interface FileUrlConfig extends AddressPolicy, Partial<FileUrlLimits> {}

export const DEFAULT_FILE_URL_LIMITS: FileUrlLimits = {
  maxDownloadBytes: 50 * 1024 * 1024,
  maxEntries: 200,
  maxTotalUncompressedBytes: 200 * 1024 * 1024,
  maxRedirects: 3,
  timeoutMs: 60_000,
};

/** File kinds taken from a zip; anything else in the zip is ignored (folders, readme …). */
export const FILE_URL_EXTENSIONS = ['.pdf', '.json', '.ofx', '.qfx', '.csv'] as const;

export interface FetchedFile {
  fileName: string;
  bytes: Uint8Array;
}

export class FileUrlError extends Error {
  readonly statusCode = 400;
  constructor(message: string) {
    super(message);
    this.name = 'FileUrlError';
  }
}

export async function fetchFileUrl(url: string, config: FileUrlConfig = {}): Promise<FetchedFile[]> {
  const limits: FileUrlLimits = { ...DEFAULT_FILE_URL_LIMITS, ...definedOnly(config) };
  const { body, finalUrl, contentDisposition } = await download(url, config, limits);
  if (isZip(body)) return readZip(body, limits);
  const fileName = fileNameFor(finalUrl, contentDisposition, body);
  return [{ fileName, bytes: body }];
}

function definedOnly(config: FileUrlConfig): Partial<FileUrlLimits> {
  const out: Partial<FileUrlLimits> = {};
  for (const key of Object.keys(DEFAULT_FILE_URL_LIMITS) as Array<keyof FileUrlLimits>) {
    const v = config[key];
    if (typeof v === 'number' && Number.isFinite(v)) out[key] = v;
  }
  return out;
}

function parseHttpUrl(raw: string): URL {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new FileUrlError('not a valid URL');
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    throw new FileUrlError(`must use http or https, not ${u.protocol.replace(/:$/, '')}`);
  }
  if (u.username || u.password) throw new FileUrlError('must not carry credentials');
  return u;
}

/** IP literals never reach the DNS lookup, so they are checked here. */
function checkLiteralHost(u: URL, policy: AddressPolicy): void {
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) === 0) return;
  const reason = refusalReason(host, policy);
  if (reason) throw new FileUrlError(`refused: ${reason}; the operator has not allowed it`);
}

async function download(url: string, policy: AddressPolicy, limits: FileUrlLimits) {
  const agent = new Agent({
    connect: { lookup: guardedLookup(policy, (m) => new FileUrlError(m)) as never, timeout: limits.timeoutMs },
    headersTimeout: limits.timeoutMs,
    bodyTimeout: limits.timeoutMs,
  });
  const signal = AbortSignal.timeout(limits.timeoutMs);
  try {
    let current = parseHttpUrl(url);
    for (let hop = 0; ; hop++) {
      checkLiteralHost(current, policy);
      let res;
      try {
        res = await request(current, { method: 'GET', dispatcher: agent, signal, headers: { accept: '*/*' } });
      } catch (err) {
        throw asFileUrlError(err, current);
      }
      if (res.statusCode >= 300 && res.statusCode < 400 && res.statusCode !== 304) {
        await res.body.dump();
        const location = res.headers.location;
        if (typeof location !== 'string' || location === '') {
          throw new FileUrlError(`the server answered ${res.statusCode} without a Location`);
        }
        if (hop >= limits.maxRedirects) {
          throw new FileUrlError(`redirected more than ${limits.maxRedirects} times`);
        }
        current = parseHttpUrl(new URL(location, current).toString());
        continue;
      }
      if (res.statusCode !== 200) {
        await res.body.dump();
        throw new FileUrlError(`the server answered HTTP ${res.statusCode}, expected 200`);
      }
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > limits.maxDownloadBytes) {
        res.body.destroy();
        throw new FileUrlError(`the file is ${declared} bytes, over the limit of ${limits.maxDownloadBytes}`);
      }
      const chunks: Buffer[] = [];
      let total = 0;
      try {
        for await (const chunk of res.body) {
          total += (chunk as Buffer).length;
          if (total > limits.maxDownloadBytes) {
            res.body.destroy();
            throw new FileUrlError(`the file is over the limit of ${limits.maxDownloadBytes} bytes`);
          }
          chunks.push(chunk as Buffer);
        }
      } catch (err) {
        throw asFileUrlError(err, current);
      }
      if (total === 0) throw new FileUrlError('the server returned an empty file');
      const cd = res.headers['content-disposition'];
      return { body: new Uint8Array(Buffer.concat(chunks)), finalUrl: current, contentDisposition: typeof cd === 'string' ? cd : '' };
    }
  } finally {
    await agent.close().catch(() => {});
  }
}

function asFileUrlError(err: unknown, u: URL): FileUrlError {
  if (err instanceof FileUrlError) return err;
  const cause = (err as { cause?: unknown })?.cause;
  if (cause instanceof FileUrlError) return cause;
  const e = err as { name?: string; code?: string; message?: string };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError' || /timeout/i.test(e?.code ?? '')) {
    return new FileUrlError(`${u.host} did not answer in time`);
  }
  return new FileUrlError(`${u.host} could not be fetched: ${e?.code ?? e?.message ?? 'unknown error'}`);
}

function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b &&
    ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6));
}

function fileNameFor(u: URL, contentDisposition: string, bytes: Uint8Array): string {
  const m = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(contentDisposition);
  let name = m ? decodeURIComponentSafe(m[1]!) : decodeURIComponentSafe(u.pathname.split('/').pop() ?? '');
  name = path.posix.basename(name.replace(/\\/g, '/')).replace(/[\x00-\x1f]/g, '').trim();
  if (!name || name === '.' || name === '..') name = 'fileurl';
  if (!path.extname(name)) {
    const head = Buffer.from(bytes.subarray(0, 8)).toString('latin1').trimStart();
    if (head.startsWith('%PDF')) name += '.pdf';
    else if (head.startsWith('{') || head.startsWith('[')) name += '.json';
  }
  return name;
}

function decodeURIComponentSafe(s: string): string {
  try { return decodeURIComponent(s); } catch { return s; }
}

/** Names a zip entry must not have: absolute, drive letters, backslashes, `..` segments. */
export function unsafeEntryName(name: string): boolean {
  if (name.startsWith('/') || name.startsWith('\\')) return true;
  if (/^[a-zA-Z]:/.test(name)) return true;
  if (name.includes('\\') || name.includes('\0')) return true;
  return name.split('/').some((seg) => seg === '..');
}

function readZip(buffer: Uint8Array, limits: FileUrlLimits): Promise<FetchedFile[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(Buffer.from(buffer.buffer, buffer.byteOffset, buffer.byteLength),
      { lazyEntries: true, validateEntrySizes: true, decodeStrings: true, strictFileNames: true }, (openErr, zip) => {
        if (openErr || !zip) {
          reject(new FileUrlError(`the zip cannot be read: ${zipReason(openErr)}`));
          return;
        }
        if (zip.entryCount > limits.maxEntries) {
          zip.close();
          reject(new FileUrlError(`the zip has ${zip.entryCount} entries, over the limit of ${limits.maxEntries}`));
          return;
        }
        const files: FetchedFile[] = [];
        let declaredTotal = 0;
        let inflatedTotal = 0;
        let failed = false;
        const fail = (message: string) => {
          if (failed) return;
          failed = true;
          zip.close();
          reject(new FileUrlError(message));
        };
        zip.on('error', (err: Error) => fail(`the zip cannot be read: ${zipReason(err)}`));
        zip.on('end', () => {
          if (failed) return;
          if (files.length === 0) {
            fail(`the zip holds no ${FILE_URL_EXTENSIONS.join(', ')} files`);
            return;
          }
          resolve(files);
        });
        zip.on('entry', (entry: yauzl.Entry) => {
          const name = entry.fileName;
          if (unsafeEntryName(name)) { fail(`the zip entry "${name}" has an unsafe path`); return; }
          const base = path.posix.basename(name);
          const ext = path.posix.extname(base).toLowerCase();
          if (name.endsWith('/') || name.startsWith('__MACOSX/') || base.startsWith('.') ||
              !(FILE_URL_EXTENSIONS as readonly string[]).includes(ext)) {
            zip.readEntry();
            return;
          }
          if (entry.isEncrypted()) { fail(`the zip entry "${name}" is encrypted`); return; }
          declaredTotal += entry.uncompressedSize;
          if (declaredTotal > limits.maxTotalUncompressedBytes) {
            fail(`the zip declares more than ${limits.maxTotalUncompressedBytes} bytes uncompressed`);
            return;
          }
          zip.openReadStream(entry, (streamErr, stream) => {
            if (streamErr || !stream) { fail(`the zip entry "${name}" cannot be read: ${zipReason(streamErr)}`); return; }
            const chunks: Buffer[] = [];
            stream.on('data', (chunk: Buffer) => {
              inflatedTotal += chunk.length;
              if (inflatedTotal > limits.maxTotalUncompressedBytes) {
                stream.destroy();
                fail(`the zip inflates to more than ${limits.maxTotalUncompressedBytes} bytes`);
                return;
              }
              chunks.push(chunk);
            });
            stream.on('error', (err: Error) => fail(`the zip entry "${name}" cannot be read: ${zipReason(err)}`));
            stream.on('end', () => {
              if (failed) return;
              files.push({ fileName: base, bytes: new Uint8Array(Buffer.concat(chunks)) });
              zip.readEntry();
            });
          });
        });
        zip.readEntry();
      });
  });
}

function zipReason(err: unknown): string {
  const message = ((err as Error | null)?.message ?? 'unknown error').replace(/\s+/g, ' ').slice(0, 200);
  const unsafe = /^(absolute path|invalid relative path|invalid characters in fileName): (.*)$/.exec(message);
  if (unsafe) return `entry "${unsafe[2]}" has an unsafe path`;
  if (/too many bytes in the stream/.test(message)) return `an entry inflates to more bytes than it declares (${message})`;
  return message;
}
