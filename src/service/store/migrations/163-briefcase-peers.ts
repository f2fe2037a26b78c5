import type { Migration } from './migration.js';

/**
 * 163: Briefcase with a remote service of the same API (src/service/briefcase-peer). A share
 * whose other party is on a configured peer service names that peer (`peer`, the name this
 * service's config gives it) and carries the key the two services use for it (`peer_key`: the
 * sender issues it with the offer; it lets the receiver's service fetch the documents once while
 * the offer is open and is spent by the answer). `peer_files` keeps, on the receiving side, the
 * file list the sender offered (shown until the documents are fetched on accept). Signed
 * requests between services are kept by nonce for the replay window, so a captured request
 * played again is refused on every instance of a team server.
 */
export const m163BriefcasePeers: Migration = {
  version: 163,
  name: 'briefcase-peers',
  up(db) {
    db.exec(`
      ALTER TABLE briefcase_shares ADD COLUMN peer TEXT;
      ALTER TABLE briefcase_shares ADD COLUMN peer_key TEXT;
      ALTER TABLE briefcase_shares ADD COLUMN peer_files TEXT;
      CREATE TABLE briefcase_peer_nonces (
        peer TEXT NOT NULL,
        nonce TEXT NOT NULL,
        at INTEGER NOT NULL,
        PRIMARY KEY (peer, nonce)
      );
      CREATE INDEX briefcase_peer_nonces_at ON briefcase_peer_nonces(at);
    `);
  },
  postgres: `    ALTER TABLE briefcase_shares ADD COLUMN peer TEXT;
    ALTER TABLE briefcase_shares ADD COLUMN peer_key TEXT;
    ALTER TABLE briefcase_shares ADD COLUMN peer_files TEXT;
    CREATE TABLE briefcase_peer_nonces (
      peer TEXT NOT NULL,
      nonce TEXT NOT NULL,
      at BIGINT NOT NULL,
      PRIMARY KEY (peer, nonce)
    );
    CREATE INDEX briefcase_peer_nonces_at ON briefcase_peer_nonces(at);`,
};
