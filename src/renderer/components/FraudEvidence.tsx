import { useEffect, useRef, useState } from 'react';
import type { StoredFileStatus } from '../../contract/ipc.js';
import { useBridge } from '../bridge/context.js';
import { base64ToBytes } from '../data/bytes.js';
import { boxOnImage, pageEvidence, type PageEvidence } from '../data/evidence.js';

/** Pixels per PDF point the page is drawn at (about 108 dpi: amounts readable, a letter page ~920 px wide). */
const SCALE = 1.5;

/**
 * The fraud reasons that point at a place on a page, each with a button that draws the page
 * from the stored original with the place outlined: what the reviewer needs to judge a white
 * box, an amount in another font or a look-alike address without opening a PDF viewer.
 */
export function FraudEvidence({ fileStatus }: { fileStatus: StoredFileStatus[] }) {
  const items = pageEvidence(fileStatus);
  const [shown, setShown] = useState<PageEvidence | null>(null);
  if (!items.length) return null;
  return (
    <section className="fraud-evidence" aria-labelledby="evidence-h" data-testid="fraud-evidence">
      <h3 id="evidence-h">Where the fraud signals are</h3>
      <ul>
        {items.map((it) => (
          <li key={`${it.jobId}|${it.reason}|${it.page}`} data-file={it.fileName} data-page={it.page}>
            <span className="evidence-text"><strong>{it.fileName}</strong> (score {it.fraudscore}): {it.reason}</span>{' '}
            <button type="button" aria-pressed={shown === it} onClick={() => setShown(shown === it ? null : it)}>
              {shown === it ? 'Hide page' : `Show on page ${it.page}`}
            </button>
          </li>
        ))}
      </ul>
      {shown && <EvidencePage item={shown} />}
    </section>
  );
}

/** One page of the original drawn by pdf.js, with the evidence boxes outlined over it. */
function EvidencePage({ item }: { item: PageEvidence }) {
  const bridge = useBridge();
  const canvas = useRef<HTMLCanvasElement>(null);
  const firstBox = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<{ drawn: boolean; error?: string }>({ drawn: false });
  useEffect(() => {
    let live = true;
    setState({ drawn: false });
    (async () => {
      const original = await bridge.invoke('jobs:original', { id: item.jobId });
      // pdf.js loads only when a page is asked for: the window starts without it.
      const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      const doc = await pdfjs.getDocument({ data: base64ToBytes(original.base64), isEvalSupported: false }).promise;
      try {
        if (item.page > doc.numPages) throw new Error(`${item.fileName} has ${doc.numPages} page(s), not ${item.page}`);
        const page = await doc.getPage(item.page);
        const viewport = page.getViewport({ scale: SCALE });
        const c = canvas.current;
        if (!live || !c) return;
        c.width = Math.floor(viewport.width);
        c.height = Math.floor(viewport.height);
        c.style.width = `${c.width}px`;
        c.style.height = `${c.height}px`;
        await page.render({ canvas: c, viewport }).promise;
        if (live) setState({ drawn: true });
      } finally {
        await doc.destroy();
      }
    })().catch((e: Error) => { if (live) setState({ drawn: false, error: e.message }); });
    return () => { live = false; };
  }, [bridge, item]);
  // The place, not the page's top, is what the reviewer asked to see.
  useEffect(() => { if (state.drawn) firstBox.current?.scrollIntoView({ block: 'center', inline: 'nearest' }); }, [state.drawn]);
  return (
    <figure className="evidence-page" data-testid="evidence-page" data-drawn={state.drawn ? 'true' : 'false'}>
      <figcaption>{item.fileName}, page {item.page}: {item.reason}</figcaption>
      {state.error && <p className="error" role="alert">Could not draw the page: {state.error}</p>}
      <div className="evidence-sheet">
        <canvas ref={canvas} data-testid="evidence-canvas" data-scale={SCALE} />
        {state.drawn && item.boxes.map((b, i) => {
          const r = boxOnImage(b, SCALE);
          return <div key={i} ref={i === 0 ? firstBox : undefined} className="evidence-box" data-testid="evidence-box" data-box={b.join(',')} style={{ left: r.left, top: r.top, width: r.width, height: r.height }} />;
        })}
      </div>
    </figure>
  );
}
