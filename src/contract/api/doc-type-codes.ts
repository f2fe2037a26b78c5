/** `detectedDocType` / `processedDocType` codes of file_status by document kind (kept apart from the zod schemas so the engine loads no zod). */
export const DOC_TYPE_CODES: Record<string, number> = {
  'Bank Statement': 0, 'Credit Card Statement': 2, 'Application': 4, 'Investment Statement': 5, 'Tax Form': 1,
};
