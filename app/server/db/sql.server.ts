/**
 * What the site's rooms ask of its database, whichever it is (docs/decisions/032-postgres-for-several-servers.md):
 * the embedded SQLite file (libSQL) for one process, or PostgreSQL when DATABASE_URL is set
 * for several. Statements use `?` placeholders in both (`?N` for a numbered one); the
 * Postgres adapter numbers them as `$N`. Where the dialects differ (a claim with SKIP
 * LOCKED, an upsert), the caller asks `dialect` and says it in both.
 */

type SqlValue = string | number | bigint | boolean | null | Uint8Array

export interface SqlStatement {
  sql: string
  args?: SqlValue[]
}

interface SqlResult {
  /** Named columns; integers may come back as strings (Postgres's BIGINT): read them with Number(). */
  rows: Array<Record<string, unknown>>
  rowsAffected: number
}

export interface SqlExecutor {
  execute(statement: string | SqlStatement): Promise<SqlResult>
}

export interface SiteDatabase extends SqlExecutor {
  readonly dialect: 'sqlite' | 'postgres'
  /** Runs `work` in one write transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>
  close(): Promise<void>
}

/** Whether a URL names a PostgreSQL server (DATABASE_URL). */
export function isPostgresUrl(url: string | undefined): url is string {
  return url !== undefined && /^postgres(ql)?:\/\//i.test(url)
}
