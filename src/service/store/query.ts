/**
 * The service's one store interface: a small async query layer (`all`, `get`, `run`, `insert`,
 * `tx`) over the SQL both SQLite and PostgreSQL understand, with `?` placeholders. It is the
 * layer rather than one method per use case because the service already speaks SQL in a few
 * dozen small functions (accounts, applications, statements, webhooks, fraud): each keeps its
 * query text and becomes `await db.get(...)`, and a second database needs one class of ~100
 * lines (sqlite-store.ts, postgres-store.ts), not a second copy of every function.
 *
 * The SQL kept portable: no `INSERT OR …` (use `ON CONFLICT`), no two-argument MAX/MIN (use
 * CASE), integers for booleans, ms-epoch integers or ISO text for times, JSON as text. Ids come
 * back from `insert` (it appends `RETURNING id`). PostgreSQL gets `$1…$n` for the `?`s.
 */
export type Param = string | number | bigint | null | Uint8Array;

export type Dialect = 'sqlite' | 'postgres';

export interface Query {
  readonly dialect: Dialect;
  all<T = Record<string, unknown>>(text: string, ...params: Param[]): Promise<T[]>;
  get<T = Record<string, unknown>>(text: string, ...params: Param[]): Promise<T | undefined>;
  /** Runs a statement; `changes` = rows it inserted, updated or deleted. */
  run(text: string, ...params: Param[]): Promise<{ changes: number }>;
  /** Runs an INSERT and returns the new row's `id`. */
  insert(text: string, ...params: Param[]): Promise<number>;
  /** Runs `fn` in one transaction (committed when it resolves, rolled back when it throws). Nested calls join the outer one. */
  tx<T>(fn: (q: Query) => Promise<T>): Promise<T>;
}

/** Where the store lives: the embedded SQLite file under the data folder, or a PostgreSQL database. */
export type StoreLocation = { kind: 'sqlite'; dataDir: string } | { kind: 'postgres'; url: string };

export interface Store extends Query {
  readonly location: StoreLocation;
  /** The last migration applied. */
  schemaVersion(): Promise<number>;
  close(): Promise<void>;
}
