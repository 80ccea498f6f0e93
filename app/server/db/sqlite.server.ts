/**
 * The site database as an SQLite file (libSQL), the default for one process
 * (SITE_DATABASE_URL, `file:data/site.db`): created and migrated on first use, readable by
 * its owner only (it holds enquiries).
 */
import { chmodSync, existsSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import { createClient, type Client, type InArgs, type Transaction } from '@libsql/client'
import { runMigrations } from '../../lib/sqlite-migrations.server'
import { sqliteMigrations } from './migrations.server'
import type { SiteDatabase, SqlExecutor } from './sql.server'

function executorOf(target: Client | Transaction): SqlExecutor {
  return {
    async execute(statement) {
      const result = await target.execute(
        typeof statement === 'string' ? statement : { sql: statement.sql, args: (statement.args ?? []) as InArgs },
      )
      return { rows: result.rows as unknown as Array<Record<string, unknown>>, rowsAffected: result.rowsAffected }
    },
  }
}

export async function openSqlite(url: string): Promise<SiteDatabase> {
  const file = url.startsWith('file:') ? path.resolve(url.slice('file:'.length)) : null
  if (file) mkdirSync(path.dirname(file), { recursive: true })
  const client = createClient({ url })
  await client.execute('PRAGMA busy_timeout = 5000')
  await runMigrations(client, sqliteMigrations)
  if (file && existsSync(file)) chmodSync(file, 0o600)
  return {
    dialect: 'sqlite',
    ...executorOf(client),
    async transaction(work) {
      const tx = await client.transaction('write')
      try {
        const result = await work(executorOf(tx))
        await tx.commit()
        return result
      } catch (error) {
        await tx.rollback()
        throw error
      } finally {
        tx.close()
      }
    },
    async close() {
      client.close()
    },
  }
}
