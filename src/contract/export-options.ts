import { z } from 'zod';
import { formBoolean, formInt } from './api/form-fields.js';

/**
 * The options of the watermarked-zip export, one vocabulary for every side: the service's
 * /ziparchive form fields, the desktop's `export:preview` / `export:zip` channels, the export
 * dialog's form and the export module that checks them in depth (logo bytes, URL, tokens).
 */
export const FILENAME_TOKENS = ['<account_number_last_4>', '<date>', '<month_text>', '<year>', '<month_num>'] as const;

export const EXPORT_LIMITS = { filenamePattern: 200, text: 120, watermarkUrl: 500, logoBase64: 4_200_000 } as const;

/** The text and switch options (everything but the logo), as the dialog and the API name them. */
export const ExportTextOptions = z.object({
  filenamePattern: z.string().max(EXPORT_LIMITS.filenamePattern).optional().describe(`tokens ${FILENAME_TOKENS.join(', ')}`),
  watermarkText: z.string().max(EXPORT_LIMITS.text).optional(),
  watermarkIdText: z.string().max(EXPORT_LIMITS.text).optional(),
  watermarkUrl: z.string().max(EXPORT_LIMITS.watermarkUrl).optional().describe('http(s) URL the watermark links to'),
  watermarkIsFlatten: z.boolean().optional(),
});
export type ExportTextOptions = z.infer<typeof ExportTextOptions>;

/** Over IPC the logo travels as base64 (PNG, JPG or GIF, ≤ 3 MB decoded). */
export const ExportOptions = ExportTextOptions.extend({
  watermarkLogo: z.object({ base64: z.string().max(EXPORT_LIMITS.logoBase64) }).optional(),
}).strict();
export type ExportOptions = z.infer<typeof ExportOptions>;

const formText = (max: number) => z.string().max(max, `must be at most ${max} characters`).optional();

/**
 * Over HTTP (/ziparchive) the options arrive as form text and the logo is a file part or a
 * data: URL. The export module checks them in depth (tokens, URL, image) after these bounds.
 */
export const ZipArchiveFields = z.object({
  appid: formInt.pipe(z.number().int().min(1, 'must be a positive integer')),
  filenamePattern: formText(EXPORT_LIMITS.filenamePattern).describe(`tokens ${FILENAME_TOKENS.join(', ')}`),
  watermarkText: formText(EXPORT_LIMITS.text),
  watermarkIdText: formText(EXPORT_LIMITS.text),
  watermarkUrl: formText(EXPORT_LIMITS.watermarkUrl).describe('http(s) URL the watermark links to'),
  watermarkIsFlatten: formBoolean.optional(),
  watermarkLogo: z.string().optional().describe('PNG, JPG or GIF as a file part or a data: URL; square, ≤ 1200 px a side, ≤ 3 MB'),
});

/** The dialog's editable form (also kept as presets in the settings): every text option present, empty = not set. */
export const ExportFormSchema = ExportTextOptions.required().strict();
export type ExportForm = z.infer<typeof ExportFormSchema>;
export const EMPTY_EXPORT_FORM: ExportForm = { filenamePattern: '', watermarkText: '', watermarkIdText: '', watermarkUrl: '', watermarkIsFlatten: false };
