// The closing line of .ci/run, from what vitest left behind; exits non-zero unless every test
// file that vitest lists ran to its end with no failure and no error outside a test.
//   node .ci/summary.mjs VITEST_STATUS FILES.json REPORT.json RUN_END.json
// FILES.json is `vitest list --filesOnly --json` (what should run); REPORT.json is the JSON
// reporter's output; RUN_END.json is run-end-reporter.mjs's record. In the JSON report a test
// "pending" never finished (its process died or the run stopped); only "skipped" and "todo"
// are skips.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const [statusArg, filesPath, reportPath, runEndPath] = process.argv.slice(2);
const status = Number(statusArg);
const read = (p) => (p && existsSync(p) ? JSON.parse(readFileSync(p, 'utf8')) : null);
const rel = (f) => path.relative(process.cwd(), f);

const problems = [];
const expected = (read(filesPath) ?? []).map((f) => path.resolve(f.file));
if (!expected.length) problems.push('could not list the test files (vitest list)');
const report = read(reportPath);
const runEnd = read(runEndPath);
if (!report) problems.push('no JSON report: vitest did not finish its run');
if (!runEnd) problems.push('no run-end record: vitest did not finish its run');

const counts = { passed: 0, failed: 0, skipped: 0, unfinished: 0 };
const unfinished = [];
const failedFiles = [];
const results = new Map((report?.testResults ?? []).map((r) => [path.resolve(r.name), r]));
for (const file of expected) {
  const r = results.get(file);
  if (!r) { unfinished.push(`${rel(file)} (no result)`); continue; }
  const by = (s) => r.assertionResults.filter((a) => a.status === s).length;
  const never = by('pending');
  counts.passed += by('passed');
  counts.failed += by('failed');
  counts.skipped += by('skipped') + by('todo') + by('disabled');
  counts.unfinished += never;
  if (never) unfinished.push(`${rel(file)} (${never} of ${r.assertionResults.length} tests never finished)`);
  else if (r.status === 'failed') failedFiles.push(rel(file) + (r.assertionResults.length ? '' : ` (${(r.message || 'failed to load').split('\n')[0]})`));
}
for (const name of results.keys()) if (!expected.includes(name)) problems.push(`${rel(name)} ran but was not listed`);

if (unfinished.length) problems.push(`${unfinished.length} test file(s) crashed or did not finish: ${unfinished.join(', ')}`);
if (failedFiles.length) problems.push(`${failedFiles.length} test file(s) failed: ${failedFiles.join(', ')}`);
const errors = runEnd?.unhandledErrors ?? [];
if (errors.length) problems.push(`${errors.length} error(s) outside tests: ${errors.join('; ')}`);
if (runEnd && runEnd.reason !== 'passed') problems.push(`vitest ended "${runEnd.reason}"`);
if (status === 124 || status === 137) problems.push(`vitest was stopped by the time limit (status ${status})`);
else if (status !== 0) problems.push(`vitest exited with status ${status}`);

const tests = `tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped, ${counts.unfinished} never finished`;
const files = `files: ${expected.length - unfinished.length} of ${expected.length} finished`;
if (problems.length) {
  console.log(`CI FAILED — ${tests}; ${files}; ${problems.join('; ')}`);
  process.exit(1);
}
console.log(`CI passed — ${tests}; ${files}`);
