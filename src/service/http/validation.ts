import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { HttpError, parseFields } from './errors.js';
import { readForm, type FormData } from './form.js';
import { getBodyFields } from './get-body.js';
import type { EndpointSpec } from './endpoint-spec.js';

/**
 * Request fields are validated by Fastify, in its validation step, with a validator compiled
 * once per route from the route's contract schemas (endpoint.ts puts them in the route's
 * `schema`). Fastify cannot read multipart/form-data fields itself, so a preValidation hook
 * reads the form first (parts, urlencoded or JSON body, query, and a GET's form body) and puts
 * the fields where the validator looks: the body of a POST, the query of a GET. The routes are
 * registered with `attachValidation`, so the handler meets a refused field where it asks for
 * the fields (`validated`), after its own earlier answers (licence, feature, idempotency).
 */
export type RequestSchemas = z.ZodType | readonly z.ZodType[];

type Parsed<S extends RequestSchemas> = S extends readonly z.ZodType[] ? { [K in keyof S]: S[K] extends z.ZodType ? z.infer<S[K]> : never } : S extends z.ZodType ? z.infer<S> : never;

declare module 'fastify' {
  interface FastifyRequest {
    /** The form as read before validation: raw text fields and file parts. */
    form?: FormData;
  }
}

/** A form that could not be read (too large, malformed multipart): its error is the validation's. */
class UnreadableForm {
  constructor(readonly error: unknown) {}
}

/**
 * Fastify's validator compiler for contract schemas: one zod schema gives its parsed value, a
 * list gives the list of parsed values (each schema reads the same fields). The first problem
 * is a 400 `{error}` naming the field (parseFields), as every endpoint has always answered.
 */
export const zodFieldsCompiler: FastifySchemaCompiler<RequestSchemas> = ({ schema }) => (data: unknown) => {
  if (data instanceof UnreadableForm) return { error: data.error as Error };
  const fields = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
  try {
    const list: readonly z.ZodType[] = Array.isArray(schema) ? schema : [schema as z.ZodType];
    const values = list.map((s) => parseFields(s, fields));
    return { value: Array.isArray(schema) ? values : values[0] };
  } catch (err) {
    return { error: err as Error };
  }
};

/** preValidation: reads the form and hands its fields to Fastify's validation step. */
export function readFieldsHook(spec: EndpointSpec) {
  return async (request: FastifyRequest): Promise<void> => {
    let fields: Record<string, string> | UnreadableForm;
    try {
      const form = await readForm(request);
      // A GET's form-data body (e.g. /getapps `limit`): after the query, and it wins, as a POST body does.
      if (spec.method === 'get') Object.assign(form.fields, await getBodyFields(request));
      spec.prepareFields?.(form.fields);
      request.form = form;
      fields = { ...form.fields };
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      fields = new UnreadableForm(err);
    }
    if (spec.method === 'get') request.query = fields;
    else request.body = fields;
  };
}

/**
 * The request's fields as the route's schemas parsed them, or the 4xx that refused them. The
 * handler names the schema it expects, and it must be the one the route was compiled with.
 */
export function validated<S extends RequestSchemas>(request: FastifyRequest, schema: S): Parsed<S> {
  const spec = request.routeOptions.config.spec;
  if (!spec || spec.request !== schema) throw new Error(`${request.routeOptions.url}: the handler reads fields with another schema than the route validates with`);
  if (request.validationError) throw request.validationError;
  return (spec.method === 'get' ? request.query : request.body) as Parsed<S>;
}

/** The form as read before validation: raw fields (options checked by name) and file parts. */
export function formOf(request: FastifyRequest): FormData {
  if (request.validationError) throw request.validationError;
  if (!request.form) throw new Error(`${request.routeOptions.url}: the route reads no form (its spec declares no request fields)`);
  return request.form;
}
