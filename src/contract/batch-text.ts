/**
 * What a finished batch says, in the window's toast and in the desktop notification alike:
 * "ACME-1: 3 of 4 files converted, 1 failed".
 */
export function batchFinishedText(b: { appnumber: string; files: number; converted: number; failed: number; cancelled: number }): string {
  const parts = [`${b.converted} of ${b.files} file${b.files === 1 ? '' : 's'} converted`];
  if (b.failed) parts.push(`${b.failed} failed`);
  if (b.cancelled) parts.push(`${b.cancelled} cancelled`);
  return `${b.appnumber}: ${parts.join(', ')}`;
}
