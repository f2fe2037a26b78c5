import { z } from 'zod';

/**
 * Form-data and query values arrive as strings. These coercing schemas accept the string
 * spellings clients send and reject anything else with a message naming the expected kind.
 */
export const formBoolean = z.preprocess((v) => {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string') {
    const s = v.trim().toLowerCase();
    if (['true', '1', 'yes', 'on'].includes(s)) return true;
    if (['false', '0', 'no', 'off', ''].includes(s)) return false;
  }
  return v;
}, z.boolean({ error: 'must be true or false' }));

export const formInt = z.preprocess((v) => {
  if (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v)) return Number(v);
  return v;
}, z.number({ error: 'must be an integer' }).int({ error: 'must be an integer' }));

export const formNumber = z.preprocess((v) => {
  if (typeof v === 'string' && /^\s*-?(\d+\.?\d*|\.\d+)\s*$/.test(v)) return Number(v);
  return v;
}, z.number({ error: 'must be a number' }).refine(Number.isFinite, 'must be a finite number'));
