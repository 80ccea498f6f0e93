/**
 * The site database as PostgreSQL (DATABASE_URL; docs/decisions/032-postgres-for-several-servers.md):
 * what several server processes share. A pool for statements, and `listen()` for a
 * dedicated connection that hears NOTIFY (the purge broadcast, app/server/page-cache/purge-sync.server.ts).
 * Migrations run under an advisory lock, so processes that start together migrate once.
 */
import pg from 'pg'
import type { Migration } from '../../lib/sqlite-migrations.server'
import { postgresMigrations } from './migrations.server'
import type { SiteDatabase, SqlExecutor, SqlStatement } from './sql.server'

/** `?` and `?N` as Postgres's `$N`, outside quoted text. */
export function numberedPlaceholders(sql: string): string {
  let next = 0
  let out = ''
  let quote: string | null = null
  for (let i = 0; i < sql.length; i++) {
    const char = sql[i]!
    if (quote) {
      if (char === quote) quote = null
      out += char
      continue
    }
    if (char === "'" || char === '"') {
      quote = char
      out += char
      continue
    }
    if (char !== '?') {
      out += char
      continue
    }
    const digits = /^\d+/.exec(sql.slice(i + 1))?.[0]
    if (digits) {
      out += `$${digits}`
      i += digits.length
    } else out += `$${++next}`
  }
  return out
}

type Queryable = pg.Pool | pg.PoolClient

function executorOf(target: Queryable): SqlExecutor {
  return {
    async execute(statement: string | SqlStatement) {
      const { sql, args } = typeof statement === 'string' ? { sql: statement, args: [] } : statement
      const result = await target.query(
        numberedPlaceholders(sql),
        (args ?? []).map((value) => (typeof value === 'bigint' ? String(value) : value)),
      )
      return { rows: result.rows as Array<Record<string, unknown>>, rowsAffected: result.rowCount ?? 0 }
    },
  }
}

/** An arbitrary constant: the advisory lock every process takes to migrate. */
const MIGRATION_LOCK = 7_432_001

async function migrate(pool: pg.Pool, migrations: ReadonlyArray<Migration>): Promise<void> {
  const client = await pool.connect()
  try {
    await client.query('BEGIN')
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
    await client.query(
      'CREATE TABLE IF NOT EXISTS site_schema_migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())',
    )
    const done = new Set((await client.query('SELECT id FROM site_schema_migrations')).rows.map((row: { id: number }) => row.id))
    for (const migration of migrations) {
      if (done.has(migration.id)) continue
      await client.query(migration.sql)
      await client.query('INSERT INTO site_schema_migrations (id, name) VALUES ($1, $2)', [migration.id, migration.name])
    }
    await client.query('COMMIT')
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw error
  } finally {
    client.release()
  }
}

export interface PostgresDatabase extends SiteDatabase {
  /** A connection of its own that LISTENs on `channel`; `onEnd` hears it close (then a new one must be made). */
  listen(channel: string, onNotify: (payload: string) => void, onEnd: (error?: Error) => void): Promise<{ close(): Promise<void> }>
}

export async function openPostgres(url: string): Promise<PostgresDatabase> {
  const pool = new pg.Pool({ connectionString: url, max: 10, keepAlive: true, connectionTimeoutMillis: 5000 })
  // An idle client that loses its server is reported here; the pool drops it and makes another.
  pool.on('error', (error) => console.error(`[db] a pooled PostgreSQL connection failed: ${error.message}`))
  try {
    await migrate(pool, postgresMigrations)
  } catch (error) {
    await pool.end().catch(() => undefined)
    throw error
  }
  return {
    dialect: 'postgres',
    ...executorOf(pool),
    async transaction(work) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await work(executorOf(client))
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
    },
    async listen(channel, onNotify, onEnd) {
      if (!/^[a-z_]+$/.test(channel)) throw new Error(`not a channel name: ${channel}`)
      const client = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 5000 })
      let ended = false
      const end = (error?: Error) => {
        if (ended) return
        ended = true
        onEnd(error)
      }
      client.on('notification', (message) => {
        if (message.channel === channel) onNotify(message.payload ?? '')
      })
      client.on('error', (error) => end(error))
      client.on('end', () => end())
      try {
        await client.connect()
        await client.query(`LISTEN ${channel}`)
      } catch (error) {
        ended = true
        await client.end().catch(() => undefined)
        throw error
      }
      return {
        async close() {
          ended = true
          await client.end().catch(() => undefined)
        },
      }
    },
    async close() {
      await pool.end()
    },
  }
}
