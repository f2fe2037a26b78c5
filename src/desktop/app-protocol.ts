/**
 * The `app://ledgerdrop/…` protocol of the desktop window, as pure functions the shell calls:
 * which file of the built renderer a URL maps to (nothing outside that folder, ever), its
 * content type, and the strict Content-Security-Policy sent with every page.
 */
import path from 'node:path';

export const APP_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.jpg': 'image/jpeg', '.ico': 'image/x-icon', '.woff2': 'font/woff2', '.wasm': 'application/wasm', '.map': 'application/json',
};

export function contentTypeFor(file: string): string {
  return TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The file for an app:// URL, or null when the URL is not ours or escapes the renderer folder.
 * `/` and unknown extensionless routes serve index.html (client-side routing).
 */
export function resolveAppFile(rendererDir: string, url: string, host = 'ledgerdrop'): string | null {
  let u: URL;
  try { u = new URL(url); } catch { return null; }
  if (u.protocol !== 'app:' || u.host !== host) return null;
  let rel: string;
  try { rel = decodeURIComponent(u.pathname); } catch { return null; }
  if (rel.includes('\0')) return null;
  if (rel === '/' || rel === '' || !path.posix.extname(rel)) rel = '/index.html';
  const root = path.resolve(rendererDir);
  const file = path.resolve(root, `.${path.posix.normalize(rel)}`);
  if (file !== root && !file.startsWith(root + path.sep)) return null;
  return file;
}
