/**
 * `npm run bench`: runs every benchmark file and prints figures and ratios. Never pass/fail on
 * time (machines are noisy); targets are printed beside the figures for a human to read.
 * Run one: `npm run bench -- scorecard`.
 */
const SUITES: Record<string, () => Promise<{ run(): Promise<void> }>> = {
  service: () => import('./service.bench.js'),
  convert: () => import('./convert.bench.js'),
  formats: () => import('./formats.bench.js'),
  scorecard: () => import('./scorecard.bench.js'),
  core: () => import('./core.bench.js'),
  export: () => import('./export.bench.js'),
  ui: () => import('./ui.bench.js'),
  edges: () => import('./edges.bench.js'),
  fraud: () => import('./fraud.bench.js'),
};

const only = process.argv.slice(2);
for (const [name, load] of Object.entries(SUITES)) {
  if (only.length && !only.includes(name)) continue;
  console.log(`\n== ${name} ==`);
  try {
    const suite = await load();
    await suite.run();
  } catch (err) {
    console.log(`  (suite ${name} failed: ${(err as Error).message})`);
    process.exitCode = 1;
  }
}
