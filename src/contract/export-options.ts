import { z } from 'zod';

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

/** Over HTTP (/ziparchive) the logo is a file part or a data: URL. */
export const ZipArchiveFields = ExportTextOptions.extend({
  appid: z.number().int().min(1),
  watermarkLogo: z.string().optional().describe('PNG, JPG or GIF as a file part or a data: URL; square, ≤ 1200 px a side, ≤ 3 MB'),
});

/** The dialog's editable form (also kept as presets in the settings): every text option present, empty = not set. */
export const ExportFormSchema = ExportTextOptions.required().strict();
export type ExportForm = z.infer<typeof ExportFormSchema>;
export const EMPTY_EXPORT_FORM: ExportForm = { filenamePattern: '', watermarkText: '', watermarkIdText: '', watermarkUrl: '', watermarkIsFlatten: false };
