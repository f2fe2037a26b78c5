/**
 * The message channel between pdf.js's API and its worker code when both run in this thread.
 * pdf.js's own LoopbackPort structured-clones every message, as a real worker boundary would;
 * for text extraction that clone of every chunk of text items was the largest cost after parsing.
 * This port clones like LoopbackPort except the chunks of GetTextContent streams: of those it
 * copies only the chunk's top object. The worker sends its one `textContent` object and then
 * points its `items`/`styles` at fresh ones (so the top object must be copied at send time),
 * but never touches the sent items array, its items or the styles object again, and the API
 * only reads them.
 * Messages whose values are all primitives (stream pulls and their answers: ~6,000 of the
 * ~7,600 messages of a 50-page statement) are copied with a spread, which is what a clone of
 * them amounts to, at a fraction of structuredClone's fixed cost (~3 % of extraction CPU).
 * Everything else (the document bytes with their transfer list, operator lists, whose arrays
 * the worker empties after sending, fonts, metadata) is still cloned.
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

export class InThreadPort {
  #listeners = new Map<Listener, (() => void) | null>();
  #deferred = Promise.resolve();
  /** "requester|streamId" of the GetTextContent streams under way. */
  #textStreams = new Set<string>();
  /** Chunks handed over without a clone (for the bench's notes and the tests). */
  uncloned = 0;
  /** Messages of primitive values only (stream pulls and their answers), copied without structuredClone. */
  flat = 0;

  postMessage(message: Message, transfer?: TransferListItem[]): void {
    let data: unknown;
    if (this.#isTextChunk(message)) {
      const { items, styles, lang } = (message as { chunk: { items: unknown[]; styles: object; lang: unknown } }).chunk;
      data = { ...message, chunk: { items, styles, lang } };
      this.uncloned++;
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

  #isTextChunk(m: Message): boolean {
    if (m.streamId === undefined) return false;
    if (m.action === 'GetTextContent' && m.sourceName) {
      this.#textStreams.add(`${m.sourceName}|${m.streamId}`);
      return false;
    }
    if (!m.stream || !m.targetName) return false;
    const key = `${m.targetName}|${m.streamId}`;
    if (!this.#textStreams.has(key)) return false;
    if (m.stream === ENQUEUE) return typeof m.chunk === 'object' && m.chunk !== null && Array.isArray((m.chunk as { items?: unknown }).items);
    if (m.stream === CLOSE || m.stream === ERROR || m.stream === CANCEL_COMPLETE) this.#textStreams.delete(key);
    return false;
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
    this.#textStreams.clear();
  }
}
