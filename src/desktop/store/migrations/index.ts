import type { Migration } from './migration.js';
import { m001JobsQueue } from './001-jobs-queue.js';
import { m002ApplicationsAndStoredResults } from './002-applications-and-stored-results.js';
import { m003JobConnection } from './003-job-connection.js';
import { m004JobWaits } from './004-job-waits.js';
import { m005DealWorkflow } from './005-deal-workflow.js';

export type { Migration };

/** The core database's migrations, in order; `schema_migrations` records each one applied. */
export const MIGRATIONS: Migration[] = [m001JobsQueue, m002ApplicationsAndStoredResults, m003JobConnection, m004JobWaits, m005DealWorkflow];
