import type { z } from 'zod';

/** An error with the HTTP status and the `{error}` message the client sees. */
export class HttpError extends Error {
  constructor(readonly statusCode: number, message: string, readonly headers: Record<string, string> = {}) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (msg: string) => new HttpError(400, msg);
export const notFound = (msg: string) => new HttpError(404, msg);

/** Validates form fields with a zod schema; the first problem becomes a 400 naming the field. */
export function parseFields<S extends z.ZodType>(schema: S, fields: Record<string, unknown>): z.infer<S> {
  const r = schema.safeParse(fields);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const field = issue.path.map(String).join('.') || 'request';
  const top = issue.path[0];
  const missing = typeof top === 'string' && fields[top] === undefined && issue.code === 'invalid_type';
  throw new HttpError(400, `${field}: ${missing ? 'is required' : issue.message}`);
}
