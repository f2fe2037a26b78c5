import type { Migration } from './migration.js';

/** Accounts, tokens, applications, stored files, conversions, statements, transactions. */
export const m001Initial: Migration = {
  version: 1,
  name: 'initial',
  up(db) {
    db.exec(`
      CREATE TABLE accounts (
        id INTEGER PRIMARY KEY,
        username TEXT NOT NULL UNIQUE,
        password_hash TEXT NOT NULL,
        product TEXT NOT NULL CHECK (product IN ('pdfinsightstp','pdfinsights','thumbprint')),
        conversions_remaining INTEGER NOT NULL CHECK (conversions_remaining >= 0),
        features TEXT NOT NULL DEFAULT '[]',
        profile TEXT NOT NULL DEFAULT '{}',
        webhook_secret TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE TABLE tokens (
        token_hash TEXT PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        product TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      );
      CREATE TABLE applications (
        id INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        appnumber TEXT NOT NULL,
        owner TEXT NOT NULL DEFAULT '',
        prequalify_ready INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        UNIQUE (account_id, appnumber)
      );
      CREATE TABLE files (
        id INTEGER PRIMARY KEY,
        app_id INTEGER NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
        file_name TEXT NOT NULL,
        sha256 TEXT NOT NULL,
        size INTEGER NOT NULL,
        path TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE TABLE conversions (
        id INTEGER PRIMARY KEY,
        app_id INTEGER NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
        file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
        resfile TEXT NOT NULL UNIQUE,
        endpoint TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('queued','running','done','failed')),
        options TEXT NOT NULL,
        tracking_id TEXT NOT NULL DEFAULT '',
        webhook TEXT NOT NULL DEFAULT '',
        results TEXT,
        error TEXT,
        created_at TEXT NOT NULL,
        finished_at TEXT
      );
      CREATE TABLE statements (
        id INTEGER PRIMARY KEY,
        app_id INTEGER NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
        conversion_id INTEGER NOT NULL REFERENCES conversions(id) ON DELETE CASCADE,
        tid TEXT NOT NULL UNIQUE,
        file_name TEXT NOT NULL,
        account_number TEXT NOT NULL,
        account_type_str TEXT NOT NULL,
        account_title TEXT NOT NULL DEFAULT '',
        bank_name TEXT NOT NULL,
        owner_name TEXT NOT NULL DEFAULT '',
        address TEXT NOT NULL DEFAULT '{}',
        start_date TEXT NOT NULL,
        end_date TEXT NOT NULL,
        start_balance INTEGER NOT NULL,
        end_balance INTEGER NOT NULL,
        tot_credits INTEGER NOT NULL,
        tot_debits INTEGER NOT NULL,
        reconciled INTEGER NOT NULL,
        excluded_transactions INTEGER NOT NULL DEFAULT 0,
        edit_start_balance INTEGER,
        edit_end_balance INTEGER,
        edit_credits INTEGER,
        edit_debits INTEGER,
        edited_at TEXT
      );
      CREATE TABLE transactions (
        id INTEGER PRIMARY KEY,
        statement_id INTEGER NOT NULL REFERENCES statements(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        date TEXT NOT NULL,
        description TEXT NOT NULL,
        memo TEXT,
        amount INTEGER NOT NULL,
        balance INTEGER,
        check_number TEXT,
        type TEXT,
        customer_id TEXT,
        categories TEXT NOT NULL DEFAULT '[]',
        trueval INTEGER
      );
      CREATE TABLE idempotency_keys (
        account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        key TEXT NOT NULL,
        endpoint TEXT NOT NULL,
        status_code INTEGER,
        body TEXT,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (account_id, key)
      );
      CREATE TABLE uploads (
        id INTEGER PRIMARY KEY,
        app_id INTEGER NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
        sha256 TEXT NOT NULL,
        at INTEGER NOT NULL
      );
      CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE INDEX statements_app ON statements(app_id);
      CREATE INDEX transactions_statement ON transactions(statement_id);
      CREATE INDEX conversions_app ON conversions(app_id);
    `);
  },
};
