import type { FileStatus } from '../../contract/api/file-status.js';
import type { MailMessage } from './smtp.js';

/**
 * The completion notification sent to the `email` of a conversion request: which files were
 * converted, whether each reconciled, and how to fetch the results. It carries no figures of
 * the applicant (no balances, names or numbers), since mail leaves the service unencrypted.
 */
export function conversionCompletedMail(to: string, appnumber: string, appid: number, items: FileStatus[]): MailMessage {
  const byFile = new Map<string, { fail: boolean; reconciled: boolean; statements: number; resfile: string }>();
  for (const i of items) {
    const f = byFile.get(i.fileName) ?? { fail: false, reconciled: true, statements: 0, resfile: i.resfile };
    f.fail ||= i.fail;
    f.reconciled &&= i.reconciled;
    if (!i.fail) f.statements++;
    byFile.set(i.fileName, f);
  }
  const lines = [...byFile.entries()].map(([name, f]) =>
    `- ${name}: ${f.fail ? 'could not be converted' : `${f.statements} statement(s), ${f.reconciled ? 'reconciled' : 'not all reconciled'}`} (resfile ${f.resfile})`);
  const failed = [...byFile.values()].filter((f) => f.fail).length;
  return {
    to,
    subject: `Conversion completed: application ${appnumber}${failed ? ` (${failed} file(s) failed)` : ''}`,
    text: [
      `The conversion of ${byFile.size} file(s) for application ${appnumber} (appid ${appid}) has completed.`, '',
      ...lines, '',
      'Fetch the results with /getresults (appid) or /checkprogress (resfile).',
    ].join('\n'),
  };
}
