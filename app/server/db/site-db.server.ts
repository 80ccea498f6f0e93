/**
 * The site's own SQLite (libSQL) database, SITE_DATABASE_URL (default `file:data/site.db`):
 * not the CMS's, since the site may run against WordPress. It holds what the site must
 * not lose while the backend is down: the outbox of submissions, the answers given per
 * idempotency key, and the last good form definitions. Created and migrated on first use.
 */
import { chmodSync, existsSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import { createClient, type Client } from '@libsql/client'
import { runMigrations, type Migration } from '../../lib/sqlite-migrations.server'

/** Each migration runs once, in order, inside a transaction; never edit one that has shipped. */
const migrations: ReadonlyArray<Migration> = [
  {
    id: 1,
    name: 'outbox',
    sql: `
      CREATE TABLE outbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        kind TEXT NOT NULL CHECK (kind IN ('form', 'account')),
        target TEXT NOT NULL,
        locale TEXT NOT NULL,
        payload_json TEXT NOT NULL,
        file_bytes INTEGER NOT NULL DEFAULT 0,
        idempotency_key TEXT NOT NULL,
        state TEXT NOT NULL DEFAULT 'waiting' CHECK (state IN ('waiting', 'sending', 'rejected')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        claimed_until INTEGER,
        last_error TEXT,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
      );
      CREATE INDEX outbox_due ON outbox (state, next_attempt_at);
      CREATE TABLE idempotent_answers (
        scope TEXT NOT NULL,
        key TEXT NOT NULL,
        answer_json TEXT NOT NULL,
        stored_at INTEGER NOT NULL,
        PRIMARY KEY (scope, key)
      );
      CREATE INDEX idempotent_answers_age ON idempotent_answers (stored_at);
      CREATE TABLE form_definitions (
        cache_key TEXT PRIMARY KEY,
        definition_json TEXT NOT NULL,
        site_url TEXT,
        stored_at INTEGER NOT NULL
      );
    `,
  },
]

/** Opens and migrates a site database; a file's folder is created, and the file is readable by its owner only (it holds enquiries). */
export async function openSiteDatabase(url: string): Promise<Client> {
  const file = url.startsWith('file:') ? path.resolve(url.slice('file:'.length)) : null
  if (file) mkdirSync(path.dirname(file), { recursive: true })
  const client = createClient({ url })
  await client.execute('PRAGMA busy_timeout = 5000')
  await runMigrations(client, migrations)
  if (file && existsSync(file)) chmodSync(file, 0o600)
  return client
}
