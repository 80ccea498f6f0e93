/**
 * Per-key fixed-window limits, shared by the site and the embedded CMS: one
 * interface, two stores. In memory for one process (the default); in a database every
 * process behind a balancer shares (the site's PostgreSQL, DATABASE_URL; or a libSQL
 * server as CMS_DATABASE_URL), so they count together. A window allows `count` units (requests, or bytes for a quota); an
 * attempt that would go over is refused and uses nothing, so a refused upload does not
 * eat the quota.
 */

export interface Limit {
  count: number
  windowMs: number
}

type LimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number }

export interface RateLimitStore {
  /** Uses `cost` units of `key`'s window, unless that would exceed `limit.count`. */
  take(key: string, limit: Limit, cost?: number): Promise<LimitDecision>
}

const refused = (resetAt: number, time: number): LimitDecision => ({
  allowed: false,
  retryAfterSeconds: Math.max(1, Math.ceil((resetAt - time) / 1000)),
})

export function createMemoryStore(maxKeys: number, now: () => number = Date.now): RateLimitStore {
  const windows = new Map<string, { used: number; resetAt: number }>()
  return {
    async take(key, limit, cost = 1) {
      const time = now()
      if (windows.size >= maxKeys) {
        for (const [stale, window] of windows) if (window.resetAt <= time) windows.delete(stale)
        // Still full: forget the oldest windows rather than grow without bound.
        for (const oldest of windows.keys()) {
          if (windows.size < maxKeys) break
          windows.delete(oldest)
        }
      }
      let window = windows.get(key)
      if (!window || window.resetAt <= time) {
        window = { used: 0, resetAt: time + limit.windowMs }
        windows.set(key, window)
      }
      if (window.used + cost > limit.count) return refused(window.resetAt, time)
      window.used += cost
      return { allowed: true }
    },
  }
}

/** What the SQL store needs of a libSQL client (kept structural: the browser never loads this, but app/lib imports no driver). */
export interface SqlExecutor {
  execute(statement: { sql: string; args: Array<string | number> }): Promise<{ rows: ArrayLike<Record<string, unknown>> }>
}

/** Old windows are deleted on about one call in this many. */
const SWEEP_EVERY = 200

/** The upsert that decides and counts in one statement, per dialect: ?1 key, ?2 cost, ?3 now, ?4 limit, ?5 window. */
const TAKE_SQL = {
  // In SQLite's UPDATE every right-hand side reads the row as it was.
  sqlite: `INSERT INTO rate_limits (key, used, reset_at, ok) VALUES (?1, CASE WHEN ?2 <= ?4 THEN ?2 ELSE 0 END, ?3 + ?5, ?2 <= ?4)
    ON CONFLICT (key) DO UPDATE SET
      ok = CASE WHEN reset_at <= ?3 THEN ?2 <= ?4 ELSE used + ?2 <= ?4 END,
      used = CASE
        WHEN reset_at <= ?3 THEN CASE WHEN ?2 <= ?4 THEN ?2 ELSE 0 END
        WHEN used + ?2 <= ?4 THEN used + ?2
        ELSE used END,
      reset_at = CASE WHEN reset_at <= ?3 THEN ?3 + ?5 ELSE reset_at END
    RETURNING ok, reset_at`,
  // Postgres: the same, with the parameters typed and the row named (so does every right-hand side there).
  postgres: `INSERT INTO rate_limits AS r (key, used, reset_at, ok)
    VALUES (?1, CASE WHEN ?2::bigint <= ?4::bigint THEN ?2::bigint ELSE 0 END, ?3::bigint + ?5::bigint, ?2::bigint <= ?4::bigint)
    ON CONFLICT (key) DO UPDATE SET
      ok = CASE WHEN r.reset_at <= ?3::bigint THEN ?2::bigint <= ?4::bigint ELSE r.used + ?2::bigint <= ?4::bigint END,
      used = CASE
        WHEN r.reset_at <= ?3::bigint THEN CASE WHEN ?2::bigint <= ?4::bigint THEN ?2::bigint ELSE 0 END
        WHEN r.used + ?2::bigint <= ?4::bigint THEN r.used + ?2::bigint
        ELSE r.used END,
      reset_at = CASE WHEN r.reset_at <= ?3::bigint THEN ?3::bigint + ?5::bigint ELSE r.reset_at END
    RETURNING ok, reset_at`,
} as const

/**
 * The store in a database table: in SQLite it creates the table itself (the site may use
 * it without the CMS's migrations, over a WordPress backend); in Postgres the site
 * database's migrations made it (several processes creating it at once would race). One
 * upsert decides and counts atomically.
 */
export function createSqlStore(
  client: SqlExecutor,
  now: () => number = Date.now,
  dialect: 'sqlite' | 'postgres' = 'sqlite',
): RateLimitStore {
  let ready: Promise<unknown> | undefined = dialect === 'postgres' ? Promise.resolve() : undefined
  let calls = 0
  return {
    async take(key, limit, cost = 1) {
      await (ready ??= client.execute({
        sql: 'CREATE TABLE IF NOT EXISTS rate_limits (key TEXT PRIMARY KEY, used INTEGER NOT NULL, reset_at INTEGER NOT NULL, ok INTEGER NOT NULL)',
        args: [],
      }))
      const time = now()
      if (++calls % SWEEP_EVERY === 0) await client.execute({ sql: 'DELETE FROM rate_limits WHERE reset_at <= ?', args: [time] })
      const result = await client.execute({ sql: TAKE_SQL[dialect], args: [key, cost, time, limit.count, limit.windowMs] })
      const row = result.rows[0]
      if (!row) throw new Error('rate_limits: the upsert returned no row')
      return row.ok === true || Number(row.ok) === 1 ? { allowed: true } : refused(Number(row.reset_at), time)
    },
  }
}

/** Whether a libSQL URL names a server (shared by processes) rather than a file or memory in this process. */
export function isSharedDatabaseUrl(url: string): boolean {
  return /^(libsql|https?|wss?):/i.test(url)
}
