import type { FormatConverter } from './engine.js';
import { mtjsonConverter } from './formats/mtjson.js';
import { plaidConverter } from './formats/plaid.js';
import { ofxConverter } from './formats/ofx.js';
import { csvConverter } from './formats/csv.js';
import { pdfConverter } from './pdf/index.js';
import { imageConverter } from './ocr/image-converter.js';

/**
 * Every format the engine reads, in the order they are asked. The first converter whose
 * `accepts` is true converts the file. Explicit `accounttype` values (MTJson, Plaid) are
 * checked by the converters themselves, so order only matters for content sniffing.
 * Add a converter here; routes and the worker never change.
 */
export const converters: FormatConverter[] = [
  mtjsonConverter,
  plaidConverter,
  imageConverter,
  ofxConverter,
  csvConverter,
  pdfConverter,
];
