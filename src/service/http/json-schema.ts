import { z } from 'zod';

/**
 * JSON Schema of a contract schema, as the OpenAPI document shows it and as Fastify compiles
 * the routes' response serializers from it (endpoint.ts).
 */
type Json = Record<string, unknown>;

export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const s = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
  delete s.$schema;
  return stripSafeIntegerBounds(s) as Json;
}

/** zod writes ±(2^53 − 1) bounds on every integer; they say nothing, so they are dropped. */
function stripSafeIntegerBounds(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(stripSafeIntegerBounds);
  if (!v || typeof v !== 'object') return v;
  const out: Json = {};
  for (const [k, x] of Object.entries(v as Json)) {
    if ((k === 'minimum' || k === 'maximum') && Math.abs(x as number) === Number.MAX_SAFE_INTEGER) continue;
    out[k] = stripSafeIntegerBounds(x);
  }
  return out;
}

/**
 * For the response serializer: every object keeps the properties the contract does not name
 * (fast-json-stringify would drop them silently), so an answer is never cut to its schema.
 */
export function openObjects(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(openObjects);
  if (!v || typeof v !== 'object') return v;
  const out: Json = {};
  for (const [k, x] of Object.entries(v as Json)) out[k] = k === 'additionalProperties' && x === false ? true : openObjects(x);
  if (out.type === 'object' && out.additionalProperties === undefined) out.additionalProperties = true;
  return out;
}
