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

/** How long a statement waits for another process's write on the same file (`npm run outbox` beside the server). */
const BUSY_TIMEOUT_MS = 5000

/**
 * One connection, and a write transaction has it to itself. libSQL runs each statement
 * synchronously on this thread, and its client would open more connections when calls
 * overlap: then a statement on a second connection, while a transaction on the first
 * waits between its statements, finds the file locked (SQLITE_BUSY). Waiting for the lock
 * there would block the thread the transaction needs to finish, so under load during a
 * backend outage the outbox refused about half the enquiries it should have kept
 * (`npm run soak`). Statements queue behind a transaction instead; one connection also
 * keeps its settings. A transaction's work uses only its own executor (outbox.server.ts),
 * so nothing waits for itself.
 */
export async function openSqlite(url: string): Promise<SiteDatabase> {
  const file = url.startsWith('file:') ? path.resolve(url.slice('file:'.length)) : null
  if (file) mkdirSync(path.dirname(file), { recursive: true })
  const client = createClient({ url, concurrency: 1, timeout: BUSY_TIMEOUT_MS })
  await runMigrations(client, sqliteMigrations)
  if (file && existsSync(file)) chmodSync(file, 0o600)
  const direct = executorOf(client)
  let turn: Promise<unknown> = Promise.resolve()
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const result = turn.then(work, work)
    turn = result.catch(() => undefined)
    return result
  }
  return {
    dialect: 'sqlite',
    execute: (statement) => inTurn(() => direct.execute(statement)),
    transaction: (work) =>
      inTurn(async () => {
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
      }),
    async close() {
      await turn
      client.close()
    },
  }
}
