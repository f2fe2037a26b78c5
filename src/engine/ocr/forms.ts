import type { ConvertInput } from '../engine.js';

/**
 * Whether a scan may be a form (an application or a tax form) whose boxes hide their values
 * from the OCR engine: asked for as one, or left to autoDetect. Statements sent as Bank or CCard
 * are read as they always were.
 */
export function formsMayBe(input: ConvertInput): boolean {
  const t = input.options.accounttype;
  return t === 'applicationForm' || t === 'taxform' || t === 'autoDetect';
}
