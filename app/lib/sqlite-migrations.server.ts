/**
 * The one migration runner for both SQLite (libSQL) databases: the embedded CMS's
 * (`cms/db.ts`) and the site's own (`app/server/db/site-db.server.ts`). Here, in `app/lib/`,
 * because the layer rules let both sides import it and neither import the other.
 */
import type { Client } from '@libsql/client'

export interface Migration {
  id: number
  name: string
  sql: string
}

/**
 * Runs each migration not yet recorded in `schema_migrations`, in order, each inside its
 * own write transaction with its record, so a failed one leaves nothing half-applied.
 * Another process migrating the same file at the same moment (two servers starting) is
 * not an error: its migration is the one that stands. Answers the ids this call applied.
 */
export async function runMigrations(client: Client, migrations: ReadonlyArray<Migration>): Promise<number[]> {
  await client.execute(
    `CREATE TABLE IF NOT EXISTS schema_migrations (id INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))`,
  )
  const done = new Set((await client.execute('SELECT id FROM schema_migrations')).rows.map((row) => Number(row.id)))
  const applied: number[] = []
  for (const migration of migrations) {
    if (done.has(migration.id)) continue
    const tx = await client.transaction('write')
    try {
      await tx.executeMultiple(migration.sql)
      await tx.execute({ sql: 'INSERT INTO schema_migrations (id, name) VALUES (?, ?)', args: [migration.id, migration.name] })
      await tx.commit()
      applied.push(migration.id)
    } catch (error) {
      await tx.rollback()
      if (!(await recordedElsewhere(client, migration.id))) throw error
    } finally {
      tx.close()
    }
  }
  return applied
}

/** Did another process record this migration meanwhile? (Then our failed copy of it is moot.) */
async function recordedElsewhere(client: Client, id: number): Promise<boolean> {
  const rows = await client.execute({ sql: 'SELECT 1 FROM schema_migrations WHERE id = ?', args: [id] })
  return rows.rows.length > 0
}
