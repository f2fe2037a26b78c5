import type { StoredFileStatus } from '../../contract/ipc.js';

/**
 * The fraud reasons of an application's files that point at a place on a page (a page and a
 * box in PDF points from the page's top-left corner), one entry per file and reason with all
 * its boxes grouped by page. Reasons between documents (other files, other applications) name
 * no place and are read in the checks instead.
 */
export interface PageEvidence {
  jobId: number;
  fileName: string;
  fraudscore: number;
  reason: string;
  page: number;
  boxes: [number, number, number, number][];
}

export function pageEvidence(fileStatus: StoredFileStatus[]): PageEvidence[] {
  const out: PageEvidence[] = [];
  const seen = new Set<string>();
  for (const f of fileStatus) {
    const reasons = f.tpreasons ?? [];
    reasons.forEach((reason, i) => {
      const byPage = new Map<number, [number, number, number, number][]>();
      for (const e of f.tpevidence?.[i] ?? []) {
        // Evidence in another file is that file's: only this file's own places are drawn.
        if (!e.page || !e.box || (e.file && e.file !== f.fileName)) continue;
        byPage.set(e.page, [...(byPage.get(e.page) ?? []), e.box]);
      }
      for (const [page, boxes] of byPage) {
        // A file with several statements repeats its file-wide reasons on each: shown once.
        const key = `${f.jobId}|${reason}|${page}`;
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({ jobId: f.jobId, fileName: f.fileName, fraudscore: f.fraudscore ?? 100, reason, page, boxes });
      }
    });
  }
  return out.sort((a, b) => a.fraudscore - b.fraudscore);
}

/** A box in PDF points (top-left origin) as CSS pixels over a page drawn at `scale` pixels per point, with `pad` pixels around it. */
export function boxOnImage(box: [number, number, number, number], scale: number, pad = 2): { left: number; top: number; width: number; height: number } {
  const [x, y, w, h] = box;
  return { left: x * scale - pad, top: y * scale - pad, width: w * scale + 2 * pad, height: h * scale + 2 * pad };
}
