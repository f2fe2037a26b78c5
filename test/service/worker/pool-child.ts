// Run by worker-loader.test.ts in its own Node process: converts one PDF on a real conversion
// pool (two threads) and prints what came back as one JSON line.
import { ConversionPool } from '../../../src/service/worker/pool.js';
import { ConversionOptionsSchema } from '../../../src/contract/api/conversion-options.js';

const [file] = process.argv.slice(2);
const pool = new ConversionPool(2, 4);
try {
  const options = ConversionOptionsSchema.parse({});
  const results = await Promise.all([0, 1].map(() => pool.run({ fileName: 'sample.pdf', path: file!, options })));
  console.log(JSON.stringify(results.map((r) => (r.ok ? { ok: true, statements: r.doc.statements.length, transactions: r.doc.statements.reduce((n, s) => n + s.transactions.length, 0) } : { ok: false, error: r.error }))));
} finally {
  await pool.close();
}
