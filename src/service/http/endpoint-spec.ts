import type { z } from 'zod';

/**
 * One endpoint as the route group declares it: path, schemas from the contract, responses.
 * The route is registered from it (`app.route(endpoint(spec, handler))`) and the OpenAPI
 * document is generated from the specs of the routes actually registered, so the document
 * cannot list an endpoint that is not served or miss one that is.
 */
export type ResponseBody = 'json' | 'none' | 'text' | 'html' | 'csv-or-json' | 'xls' | 'zip';

export interface EndpointSpec {
  method: 'get' | 'post';
  /** Path under /api/v{version}; without its leading slash it is the endpoint's licence name. */
  path: string;
  summary: string;
  /**
   * Request fields (multipart/form-data on POST, query on GET): Fastify validates them with a
   * validator compiled from these schemas (validation.ts) and the handler reads the result.
   */
  request?: z.ZodType | readonly z.ZodType[];
  /** Fills fields implied by others before validation (e.g. `schema=plaid` implies `accounttype`). */
  prepareFields?: (fields: Record<string, string>) => void;
  /** File parts the request may carry (multipart). */
  files?: readonly string[];
  ok: { status: number; body: ResponseBody; schema?: z.ZodType; description: string };
  extra?: ReadonlyArray<{ status: number; description: string; schema?: z.ZodType }>;
  /** 'bearer' (default): session token + Svc-Product; 'basic': /authenticate; 'none': public (signed links). */
  auth?: 'bearer' | 'basic' | 'none';
  /** Feature the operator must enable (403 off, 501 without a provider). */
  feature?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The endpoint's declaration, read by the OpenAPI document. */
    spec?: EndpointSpec;
  }
}

/** The endpoint's licence name, e.g. 'getapps', 'scorecard/signedUrl'. */
export const endpointName = (spec: EndpointSpec): string => spec.path.replace(/^\//, '');

/** Endpoints that declare file parts (uploads, the zip's logo) get the upload body limit; others config maxFormBytes. */
export function takesFiles(config: { spec?: EndpointSpec } | undefined): boolean {
  return (config?.spec?.files?.length ?? 0) > 0;
}
