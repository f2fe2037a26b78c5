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

// The web-stream names, spelled out so the engine compiles with Node's types alone (no DOM).
type BufferSource = ArrayBufferView | ArrayBuffer;
type CompressionFormat = 'deflate' | 'deflate-raw' | 'gzip';

const NodeDecompressionStream = globalThis.DecompressionStream;

class WholeInflateStream {
  readonly readable!: ReadableStream<Uint8Array>;
  readonly writable!: WritableStream<BufferSource>;

  constructor(format: CompressionFormat) {
    if (format !== 'deflate') return new NodeDecompressionStream(format) as unknown as WholeInflateStream;
    const parts: Uint8Array[] = [];
    const pair = new TransformStream<BufferSource, Uint8Array>({
      transform(chunk) {
        parts.push(ArrayBuffer.isView(chunk) ? new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength) : new Uint8Array(chunk));
      },
      flush(controller) {
        let out: Buffer;
        try {
          out = inflateSync(parts.length === 1 ? parts[0]! : Buffer.concat(parts));
        } catch (err) {
          wholeInflateCounts.refused++;
          throw err;
        }
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
export const wholeInflateCounts = { inflated: 0, refused: 0 };

/** Runs `fn` with DecompressionStream('deflate') inflating in one synchronous zlib call (see above). */
export async function withWholeInflate<T>(fn: () => Promise<T>): Promise<T> {
  if (users++ === 0) globalThis.DecompressionStream = WholeInflateStream as unknown as typeof DecompressionStream;
  try {
    return await fn();
  } finally {
    if (--users === 0) globalThis.DecompressionStream = NodeDecompressionStream;
  }
}

/** Whether the swap is in force (for tests). */
export function wholeInflateActive(): boolean {
  return globalThis.DecompressionStream === (WholeInflateStream as unknown);
}
