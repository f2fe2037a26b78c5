import type { RouteHandlerMethod, RouteOptions } from 'fastify';
import { endpointName, type EndpointSpec } from './endpoint-spec.js';
import { readFieldsHook, zodFieldsCompiler } from './validation.js';
import { jsonSchema, openObjects } from './json-schema.js';

export { endpointName, takesFiles, type EndpointSpec, type ResponseBody } from './endpoint-spec.js';

/**
 * A route from its declaration: `app.route(endpoint(spec, handler))`. The OpenAPI document is
 * generated from the specs of the routes actually registered, and Fastify validates the
 * request fields with a validator compiled from the same schemas (validation.ts).
 */
export function endpoint(spec: EndpointSpec, handler: RouteHandlerMethod): RouteOptions {
  const route: RouteOptions = {
    method: spec.method === 'get' ? 'GET' : 'POST',
    url: spec.path,
    config: { endpoint: endpointName(spec), ...(spec.auth && spec.auth !== 'bearer' ? { auth: spec.auth } : {}), spec },
    handler,
  };
  // JSON answers with a contract schema are serialised by Fastify with a serializer compiled
  // from it (fast-json-stringify). Answers built as JSON bytes (results/results-bytes.ts) and
  // other statuses without a schema go out as they are.
  const response: Record<number, unknown> = {};
  if (spec.ok.schema && spec.ok.body === 'json') response[spec.ok.status] = openObjects(jsonSchema(spec.ok.schema, 'output'));
  for (const x of spec.extra ?? []) if (x.schema) response[x.status] = openObjects(jsonSchema(x.schema, 'output'));
  if (Object.keys(response).length) route.schema = { response };
  if (spec.request) {
    // Fastify compiles the validator once, at registration, from the contract's schemas.
    route.schema = { ...route.schema, ...(spec.method === 'get' ? { querystring: spec.request } : { body: spec.request }) };
    route.validatorCompiler = zodFieldsCompiler as RouteOptions['validatorCompiler'];
    route.preValidation = readFieldsHook(spec);
    route.attachValidation = true;
  }
  return route;
}
