/** Watermarked zip export, shared by the service's /ziparchive and the desktop's local export. */
export * from './types.js';
export { parseZipOptions, type ZipFields } from './options.js';
export { checkLogo, decodeDataUrl, LOGO_LIMITS } from './logo.js';
export { FILENAME_TOKENS, sanitizeFileName, zipEntryNames, applyPattern } from './filename.js';
export { writeZipArchive, exportZipToFile } from './zip.js';
export { previewFileNames, renderWatermarkPreview } from './preview.js';
