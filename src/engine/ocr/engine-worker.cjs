'use strict';
/**
 * The thread of one OCR engine (./tesseract.ts): tesseract.js's own worker script (its node
 * entry, tesseract.js/src/worker-script/node/index.js, as it is), with one more answer to a
 * recognition: asked with `output.ledgerdropWords`, the page is recognised as tesseract.js
 * recognises it (its setImage, then Recognize) and only the words come back — each word's text,
 * confidence and box, each line's box and baseline, read from the engine's result iterator.
 *
 * Why: tesseract.js's only output with the lines' baselines is its JSON of blocks (hOCR rounds
 * the slope to 3 decimals, TSV has none), and that JSON holds every letter with its box and its
 * choices: the engine wrote ~0.28 MB of it a page and this thread parsed it, ~0.08 CPU s of a
 * 300-dpi page (1.42 → 1.34 s, the recognition's own work unchanged). The words are the JSON's:
 * the same iterator, the confidence cut to a whole number as the JSON prints it
 * (test/convert/ocr-engine-words.test.ts reads pages both ways).
 *
 * Also: tesseract.js posts a progress message to the caller for every step of a recognition
 * (~120 a page), and ./tesseract.ts listens to none; the engine is started with a progress
 * callback that does nothing.
 */
const { parentPort } = require('node:worker_threads');
const worker = require('tesseract.js/src/worker-script');
const getCore = require('tesseract.js/src/worker-script/node/getCore');
const gunzip = require('tesseract.js/src/worker-script/node/gunzip');
const cache = require('tesseract.js/src/worker-script/node/cache');
const setImage = require('tesseract.js/src/worker-script/utils/setImage');

/** The engine's module and its one API object, caught as tesseract.js makes them (getCore below). */
let core = null;
let api = null;

/** Tesseract's page iterator levels. */
const RIL_TEXTLINE = 2;
const RIL_WORD = 3;

/** A NUL-terminated UTF-8 string in the engine's memory, read and freed (the iterator hands over a copy the caller owns). */
function takeString(ptr) {
  if (!ptr) return '';
  const bytes = [];
  for (let at = ptr; ; at++) {
    const c = core.getValue(at, 'i8') & 255;
    if (c === 0) break;
    bytes.push(c);
  }
  core._free(ptr);
  return Buffer.from(bytes).toString('utf8');
}

/**
 * The words of one recognition: `text`, `conf` (whole numbers, as the JSON of blocks prints
 * them), `box` (x0 y0 x1 y1 a word) and `lines` (for each line: the index of its first word,
 * its box, 1 or 0 for a baseline found, the baseline's x0 y0 x1 y1), in the engine's reading
 * order — the JSON's blocks, paragraphs, lines and words in the order it lists them.
 */
function recognizeWords(image) {
  setImage(core, api, image, 0);
  api.Recognize(null);
  const text = [], conf = [], box = [], lines = [];
  const ints = core._malloc(16);
  const four = () => [core.getValue(ints, 'i32'), core.getValue(ints + 4, 'i32'), core.getValue(ints + 8, 'i32'), core.getValue(ints + 12, 'i32')];
  const it = api.GetIterator();
  try {
    if (!it) return { text, conf, box, lines };
    it.Begin();
    if (it.Empty(RIL_WORD)) return { text, conf, box, lines };
    const itPtr = core.getPointer(it);
    do {
      if (it.IsAtBeginningOf(RIL_TEXTLINE)) {
        it.BoundingBox(RIL_TEXTLINE, ints, ints + 4, ints + 8, ints + 12);
        const lineBox = four();
        const hasBaseline = it.Baseline(RIL_TEXTLINE, ints, ints + 4, ints + 8, ints + 12);
        lines.push(text.length, ...lineBox, hasBaseline ? 1 : 0, ...(hasBaseline ? four() : [0, 0, 0, 0]));
      }
      if (it.Empty(RIL_WORD)) continue;
      it.BoundingBox(RIL_WORD, ints, ints + 4, ints + 8, ints + 12);
      box.push(...four());
      conf.push(Math.trunc(it.Confidence(RIL_WORD)));
      // The glue's GetUTF8Text would copy the string and leak the engine's copy: the raw call, then free.
      text.push(takeString(core._emscripten_bind_ResultIterator_GetUTF8Text_1(itPtr, RIL_WORD)));
    } while (it.Next(RIL_WORD));
    return { text, conf, box, lines };
  } finally {
    core._free(ints);
    if (it) core.destroy(it);
  }
}

parentPort.on('message', (packet) => {
  if (packet.action === 'recognize' && packet.payload && packet.payload.output && packet.payload.output.ledgerdropWords) {
    const reply = { jobId: packet.jobId, workerId: packet.workerId, action: packet.action };
    try {
      parentPort.postMessage({ ...reply, status: 'resolve', data: recognizeWords(packet.payload.image) });
    } catch (err) {
      parentPort.postMessage({ ...reply, status: 'reject', data: String(err) });
    }
    return;
  }
  worker.dispatchHandlers(packet, (obj) => parentPort.postMessage(obj));
});

worker.setAdapter({
  getCore: async (oem, corePath, res) => {
    const Core = await getCore(oem, corePath, res);
    return (options) => Core({ ...options, TesseractProgress() {} }).then((m) => {
      core = m;
      const Api = m.TessBaseAPI;
      // tesseract.js makes its API object with `new TessModule.TessBaseAPI()` (and again on a re-initialise): kept here as made.
      m.TessBaseAPI = function TessBaseAPI() {
        api = new Api();
        return api;
      };
      return m;
    });
  },
  gunzip,
  fetch: global.fetch,
  ...cache,
});
