/**
 * What to do about a failed file, by what its error says. First match wins; the wording is for
 * an underwriter, not a developer. Kept as a table so new errors get advice without new code.
 */
export const ERROR_ADVICE: { match: RegExp; advice: string }[] = [
  { match: /\b413\b|too large|size limit|exceeds/i, advice: 'The file is over the service’s size limit: ask for the statement split by month, then add the parts.' },
  { match: /password|encrypt/i, advice: 'The PDF is password-protected: ask the applicant for an unlocked copy.' },
  { match: /unsupported file type|not a pdf|not a statement|no statement|could not (?:read|find)|unreadable|image only|scanned/i, advice: 'The service could not read a statement in this file: open the original to check it is the bank’s own statement (not a screenshot or another document), and ask for the bank’s PDF download if not.' },
  { match: /\b429\b|duplicate|already (?:converted|uploaded)/i, advice: 'The same file was already sent: remove this copy.' },
  { match: /\b402\b|no conversions remaining/i, advice: 'The account has no conversions left: top it up, then Retry.' },
  { match: /\b40[13]\b|credential|licen[cs]e|product/i, advice: 'The service refused the connection’s credentials: fix them in Settings → Connections, then Retry.' },
  { match: /ECONNREFUSED|ENOTFOUND|ETIMEDOUT|unreachable|network|timed? ?out|\b50\d\b/i, advice: 'The service could not be reached or failed: files retry by themselves; use Retry once it is back.' },
  { match: /cancel/i, advice: 'The upload was cancelled: Retry to send it again, or Remove it.' },
];

export const DEFAULT_ADVICE = 'Retry; if it fails again, open the original to check the file, or remove it from the application.';

export function adviceFor(error: string): string {
  return ERROR_ADVICE.find((a) => a.match.test(error))?.advice ?? DEFAULT_ADVICE;
}
