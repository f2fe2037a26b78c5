import { makeLongStatement } from '../test/fixtures/generator/index.js';
import { convertDocument } from '../src/engine/index.js';
import { reconcile } from '../src/engine/statement/reconcile.js';
import { ConversionOptionsSchema } from '../src/contract/api/conversion-options.js';
import { analyzeFile, scoreStatement } from '../src/service/fraud/index.js';
import { readPdfStructure } from '../src/service/fraud/pdf-structure.js';
import { extractedText } from '../src/engine/pdf/index.js';

/** CPU ms of this process (all its threads): the machine is shared, so wall time would follow its load. */
const cpuMs = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1000; };
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
/** Rounds measured after one unmeasured round: a service's worker converts file after file, so its code is compiled. */
const ROUNDS = 5;

/** Fraud score cost beside the conversion it follows, on a generated 50-page statement (CPU time). */
export async function run(): Promise<void> {
  const options = ConversionOptionsSchema.parse({});
  for (const layout of ['chase', 'wellsfargo'] as const) {
    const pdf = await makeLongStatement({ seed: 7, layout, pages: 50 });
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
}
