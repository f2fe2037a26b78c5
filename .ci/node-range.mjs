// Prints the Node that runs CI and fails unless it is in package.json's "engines" range, the one
// supported range (README, "Node"). Understands the forms that range uses: `^X.Y.Z` and
// `>=X.Y.Z` alternatives joined by `||`.
import { readFileSync } from 'node:fs';

const range = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines?.node;
const v = process.versions.node.split('.').map(Number);
const cmp = (a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
const satisfies = (alt) => {
  const m = /^(\^|>=)\s*(\d+)\.(\d+)\.(\d+)$/.exec(alt.trim());
  if (!m) throw new Error(`engines.node: cannot read "${alt.trim()}" (use ^X.Y.Z or >=X.Y.Z alternatives)`);
  const want = [Number(m[2]), Number(m[3]), Number(m[4])];
  return m[1] === '^' ? v[0] === want[0] && cmp(v, want) >= 0 : cmp(v, want) >= 0;
};
if (!range) { console.error('ci: package.json has no engines.node range'); process.exit(1); }
if (!range.split('||').some(satisfies)) {
  console.error(`ci: Node ${process.version} is not supported (package.json engines: ${range}); install a Node in that range`);
  process.exit(1);
}
console.log(`ci: Node ${process.version} (supported: ${range})`);
