import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Builds the renderer with the project's Vite config into a fresh temp folder; returns the folder. */
export async function buildRendererTo(outDir = mkdtempSync(path.join(tmpdir(), 'ld-renderer-'))): Promise<string> {
  await build({ configFile: path.join(ROOT, 'vite.renderer.config.ts'), logLevel: 'error', build: { outDir, emptyOutDir: true } });
  return outDir;
}
