// A vitest reporter used by .ci/run beside the default and JSON ones: records how the run ended
// and the errors vitest caught outside any test (a test process that exited, an uncaught
// exception), which the JSON report leaves out. No record at all means vitest itself did not
// finish. Written to the path in LEDGERDROP_CI_RUN_END.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export default class RunEndReporter {
  onTestRunEnd(testModules, unhandledErrors, reason) {
    const file = process.env.LEDGERDROP_CI_RUN_END;
    if (!file) return;
    const errors = unhandledErrors.map((e) => {
      const message = String(e?.message ?? e);
      const cause = e?.cause?.message ? ` (${e.cause.message})` : '';
      return `${message}${cause}`.split('\n')[0];
    });
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ reason, modules: testModules.length, unhandledErrors: errors }, null, 2));
  }
}
