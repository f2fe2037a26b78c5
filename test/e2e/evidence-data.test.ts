import { describe, expect, it } from 'vitest';
import { boxOnImage, pageEvidence } from '../../src/renderer/data/evidence.js';
import type { StoredFileStatus } from '../../src/contract/ipc.js';
import { errorFileStatus } from '../../src/engine/statement/file-status.js';

/** A stored file_status item: the service's own empty item with the fields a test names. */
function item(fields: Partial<StoredFileStatus> & { jobId: number }): StoredFileStatus {
  const base = errorFileStatus({ fileName: 'f.pdf', fileConversionId: 1, resfile: 'r', statementid: null, tid: '', trackingId: '', remaining: 0, numInLast3Days: 0, webhook: '' }, '');
  delete base.error;
  return { ...base, numTransactions: 0, ...fields };
}

describe('fraud evidence the window can draw', () => {
  it('places on pages of the file itself, grouped by page, once per file and reason, lowest score first', () => {
    const white = 'White box drawn over printed text on page 1';
    const chain = 'Opening balance differs from the closing balance of the statement before';
    const a = item({ jobId: 1, fileName: 'jan.pdf', fraudscore: 40, tpreasons: [white, chain], tpevidence: [
      [{ page: 1, box: [10, 20, 30, 12] }, { page: 1, box: [10, 40, 30, 12] }, { page: 2, box: [5, 5, 5, 5] }],
      [{ file: 'jan.pdf' }, { file: 'dec.pdf' }],
    ] });
    const again = { ...a, statementid: 2 }; // a second statement of the same file repeats file-wide reasons
    const b = item({ jobId: 2, fileName: 'feb.pdf', fraudscore: 75, tpreasons: ['Look-alike'], tpevidence: [[{ file: 'other.pdf', page: 1, box: [1, 1, 1, 1] }, { page: 3, box: [1, 2, 3, 4] }]] });
    const clean = item({ jobId: 3, fileName: 'mar.pdf', fraudscore: 100, tpreasons: [], tpevidence: [] });
    expect(pageEvidence([b, a, again, clean])).toEqual([
      { jobId: 1, fileName: 'jan.pdf', fraudscore: 40, reason: white, page: 1, boxes: [[10, 20, 30, 12], [10, 40, 30, 12]] },
      { jobId: 1, fileName: 'jan.pdf', fraudscore: 40, reason: white, page: 2, boxes: [[5, 5, 5, 5]] },
      { jobId: 2, fileName: 'feb.pdf', fraudscore: 75, reason: 'Look-alike', page: 3, boxes: [[1, 2, 3, 4]] },
    ]);
  });

  it('a box in points becomes pixels at the drawing scale, padded', () => {
    expect(boxOnImage([100, 200, 40, 10], 1.5)).toEqual({ left: 148, top: 298, width: 64, height: 19 });
  });
});
