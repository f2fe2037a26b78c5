// pdfjs-dist ships no types for its worker module; only what pdfjs.ts uses is declared.
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: {
    /** Serves pdf.js API requests arriving on `port` (a Worker-like object), in this thread. */
    initializeFromPort(port: unknown): void;
  };
}
