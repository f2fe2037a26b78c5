/**
 * The WHATWG URL parser that every runtime of ours has (Node, Chromium). The contract names only
 * the part it uses, so it compiles without Node or DOM types.
 */
const UrlParser = (globalThis as unknown as { URL: new (input: string) => { protocol: string } }).URL;

/** 'https:' for 'https://x.test/a'; null when the text is not an absolute URL. */
export function urlProtocol(text: string): string | null {
  try { return new UrlParser(text).protocol; } catch { return null; }
}
