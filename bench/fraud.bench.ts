import { makeLongStatement } from '../test/fixtures/generator/index.js';
import { convertDocument } from '../src/engine/index.js';
import { reconcile } from '../src/engine/statement/reconcile.js';
import { ConversionOptionsSchema } from '../src/contract/api/conversion-options.js';
import { analyzeFile, scoreStatement } from '../src/service/fraud/index.js';
import { readPdfStructure } from '../src/service/fraud/pdf-structure.js';
import { extractedText } from '../src/engine/pdf/index.js';
import { extractPdf } from '../src/engine/pdf/extract.js';
import { closeEngines } from '../src/engine/ocr/tesseract.js';
import { letterheads } from '../src/service/fraud/letterhead.js';
import { imageLetterhead } from '../src/service/fraud/letterhead-image.js';
import { pageLines } from '../src/service/fraud/page-lines.js';
import { editContentStrings, findItem } from '../test/fraud/edit-pdf.js';
import { drawLogoImage, logoPng } from '../test/fraud/logo-image.js';

/** CPU ms of this process (all its threads): the machine is shared, so wall time would follow its load. */
const cpuMs = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1000; };
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** Rounds measured after one unmeasured round: a service's worker converts file after file, so its code is compiled. */
const ROUNDS = 5;

/** Fraud score cost beside the conversion it follows, on a generated 50-page statement (CPU time). */
export async function run(): Promise<void> {
  const options = ConversionOptionsSchema.parse({});
  const cases = [
    { name: 'chase', pdf: await makeLongStatement({ seed: 7, layout: 'chase', pages: 50 }) },
    { name: 'wellsfargo', pdf: await makeLongStatement({ seed: 7, layout: 'wellsfargo', pages: 50 }) },
  ];
  // Real statements print their logo as a picture: the same Chase statement, its page-1 logo text
  // replaced by a picture of the name, which the letterhead check then reads by OCR.
  const chase = cases[0]!.pdf;
  const logo = await findItem(chase.bytes, 'CHASE');
  const noText = await editContentStrings(chase.bytes, [{ page: 1, y: logo.item.y, from: 'CHASE', to: ' ', x: logo.item.x }], 'rewrite');
  const pictured = await drawLogoImage(noText, logoPng('CHASE'), { page: 1, x: logo.item.x, y: logo.item.y - 22, w: 128, h: 28 });
  cases.push({ name: 'chase, no logo', pdf: { ...chase, bytes: noText } }, { name: 'chase, logo as a picture', pdf: { ...chase, bytes: pictured } });
  for (const { name: layout, pdf } of cases) {
    const conv: number[] = [], fraud: number[] = [], structure: number[] = [];
    let score = 0, cold = 0;
    for (let i = 0; i <= ROUNDS; i++) {
      let t = cpuMs();
      const doc = await convertDocument({ fileName: 'long.pdf', bytes: pdf.bytes, options });
      const c = cpuMs() - t;
      t = cpuMs();
      // As the conversion worker does: the detectors read the text the engine already extracted.
      const file = await analyzeFile(pdf.bytes, 'long.pdf', doc, options, extractedText(doc)?.pages);
      const s = doc.statements[0]!;
      score = scoreStatement(file ?? { file: [], statements: [] }, s, doc.statements, reconcile(s, 0), { appnumbers: [] }).fraudscore;
      const f = cpuMs() - t;
      t = cpuMs();
      readPdfStructure(pdf.bytes);
      const b = cpuMs() - t;
      if (i === 0) { cold = f; continue; }
      conv.push(c); fraud.push(f); structure.push(b);
    }
    const pages = pdf.pageCount;
    console.log(`  ${layout} ${pages} pages: conversion ${(median(conv) / pages).toFixed(1)} CPU ms/page, fraud score ${(median(fraud) / pages).toFixed(2)} ms/page`
      + ` (${((median(fraud) / median(conv)) * 100).toFixed(1)} % of the conversion, median of ${ROUNDS}; first round ${cold.toFixed(0)} ms; text reused from the conversion),`
      + ` bytes scan ${median(structure).toFixed(1)} ms per file, score ${score}`);
  }
  // The logo check's own cost, alone: open the PDF, place page 1's images, and (with a picture) render its box and OCR it.
  const below = await drawLogoImage(noText, logoPng('CHASE'), { page: 1, x: logo.item.x, y: 700, w: 128, h: 28 });
  for (const [what, bytes] of [['no image object in the file', noText], ['a picture below the top band', below], ['logo picture read by OCR', pictured]] as const) {
    const text = (await extractPdf(bytes, 'logo.pdf')).pages;
    const heads = letterheads(text, pageLines(text));
    const logoCpu: number[] = [];
    let read = '';
    for (let i = 0; i <= ROUNDS; i++) {
      const t = cpuMs();
      read = (await imageLetterhead(bytes, text, heads))?.text ?? '(none)';
      if (i > 0) logoCpu.push(cpuMs() - t);
    }
    console.log(`  page 1 without a text letterhead, ${what}: ${median(logoCpu).toFixed(0)} CPU ms per document for the logo check, median of ${ROUNDS}, read "${read}"`);
  }
  await closeEngines();
}
