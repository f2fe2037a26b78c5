// Vite turns an import with `?url` into the URL of the file it copies into the bundle.
declare module 'pdfjs-dist/build/pdf.worker.min.mjs?url' {
  const url: string;
  export default url;
}
