import type { Migration } from './migration.js';
import { m001Initial } from './001-initial.js';
import { m002UploadIndexes } from './002-upload-indexes.js';
import { m050WebhookDeliveries } from './050-webhook-deliveries.js';
import { m060FraudScore } from './060-fraud-score.js';
import { m061FraudFingerprint } from './061-fraud-fingerprint.js';
import { m070StatementCurrency } from './070-statement-currency.js';
import { m071AppRevision } from './071-app-revision.js';
import { m140WebSearch } from './140-web-search.js';
import { m141StatementFingerprint } from './141-statement-fingerprint.js';
import { m150Documents } from './150-documents.js';
import { m151Leases } from './151-leases.js';
import { m160Briefcase } from './160-briefcase.js';
import { m161WebhookBatches } from './161-webhook-batches.js';
import { m162CancelRequests } from './162-cancel-requests.js';
import { m163BriefcasePeers } from './163-briefcase-peers.js';
import { m170LookupIndexes } from './170-lookup-indexes.js';

export type { Migration };

/**
 * The service database's migrations, applied in order inside one transaction each;
 * `user_version` (SQLite) or `schema_migrations` (PostgreSQL) holds what was applied. 001–049 are the core tables, 050+ the tables of
 * the service's edges (webhook deliveries, fraud scores, web search), so that each side could add
 * its own without renumbering. Add a migration as the next numbered file here and append it to
 * this list.
 */
export const migrations: Migration[] = [m001Initial, m002UploadIndexes, m050WebhookDeliveries, m060FraudScore, m061FraudFingerprint, m070StatementCurrency, m071AppRevision, m140WebSearch, m141StatementFingerprint, m150Documents, m151Leases, m160Briefcase, m161WebhookBatches, m162CancelRequests, m163BriefcasePeers, m170LookupIndexes];
