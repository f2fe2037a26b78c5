import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';
import { takesFiles } from './endpoint-spec.js';

export interface UploadedFile {
  field: string;
  fileName: string;
  bytes: Uint8Array;
}

export interface FormData {
  fields: Record<string, string>;
  files: UploadedFile[];
}

/**
 * Reads a request's fields: multipart/form-data parts (files buffered within the configured
 * size limit), a urlencoded body, or the query string (accepted on every method; body wins).
 * Empty values count as absent, so defaults apply.
 */
export async function readForm(request: FastifyRequest): Promise<FormData> {
  // Endpoints that take no document read at most their route body limit (config maxFormBytes).
  const small = !takesFiles(request.routeOptions.config);
  const cap = request.routeOptions.bodyLimit;
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  const query = (request.query ?? {}) as Record<string, unknown>;
  for (const [k, v] of Object.entries(query)) if (typeof v === 'string' && v !== '') fields[k] = v;
  if (request.isMultipart()) {
    try {
      const opts = small && cap ? { limits: { fileSize: cap, fieldSize: cap } } : undefined;
      let total = 0;
      for await (const part of request.parts(opts)) {
        if (part.type === 'file') {
          const bytes = await part.toBuffer();
          total += bytes.byteLength;
          if (small && cap && total > cap) throw new HttpError(413, `request body too large: this endpoint accepts at most ${cap} bytes`);
          files.push({ field: part.fieldname, fileName: part.filename || part.fieldname, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
        } else if (typeof part.value === 'string') {
          if (part.value !== '') fields[part.fieldname] = part.value;
          if (part.valueTruncated) throw new HttpError(413, `${part.fieldname}: form field too large (at most ${small ? cap : 'the configured maximum upload size'} bytes)`);
        }
      }
    } catch (err) {
      const e = err as { code?: string; message?: string; statusCode?: number };
      if (err instanceof HttpError) throw err;
      if (small && e.code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, `request body too large: this endpoint accepts at most ${cap} bytes`);
      if (e.code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'file too large: the service accepts files up to the configured maximum upload size');
      if (e.code === 'FST_FILES_LIMIT') throw new HttpError(413, 'too many files in one request');
      if (e.code === 'FST_PARTS_LIMIT' || e.code === 'FST_FIELDS_LIMIT') throw new HttpError(413, 'too many form fields');
      if (e.statusCode && e.statusCode < 500) throw new HttpError(e.statusCode === 406 ? 400 : e.statusCode, `malformed multipart body: ${e.message}`);
      throw new HttpError(400, `malformed multipart body: ${e.message ?? 'unreadable'}`);
    }
  } else if (request.body && typeof request.body === 'object') {
    for (const [k, v] of Object.entries(request.body as Record<string, unknown>)) {
      if (typeof v === 'string' && v !== '') fields[k] = v;
      else if (typeof v === 'number' || typeof v === 'boolean') fields[k] = String(v);
    }
  }
  return { fields, files };
}
