/**
 * The message channel between pdf.js's API and its worker code when both run in this thread,
 * for text extraction (pdf/extract.ts; rendering uses pdf.js's own loopback, pdf/open-pdf.ts).
 * pdf.js's own LoopbackPort structured-clones every message, as a real worker boundary would;
 * for text extraction that clone of every chunk of text items was the largest cost after parsing.
 * This port clones like LoopbackPort except:
 * - chunks of GetTextContent streams: of those it copies only the chunk's top object. The
 *   worker sends its one `textContent` object and then points its `items`/`styles` at fresh
 *   ones (so the top object must be copied at send time), but never touches the sent items
 *   array, its items or the styles object again, and the API only reads them.
 * - chunks of GetOperatorList streams arrive without their operators (an empty list, `length`
 *   0, the end-of-list flags kept). The engine builds a page's operator list only so that
 *   pdf.js publishes the page's fonts (their real names, sent as messages of their own, which
 *   are cloned as before); it never reads the operators, and cloning them (every glyph of every
 *   string shown) was ~15 % of the CPU of extraction on real statements. `page.getOperatorList()`
 *   through this port therefore returns an empty list: nothing here may render or read one.
 * Messages whose values are all primitives (stream pulls and their answers: ~6,000 of the
 * ~7,600 messages of a 50-page statement) are copied with a spread, which is what a clone of
 * them amounts to, at a fraction of structuredClone's fixed cost (~3 % of extraction CPU).
 * Everything else (the document bytes with their transfer list, fonts, metadata) is still cloned.
 */
import type { TransferListItem } from 'node:worker_threads';

interface Message {
  chunk?: unknown;
  sourceName?: string;
  targetName?: string;
  action?: string;
  stream?: number;
  streamId?: number;
}

type Listener = (event: { data: unknown }) => void;

/**
 * A copy of a message whose own values are all primitives (what structuredClone would make of
 * it, at a fraction of the cost); null when any value is an object, to be cloned in full.
 */
function flatCopy(message: object): object | null {
  for (const key in message) {
    const value = (message as Record<string, unknown>)[key];
    if (value !== null && (typeof value === 'object' || typeof value === 'function')) return null;
  }
  return { ...message };
}

// pdf.js's StreamKind values (src/shared/message_handler.js).
const CANCEL_COMPLETE = 2, CLOSE = 3, ENQUEUE = 4, ERROR = 5;

type StreamKind = 'text' | 'operators';
/** The API's stream requests whose chunks this port passes on specially, and how. */
const STREAM_ACTIONS = new Map<string, StreamKind>([['GetTextContent', 'text'], ['GetOperatorList', 'operators']]);

export class InThreadPort {
  #listeners = new Map<Listener, (() => void) | null>();
  #deferred = Promise.resolve();
  /** "requester|streamId" of the GetTextContent and GetOperatorList streams under way. */
  #streams = new Map<string, StreamKind>();
  /** Text chunks handed over without a clone (for the bench's notes and the tests). */
  uncloned = 0;
  /** Operator-list chunks handed over without their operators (for the tests). */
  emptiedOperatorLists = 0;
  /** Messages of primitive values only (stream pulls and their answers), copied without structuredClone. */
  flat = 0;

  postMessage(message: Message, transfer?: TransferListItem[]): void {
    let data: unknown;
    const kind = this.#chunkKind(message);
    if (kind === 'text') {
      const { items, styles, lang } = (message as { chunk: { items: unknown[]; styles: object; lang: unknown } }).chunk;
      data = { ...message, chunk: { items, styles, lang } };
      this.uncloned++;
    } else if (kind === 'operators') {
      // Its transfer list (the buffers of path operators) goes with the operators: nothing to move.
      const { lastChunk, separateAnnots } = (message as { chunk: { lastChunk: boolean; separateAnnots: unknown } }).chunk;
      data = { ...message, chunk: { fnArray: [], argsArray: [], length: 0, lastChunk, separateAnnots: structuredClone(separateAnnots) } };
      this.emptiedOperatorLists++;
    } else if (!transfer?.length && (data = flatCopy(message)) !== null) {
      this.flat++;
    } else {
      data = structuredClone(message, transfer ? { transfer } : undefined);
    }
    const event = { data };
    void this.#deferred.then(() => {
      for (const listener of [...this.#listeners.keys()]) listener.call(this, event);
    });
  }

  /** Which stream's data chunk `m` is, if it is one of those this port passes on specially. */
  #chunkKind(m: Message): StreamKind | null {
    if (m.streamId === undefined) return null;
    const opened = m.action ? STREAM_ACTIONS.get(m.action) : undefined;
    if (opened && m.sourceName) {
      this.#streams.set(`${m.sourceName}|${m.streamId}`, opened);
      return null;
    }
    if (!m.stream || !m.targetName) return null;
    const key = `${m.targetName}|${m.streamId}`;
    const kind = this.#streams.get(key);
    if (!kind) return null;
    if (m.stream === ENQUEUE) {
      const chunk = m.chunk as { items?: unknown; fnArray?: unknown } | null | undefined;
      if (typeof chunk !== 'object' || chunk === null) return null;
      return Array.isArray(kind === 'text' ? chunk.items : chunk.fnArray) ? kind : null;
    }
    if (m.stream === CLOSE || m.stream === ERROR || m.stream === CANCEL_COMPLETE) this.#streams.delete(key);
    return null;
  }

  addEventListener(_type: string, listener: Listener, options: { signal?: AbortSignal } | null = null): void {
    let stop: (() => void) | null = null;
    const signal = options?.signal;
    if (signal) {
      if (signal.aborted) return;
      const onAbort = () => this.removeEventListener(_type, listener);
      signal.addEventListener('abort', onAbort);
      stop = () => signal.removeEventListener('abort', onAbort);
    }
    this.#listeners.set(listener, stop);
  }

  removeEventListener(_type: string, listener: Listener): void {
    this.#listeners.get(listener)?.();
    this.#listeners.delete(listener);
  }

  terminate(): void {
    for (const stop of this.#listeners.values()) stop?.();
    this.#listeners.clear();
    this.#streams.clear();
  }
}
