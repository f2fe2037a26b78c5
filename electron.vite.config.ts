import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * `npm start` → `electron-vite build`: out/main/index.js (the shell) and out/main/engine.js (the
 * embedded engine, run in a utilityProcess), out/main/convert-worker.js (the conversion pool's
 * worker-thread entry, found by src/service/worker/pool.ts beside the module that runs it),
 * out/preload/index.cjs (sandboxed, so bundled with no external imports but `electron`),
 * out/renderer (served on app://ledgerdrop/). Dependencies stay external (node_modules, packed
 * by electron-builder); no TypeScript or tsx is loaded at run time.
 * Shared chunks go flat into out/main (not out/main/chunks/) so any chunk's `import.meta.url`
 * finds convert-worker.js beside it. test/core/bundle.test.ts builds this and runs the engine.
 */
const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));
/** Where the build goes: ./out, or LEDGERDROP_BUILD_OUT (the bundle test builds into a temp app folder). */
const OUT = process.env.LEDGERDROP_BUILD_OUT ? path.resolve(process.env.LEDGERDROP_BUILD_OUT) : r('./out');

export default defineConfig({
  main: {
    plugins: [{
      name: 'conversion-worker-loader',
      generateBundle() {
        this.emitFile({ type: 'asset', fileName: 'worker-loader.cjs', source: readFileSync(r('./src/service/worker/worker-loader.cjs'), 'utf8') });
        // The OCR engines' thread script, found beside the chunk that holds src/engine/ocr/tesseract.ts.
        this.emitFile({ type: 'asset', fileName: 'engine-worker.cjs', source: readFileSync(r('./src/engine/ocr/engine-worker.cjs'), 'utf8') });
      },
    }],
    build: {
      outDir: path.join(OUT, 'main'),
      externalizeDeps: true,
      rollupOptions: {
        input: {
          index: r('./src/shell/electron/index.ts'),
          engine: r('./src/desktop/engine-entry.ts'),
          'convert-worker': r('./src/service/worker/convert-worker.ts'),
        },
        output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
      },
    },
  },
  preload: {
    build: {
      outDir: path.join(OUT, 'preload'),
      externalizeDeps: false,
      isolatedEntries: true,
      rollupOptions: {
        input: { index: r('./src/preload/index.ts') },
        external: ['electron'],
        // Sandboxed preloads must be CommonJS (Electron does not load ESM preloads in a sandbox).
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: r('./src/renderer'),
    base: './',
    plugins: [react()],
    build: {
      outDir: path.join(OUT, 'renderer'),
      target: 'chrome120',
      rollupOptions: { input: r('./src/renderer/index.html') },
    },
  },
});
