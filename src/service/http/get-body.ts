import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

/** A GET body carries a few form fields at most (e.g. /getapps `limit`). */
const MAX_GET_BODY_BYTES = 64 * 1024;

async function readRaw(request: FastifyRequest): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_GET_BODY_BYTES) throw new HttpError(413, `request body of a GET is limited to ${MAX_GET_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Text fields of a GET request's body. The HTTP framework parses bodies of POST-like methods
 * only, but the reference sends every request field as form-data — `limit` of GET /getapps
 * included — so GET routes read multipart/form-data or urlencoded bodies here (text fields
 * only; files are refused by name).
 */
export async function getBodyFields(request: FastifyRequest): Promise<Record<string, string>> {
  const type = String(request.headers['content-type'] ?? '');
  const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
  if (!hasBody || request.method !== 'GET') return {};
  const fields: Record<string, string> = {};
  if (/^application\/x-www-form-urlencoded/i.test(type)) {
    for (const [k, v] of new URLSearchParams((await readRaw(request)).toString('utf8'))) if (v !== '') fields[k] = v;
    return fields;
  }
  const boundary = /^multipart\/form-data;.*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type);
  if (!boundary) return {};
  const text = (await readRaw(request)).toString('utf8');
  const sep = `--${boundary[1] ?? boundary[2]}`;
  for (const part of text.split(sep).slice(1)) {
    if (part.startsWith('--')) break;
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) throw new HttpError(400, 'malformed multipart body: a part has no header end');
    const head = part.slice(0, split);
    const name = /content-disposition:[^\r\n]*\bname="([^"]*)"/i.exec(head)?.[1];
    if (!name) throw new HttpError(400, 'malformed multipart body: a part has no field name');
    if (/\bfilename="/i.test(head)) throw new HttpError(400, `${name}: files are not accepted by a GET request`);
    const value = part.slice(split + 4).replace(/\r\n$/, '');
    if (value !== '') fields[name] = value;
  }
  return fields;
}
