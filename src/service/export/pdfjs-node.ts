// Rendering opens PDFs the same way as the engine's OCR does: one place for pdf.js's options.
export { openPdf } from '../../engine/pdf/open-pdf.js';
