/**
 * The message channel between pdf.js's API and its worker code when both run in this thread.
 * pdf.js's own LoopbackPort structured-clones every message, as a real worker boundary would;
 * for text extraction that clone of every chunk of text items was the largest cost after parsing.
 * This port clones like LoopbackPort except the chunks of GetTextContent streams: of those it
 * copies only the chunk's top object. The worker sends its one `textContent` object and then
 * points its `items`/`styles` at fresh ones (so the top object must be copied at send time),
 * but never touches the sent items array, its items or the styles object again, and the API
 * only reads them.
 * Everything else (the document bytes with their transfer list, operator lists, whose arrays
 * the worker empties after sending, fonts, metadata) is still cloned.
 */

interface Message {
  chunk?: unknown;
  sourceName?: string;
  targetName?: string;
  action?: string;
  stream?: number;
  streamId?: number;
}

type Listener = (event: { data: unknown }) => void;

// pdf.js's StreamKind values (src/shared/message_handler.js).
const CANCEL_COMPLETE = 2, CLOSE = 3, ENQUEUE = 4, ERROR = 5;

export class InThreadPort {
  #listeners = new Map<Listener, (() => void) | null>();
  #deferred = Promise.resolve();
  /** "requester|streamId" of the GetTextContent streams under way. */
  #textStreams = new Set<string>();
  /** Chunks handed over without a clone (for the bench's notes and the tests). */
  uncloned = 0;

  postMessage(message: Message, transfer?: Transferable[]): void {
    let data: unknown;
    if (this.#isTextChunk(message)) {
      const { items, styles, lang } = (message as { chunk: { items: unknown[]; styles: object; lang: unknown } }).chunk;
      data = { ...message, chunk: { items, styles, lang } };
      this.uncloned++;
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
