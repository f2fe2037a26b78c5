/**
 * The standard security handler (ISO 32000-1 §7.6.3, ISO 32000-2 §7.6.4) opened with the empty
 * user password: how banks ship statements that may be read by anyone but not edited (an owner
 * password sets the permissions). RC4 40–128 bit (revisions 2–3), AES-128 (revision 4) and
 * AES-256 (revisions 5–6). Without this, every such statement went to pdf.js for its text and
 * skipped the byte-level checks built on this reader (OCR layers, stamped scans).
 *
 * A file that needs a password, another security handler, or a crypt filter other than
 * Identity, V2, AESV2 or AESV3 throws Unsupported: pdf.js then reads it or names the password.
 */
import { createRequire } from 'node:module';
import { Dict, Name, PdfString, type PdfObj } from './objects.js';
import { Unsupported } from './unsupported.js';

// node:crypto is loaded at the first encrypted file, not with the reader: ~16 of Node's modules
// that an unencrypted statement's conversion (most of them) need not load. Not `require`: the
// Electron bundle declares its own (electron-vite ESM shim).
let crypto: typeof import('node:crypto') | undefined;
const nodeCrypto = (): typeof import('node:crypto') => (crypto ??= createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto'));
const createHash = (alg: string) => nodeCrypto().createHash(alg);
const createCipheriv = (alg: string, key: Uint8Array, iv: Uint8Array | null) => nodeCrypto().createCipheriv(alg, key, iv);
const createDecipheriv = (alg: string, key: Uint8Array, iv: Uint8Array) => nodeCrypto().createDecipheriv(alg, key, iv);

/** Decrypts one object's strings and streams, keyed by its object and generation numbers. */
export interface Decryptor {
  string(num: number, gen: number, bytes: string): string;
  stream(num: number, gen: number, data: Uint8Array): Uint8Array;
  /** False when the file says its XMP metadata streams are stored in the clear. */
  readonly encryptMetadata: boolean;
}

/** The 32 bytes a shorter password is padded with (§7.6.4.3, Algorithm 2). */
export const PASSWORD_PAD = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');

type Method = 'none' | 'rc4' | 'aes128' | 'aes256';

const latin1 = (s: string): Buffer => Buffer.from(s, 'latin1');

/** RC4 (used by PDF since 1.1; OpenSSL 3 no longer offers it by default). */
export function rc4(key: Uint8Array, data: Uint8Array): Uint8Array {
  const s = new Uint8Array(256);
  for (let i = 0; i < 256; i++) s[i] = i;
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 0xff;
    const t = s[i]!; s[i] = s[j]!; s[j] = t;
  }
  const out = new Uint8Array(data.length);
  for (let k = 0, i = 0, j = 0; k < data.length; k++) {
    i = (i + 1) & 0xff;
    j = (j + s[i]!) & 0xff;
    const t = s[i]!; s[i] = s[j]!; s[j] = t;
    out[k] = data[k]! ^ s[(s[i]! + s[j]!) & 0xff]!;
  }
  return out;
}

/** AES-CBC with the IV in the first 16 bytes; PKCS#5 padding removed where it is well formed (as pdf.js does). */
function aesDecrypt(key: Uint8Array, data: Uint8Array): Uint8Array {
  if (data.length < 16) return new Uint8Array(0);
  const body = data.subarray(16, 16 + Math.floor((data.length - 16) / 16) * 16);
  if (body.length === 0) return new Uint8Array(0);
  const d = createDecipheriv(key.length === 32 ? 'aes-256-cbc' : 'aes-128-cbc', key, data.subarray(0, 16)).setAutoPadding(false);
  const out = Buffer.concat([d.update(body), d.final()]);
  const pad = out[out.length - 1]!;
  if (pad >= 1 && pad <= 16 && out.subarray(out.length - pad).every((b) => b === pad)) return out.subarray(0, out.length - pad);
  return out;
}

const md5 = (...parts: Uint8Array[]): Buffer => {
  const h = createHash('md5');
  for (const p of parts) h.update(p);
  return h.digest();
};

/**
 * Revision 6's password hash (ISO 32000-2 Algorithm 2.B): rounds of AES-128 and SHA-2 until at
 * least 64 have run and the last byte allows a stop. The last byte is at most 255, so at most 288.
 */
export function hashR6(password: Uint8Array, salt: Uint8Array, userKey: Uint8Array): Buffer {
  let k: Buffer = createHash('sha256').update(password).update(salt).update(userKey).digest();
  let e: Buffer = Buffer.alloc(1);
  for (let i = 0; i < 64 || e[e.length - 1]! > i - 32; i++) {
    const one = Buffer.concat([password, k, userKey]);
    const k1 = Buffer.alloc(one.length * 64);
    for (let j = 0; j < 64; j++) one.copy(k1, j * one.length);
    const c = createCipheriv('aes-128-cbc', k.subarray(0, 16), k.subarray(16, 32)).setAutoPadding(false);
    e = Buffer.concat([c.update(k1), c.final()]);
    let sum = 0;
    for (let j = 0; j < 16; j++) sum += e[j]!;
    k = createHash(['sha256', 'sha384', 'sha512'][sum % 3]!).update(e).digest();
  }
  return k.subarray(0, 32);
}

/** Revision 5's password hash: one SHA-256. */
const hashR5 = (password: Uint8Array, salt: Uint8Array, userKey: Uint8Array): Buffer => createHash('sha256').update(password).update(salt).update(userKey).digest();

/** The file key of revisions 2–4 for the empty user password (Algorithms 2, 4, 5), or null when another password is needed. */
function keyR2to4(o: Buffer, u: Buffer, p: number, id0: Buffer, revision: number, length: number, encryptMetadata: boolean): Buffer | null {
  const pBytes = Buffer.alloc(4);
  pBytes.writeInt32LE(p | 0);
  const parts = [PASSWORD_PAD, o.subarray(0, 32), pBytes, id0];
  if (revision >= 4 && !encryptMetadata) parts.push(Buffer.from([0xff, 0xff, 0xff, 0xff]));
  let hash = md5(...parts);
  const n = revision === 2 ? 5 : length;
  if (revision >= 3) for (let i = 0; i < 50; i++) hash = md5(hash.subarray(0, n));
  const key = hash.subarray(0, n);
  let check: Uint8Array;
  if (revision === 2) check = rc4(key, PASSWORD_PAD);
  else {
    check = rc4(key, md5(PASSWORD_PAD, id0));
    for (let i = 1; i <= 19; i++) check = rc4(key.map((b) => b ^ i), check);
  }
  const want = u.subarray(0, revision === 2 ? 32 : 16);
  return want.length === check.length && Buffer.from(check).equals(want) ? key : null;
}

/** The file key of revisions 5–6 for the empty user password (Algorithm 2.A), or null. */
function keyR5to6(u: Buffer, ue: Buffer, revision: number): Buffer | null {
  if (u.length < 48 || ue.length < 32) return null;
  const hash = revision === 6 ? hashR6 : hashR5;
  const empty = new Uint8Array(0);
  if (!hash(empty, u.subarray(32, 40), empty).equals(u.subarray(0, 32))) return null;
  const d = createDecipheriv('aes-256-cbc', hash(empty, u.subarray(40, 48), empty), Buffer.alloc(16)).setAutoPadding(false);
  return Buffer.concat([d.update(ue.subarray(0, 32)), d.final()]);
}

/** The method a V4/V5 crypt filter names (StmF, StrF). */
function filterMethod(enc: Dict, which: 'StmF' | 'StrF', resolve: (o: PdfObj | undefined) => PdfObj): Method {
  const name = resolve(enc.get(which));
  if (!(name instanceof Name) || name.name === 'Identity') return 'none';
  const cf = resolve(enc.get('CF'));
  const f = cf instanceof Dict ? resolve(cf.get(name.name)) : null;
  if (!(f instanceof Dict)) throw new Unsupported(`an encryption filter ${name.name} the file does not define`);
  const cfm = resolve(f.get('CFM'));
  const m = cfm instanceof Name ? cfm.name : 'None';
  if (m === 'V2') return 'rc4';
  if (m === 'AESV2') return 'aes128';
  if (m === 'AESV3') return 'aes256';
  if (m === 'None') return 'none';
  throw new Unsupported(`the crypt method ${m}`);
}

/**
 * The decryptor for a file whose trailer names `enc` as its /Encrypt dictionary, opened with
 * the empty user password; `id0` is the first string of the trailer's /ID.
 */
export function standardDecryptor(enc: Dict, id0: string, resolve: (o: PdfObj | undefined) => PdfObj): Decryptor {
  const get = (k: string): PdfObj => resolve(enc.get(k));
  const filter = get('Filter');
  if (!(filter instanceof Name) || filter.name !== 'Standard') throw new Unsupported('a security handler other than the standard one');
  const v = get('V'), r = get('R'), p = get('P');
  const o = get('O'), u = get('U');
  if (typeof v !== 'number' || typeof r !== 'number' || typeof p !== 'number' || !(o instanceof PdfString) || !(u instanceof PdfString)) throw new Unsupported('a malformed encryption dictionary');
  const encryptMetadata = get('EncryptMetadata') !== false;
  let key: Buffer | null;
  let stm: Method, str: Method;
  if (v === 1 || v === 2) {
    const bits = get('Length') ?? 40;
    if (typeof bits !== 'number' || bits < 40 || bits > 128 || bits % 8 !== 0) throw new Unsupported('an RC4 key length outside 40–128 bits');
    if (r < 2 || r > 3) throw new Unsupported(`security handler revision ${r} with V ${v}`);
    key = keyR2to4(latin1(o.bytes), latin1(u.bytes), p, latin1(id0), r, bits / 8, true);
    stm = str = 'rc4';
  } else if (v === 4) {
    if (r !== 4) throw new Unsupported(`security handler revision ${r} with V 4`);
    const bits = get('Length') ?? 128;
    if (typeof bits !== 'number' || bits < 40 || bits > 128 || bits % 8 !== 0) throw new Unsupported('a key length outside 40–128 bits');
    stm = filterMethod(enc, 'StmF', resolve);
    str = filterMethod(enc, 'StrF', resolve);
    if (stm === 'aes256' || str === 'aes256') throw new Unsupported('AESV3 with V 4');
    key = keyR2to4(latin1(o.bytes), latin1(u.bytes), p, latin1(id0), r, bits / 8, encryptMetadata);
  } else if (v === 5) {
    if (r !== 5 && r !== 6) throw new Unsupported(`security handler revision ${r} with V 5`);
    const ue = get('UE');
    if (!(ue instanceof PdfString)) throw new Unsupported('a malformed encryption dictionary');
    stm = filterMethod(enc, 'StmF', resolve);
    str = filterMethod(enc, 'StrF', resolve);
    if ((stm !== 'aes256' && stm !== 'none') || (str !== 'aes256' && str !== 'none')) throw new Unsupported('a crypt method other than AESV3 with V 5');
    key = keyR5to6(latin1(u.bytes), latin1(ue.bytes), r);
  } else {
    throw new Unsupported(`encryption algorithm V ${v}`);
  }
  if (!key) throw new Unsupported('a file that needs a password');
  const fileKey = key;

  /** Algorithm 1: the key of one object (RC4 and AES-128); AES-256 uses the file key itself. */
  const objectKey = (num: number, gen: number, m: Method): Uint8Array => {
    if (m === 'aes256') return fileKey;
    const ng = Buffer.from([num & 0xff, (num >> 8) & 0xff, (num >> 16) & 0xff, gen & 0xff, (gen >> 8) & 0xff]);
    const h = m === 'aes128' ? md5(fileKey, ng, latin1('sAlT')) : md5(fileKey, ng);
    return h.subarray(0, Math.min(fileKey.length + 5, 16));
  };
  const run = (m: Method, num: number, gen: number, data: Uint8Array): Uint8Array =>
    m === 'none' ? data : m === 'rc4' ? rc4(objectKey(num, gen, m), data) : aesDecrypt(objectKey(num, gen, m), data);
  return {
    encryptMetadata,
    string: (num, gen, bytes) => Buffer.from(run(str, num, gen, latin1(bytes))).toString('latin1'),
    stream: (num, gen, data) => run(stm, num, gen, data),
  };
}
