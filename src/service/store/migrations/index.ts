import type Database from 'better-sqlite3';
import { m001Initial } from './001-initial.js';
import { m002UploadIndexes } from './002-upload-indexes.js';
import { m050WebhookDeliveries } from '../../webhooks/migration.js';
import { m060FraudScore } from './060-fraud-score.js';
import { m061FraudFingerprint } from '../../fraud/migration.js';
import { m070StatementCurrency } from './070-statement-currency.js';
import { m071AppRevision } from './071-app-revision.js';
import { m140WebSearch } from '../../naics/migration.js';
import { m141StatementFingerprint } from './141-statement-fingerprint.js';

/**
 * Numbered migrations, applied in order inside one transaction each; `user_version` holds the
 * last applied number. The service core owns 001–049; webhook delivery (service edges) uses 050+.
 * Add a migration by appending to this list: never edit one that has shipped.
 */
export interface Migration {
  version: number;
  name: string;
  up(db: Database.Database): void;
}

export const migrations: Migration[] = [m001Initial, m002UploadIndexes, m050WebhookDeliveries, m060FraudScore, m061FraudFingerprint, m070StatementCurrency, m071AppRevision, m140WebSearch, m141StatementFingerprint];
