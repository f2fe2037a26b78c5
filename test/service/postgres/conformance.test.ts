import { withTestPostgres } from './suite.js';

/**
 * The store-facing HTTP tests of the service, run again with the service on PostgreSQL (the
 * same files run on SQLite on their own): accounts and licences, applications, upload and
 * getresults, statements, idempotency keys and the 429 rate limit.
 */
await withTestPostgres();
await import('../applications.test.js');
await import('../conversion.test.js');
await import('../statements.test.js');
await import('../limits.test.js');
