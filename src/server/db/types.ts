// One storage interface over embedded PGlite and PostgreSQL: same SQL, same migrations.

export interface Queryable {
  /** Runs one parameterised statement ($1, $2, …) and returns its rows. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly engine: "pglite" | "postgres";
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs `fn` in one transaction; rolls back when it throws. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /** Tells every process on this database (PostgreSQL NOTIFY; PGlite: this process, its only one). */
  notify(channel: string, payload: string): Promise<void>;
  /** Calls `fn` with each payload notified on `channel` by any process; resolves once listening,
   * with the function that stops it. */
  listen(channel: string, fn: (payload: string) => void): Promise<() => void>;
  close(): Promise<void>;
}
