import { readFileSync } from 'node:fs';
import { DEFAULT_CONFIG, resolveConfig, type ServiceConfigInput } from './config.js';

/** Keys an operator may set in a config file (every ServiceConfig setting). */
const KNOWN = new Set<string>([...Object.keys(DEFAULT_CONFIG), 'publicUrl', 'allowPrivateWebhooks', 'webhookRetry', 'providers', 'mail', 'signedPageFrameAncestors', 'prequalify', 'store', 'briefcase']);

/**
 * Reads an operator's JSON config file for `ledgerdrop serve --config FILE`: an object whose
 * keys are ServiceConfig settings (limits, token lifetime, providers …). Unknown keys and
 * values of the wrong kind are refused with a message naming them, so a typo never leaves a
 * limit silently at its default.
 */
export function readConfigFile(file: string): ServiceConfigInput {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`cannot read config file ${file} (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new Error(`config file ${file} is not valid JSON (${(err as Error).message})`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`config file ${file} must hold a JSON object`);
  const config = parsed as Record<string, unknown>;
  for (const [key, value] of Object.entries(config)) {
    if (!KNOWN.has(key)) throw new Error(`config file ${file}: unknown setting "${key}" (known: ${[...KNOWN].sort().join(', ')})`);
    const expected = typeof (DEFAULT_CONFIG as unknown as Record<string, unknown>)[key];
    if (expected !== 'undefined' && typeof value !== expected) throw new Error(`config file ${file}: "${key}" must be a ${expected}`);
  }
  resolveConfig(config as ServiceConfigInput); // range checks, same messages as startService
  return config as ServiceConfigInput;
}
