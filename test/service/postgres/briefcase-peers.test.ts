import { withTestPostgres } from './suite.js';

/**
 * Briefcase between two services as peers, each service on its own PostgreSQL database (the same
 * file runs on SQLite on its own): the copy of the shared documents, the answer and its undoing,
 * and the nonces of signed requests go through the PostgreSQL store.
 */
await withTestPostgres();
await import('../briefcase-peers.test.js');
