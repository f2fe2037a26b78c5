/**
 * pdf.js (v5) decodes every FlateDecode stream (page content streams above all) through the
 * global `DecompressionStream('deflate')`. In Node that is a web-stream pair adapted onto a
 * zlib stream: per stream, the adapters, Node stream events and the zlib thread pool cost more
 * than the inflation itself — ~15 % of the CPU of a 50-page statement's text extraction
 * (bench/convert.bench.ts). While the engine reads a PDF, `DecompressionStream` is this class
 * instead: the same {readable, writable} pair for 'deflate' (a plain TransformStream), which
 * collects the input and inflates it in one synchronous zlib call when the input closes. Any
 * other format goes to Node's own class. A stream zlib cannot inflate errors its readable side
 * as Node's does, and pdf.js then falls back to its own JavaScript decoder, as before.
 * Nothing else in the project uses DecompressionStream; the swap lasts only while at least one
 * extraction is under way (counted, so overlapping extractions in one thread are fine).
 */
import { inflateSync } from 'node:zlib';
import { scanContent } from './content-scan.js';

/**
 * What the streams of one extraction may inflate to, and what their content may hold. The
 * first limit reached is kept in `hit` (the reader throws it at its next step); the stream that
 * reached it comes out empty, never in full: an error here would make pdf.js inflate the stream
 * again with its own decoder, without a cap.
 */
export interface InflateBudget {
  maxStreamBytes: number;
  maxDocumentBytes: number;
  maxOperators: number;
  maxNestingDepth: number;
  inflated: number;
  operators: number;
  hit: { limit: 'maxInflatedStreamBytes' | 'maxInflatedDocumentBytes' | 'maxOperators' | 'maxNestingDepth'; detail: string } | null;
  /**
   * Compressed streams known by their dictionaries to be no content (font programs, images,
   * metadata), by streamKey: pdf.js inflates fonts here too, and their bytes are not counted as
   * operators and nesting. A stream not found here is counted (an upper bound, as a limit needs).
   */
  notContent?: ReadonlySet<string>;
}

/** A compressed stream's identity among one file's streams: its length and its first and last bytes. */
export function streamKey(raw: Uint8Array): string {
  const n = raw.length;
  const hex = (a: number, b: number) => Buffer.from(raw.buffer, raw.byteOffset + a, Math.max(0, b - a)).toString('hex');
  return `${n}:${hex(0, Math.min(n, 16))}:${hex(Math.max(0, n - 16), n)}`;
}

export function inflateBudget(l: { maxInflatedStreamBytes: number; maxInflatedDocumentBytes: number; maxOperators: number; maxNestingDepth: number }): InflateBudget {
  return {
    maxStreamBytes: l.maxInflatedStreamBytes, maxDocumentBytes: l.maxInflatedDocumentBytes, maxOperators: l.maxOperators,
    maxNestingDepth: l.maxNestingDepth, inflated: 0, operators: 0, hit: null,
  };
}

const budgets = new Set<InflateBudget>();

/** Inflates within every active budget; null (and the budget's `hit` set) when a limit is reached. */
function inflateWithin(input: Uint8Array): Buffer | null {
  let cap = Infinity;
  for (const b of budgets) cap = Math.min(cap, b.maxStreamBytes, Math.max(0, b.maxDocumentBytes - b.inflated));
  let out: Buffer;
  try {
    // One byte over the cap tells "reached" from "exactly at"; zlib stops there, memory stays bounded.
    out = Number.isFinite(cap) ? inflateSync(input, { maxOutputLength: Math.max(1, cap + 1) }) : inflateSync(input);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ERR_BUFFER_TOO_LARGE') throw err;
    for (const b of budgets) if (!b.hit) b.hit = sizeHit(b);
    return null;
  }
  let over = false;
  let key: string | undefined;
  for (const b of budgets) {
    b.inflated += out.byteLength;
    if (!b.notContent?.size || !b.notContent.has(key ??= streamKey(input))) countContent(out, b);
    if (b.hit) over = true;
  }
  return over ? null : out;
}

/** The size cap an inflation over `b`'s cap reached: the document's when less of it is left than a stream may take. */
function sizeHit(b: InflateBudget): NonNullable<InflateBudget['hit']> {
  return b.maxDocumentBytes - b.inflated < b.maxStreamBytes
    ? { limit: 'maxInflatedDocumentBytes', detail: `its compressed streams inflate to more than ${b.maxDocumentBytes.toLocaleString('en-US')} bytes` }
    : { limit: 'maxInflatedStreamBytes', detail: `a compressed stream inflates to more than ${b.maxStreamBytes.toLocaleString('en-US')} bytes` };
}

// The web-stream names, spelled out so the engine compiles with Node's types alone (no DOM).
type BufferSource = ArrayBufferView | ArrayBuffer;
type CompressionFormat = 'deflate' | 'deflate-raw' | 'gzip';

/**
 * Node's own class, read at the first swap: reading the global at load would load Node's web
 * streams (~3 ms of every start) for a conversion the fast reader does without pdf.js.
 */
let NodeDecompressionStream: typeof DecompressionStream | undefined;

class WholeInflateStream {
  readonly readable!: ReadableStream<Uint8Array>;
  readonly writable!: WritableStream<BufferSource>;

  constructor(format: CompressionFormat) {
    if (format !== 'deflate') return new NodeDecompressionStream!(format) as unknown as WholeInflateStream;
    const parts: Uint8Array[] = [];
    const pair = new TransformStream<BufferSource, Uint8Array>({
      transform(chunk) {
        parts.push(ArrayBuffer.isView(chunk) ? new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength) : new Uint8Array(chunk));
      },
      flush(controller) {
        let out: Buffer | null;
        try {
          out = inflateWithin(parts.length === 1 ? parts[0]! : Buffer.concat(parts));
        } catch (err) {
          wholeInflateCounts.refused++;
          throw err;
        }
        if (!out) { wholeInflateCounts.overLimit++; return; } // empty: the reader stops on the budget's hit
        wholeInflateCounts.inflated++;
        controller.enqueue(new Uint8Array(out.buffer, out.byteOffset, out.byteLength));
      },
    });
    this.readable = pair.readable;
    this.writable = pair.writable;
  }
}

let users = 0;
/** Streams inflated here and streams zlib refused (pdf.js then decodes those itself): for the bench's notes and the tests. */
export const wholeInflateCounts = { inflated: 0, refused: 0, overLimit: 0 };

/**
 * Runs `fn` with DecompressionStream('deflate') inflating in one synchronous zlib call (see
 * above), within `budget` when given (overlapping extractions in one thread are each held to
 * the smallest cap of all: a stream cannot be told apart by the extraction it belongs to).
 */
export async function withWholeInflate<T>(fn: () => Promise<T>, budget?: InflateBudget): Promise<T> {
  if (users++ === 0) {
    NodeDecompressionStream ??= globalThis.DecompressionStream;
    globalThis.DecompressionStream = WholeInflateStream as unknown as typeof DecompressionStream;
  }
  if (budget) budgets.add(budget);
  try {
    return await fn();
  } finally {
    if (budget) budgets.delete(budget);
    if (--users === 0) globalThis.DecompressionStream = NodeDecompressionStream!;
  }
}

/** Whether the swap is in force (for tests). */
export function wholeInflateActive(): boolean {
  return globalThis.DecompressionStream === (WholeInflateStream as unknown);
}

/**
 * Inflates one stream for the fast reader (./fast/) within `budget` alone, with the same caps
 * and the same content checks as every stream pdf.js inflates above: null (and `budget.hit`
 * set) when a limit is reached. Every stream it inflates counts towards the document's total;
 * `content`: the stream is a content stream, so its operators and nesting count too. Data zlib cannot inflate throws (the fast reader then hands the file to pdf.js).
 */
export function inflateForBudget(input: Uint8Array, budget: InflateBudget, content: boolean): Buffer | null {
  if (budget.hit) return null;
  const cap = Math.min(budget.maxStreamBytes, Math.max(0, budget.maxDocumentBytes - budget.inflated));
  let out: Buffer;
  try {
    out = inflateSync(input, { maxOutputLength: Math.max(1, cap + 1) });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ERR_BUFFER_TOO_LARGE') throw err;
    budget.hit = sizeHit(budget);
    return null;
  }
  budget.inflated += out.byteLength;
  if (content) countContent(out, budget);
  return budget.hit ? null : out;
}

/** Counts a content stream's operators and nesting against `budget` (sets `hit` past a limit). */
export function countContent(bytes: Uint8Array, budget: InflateBudget): void {
  if (budget.hit) return;
  const counts = scanContent(bytes, budget.maxNestingDepth, budget.maxOperators - budget.operators);
  budget.operators += counts.operators;
  if (counts.maxDepth > budget.maxNestingDepth) {
    budget.hit = { limit: 'maxNestingDepth', detail: `a content stream nests graphics states (q … Q) more than ${budget.maxNestingDepth} deep` };
  } else if (budget.operators > budget.maxOperators) {
    budget.hit = { limit: 'maxOperators', detail: `its content streams hold more than ${budget.maxOperators.toLocaleString('en-US')} operators` };
  }
}
