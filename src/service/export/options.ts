import { checkLogo, decodeDataUrl } from './logo.js';
import { unknownTokens } from './filename.js';
import { ExportInputError, type ZipOptions } from './types.js';
import { EXPORT_LIMITS, FILENAME_TOKENS } from '../../contract/export-options.js';

/** Raw /ziparchive fields: strings from the form, or bytes for an uploaded logo file. */
export type ZipFields = Record<string, string | Uint8Array | undefined>;

const MAX_TEXT: number = EXPORT_LIMITS.text;

function text(fields: ZipFields, name: string, max = MAX_TEXT): string | undefined {
  const v = fields[name];
  if (v === undefined || v === '') return undefined;
  if (typeof v !== 'string') throw new ExportInputError(name, 'must be text');
  if (v.length > max) throw new ExportInputError(name, `must be at most ${max} characters`);
  if (/[\u0000-\u001f]/.test(v)) throw new ExportInputError(name, 'must not contain control characters');
  return v;
}

function bool(fields: ZipFields, name: string): boolean {
  const v = fields[name];
  if (v === undefined || v === '') return false;
  if (typeof v !== 'string') throw new ExportInputError(name, 'must be true or false');
  const s = v.trim().toLowerCase();
  if (['true', '1', 'yes'].includes(s)) return true;
  if (['false', '0', 'no'].includes(s)) return false;
  throw new ExportInputError(name, 'must be true or false');
}

/** Validates the /ziparchive fields (other than appid) into ZipOptions; errors name the field. */
export async function parseZipOptions(fields: ZipFields): Promise<ZipOptions & { warnings: string[] }> {
  const options: ZipOptions & { warnings: string[] } = { warnings: [] };
  const pattern = text(fields, 'filenamePattern', EXPORT_LIMITS.filenamePattern);
  if (pattern !== undefined) {
    const unknown = unknownTokens(pattern);
    if (unknown.length) throw new ExportInputError('filenamePattern', `unknown token ${unknown.join(', ')}; tokens are ${FILENAME_TOKENS.join(', ')}`);
    options.filenamePattern = pattern;
  }
  options.watermarkText = text(fields, 'watermarkText');
  options.watermarkIdText = text(fields, 'watermarkIdText');
  const url = text(fields, 'watermarkUrl', EXPORT_LIMITS.watermarkUrl);
  if (url !== undefined) {
    let parsed: URL;
    try { parsed = new URL(url); } catch { throw new ExportInputError('watermarkUrl', 'must be an absolute http(s) URL'); }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new ExportInputError('watermarkUrl', 'must be an http(s) URL');
    options.watermarkUrl = parsed.href;
  }
  options.watermarkIsFlatten = bool(fields, 'watermarkIsFlatten');
  const logo = fields.watermarkLogo;
  if (logo !== undefined && !(typeof logo === 'string' && logo === '')) {
    const bytes = typeof logo === 'string' ? decodeDataUrl(logo) : logo;
    const checked = await checkLogo(bytes);
    options.watermarkLogo = checked.logo;
    options.warnings.push(...checked.warnings);
  }
  return options;
}
