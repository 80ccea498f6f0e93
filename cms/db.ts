/**
 * The embedded CMS's SQLite store (libSQL). Reads come from content/ files; the writes
 * (form entries and their files, comments, accounts, sessions, reset tokens, outgoing
 * mail, the answers kept per idempotency key, chat tickets and their messages) live here. Migrations run once when the database is opened.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { createClient, type Client } from '@libsql/client'
import { runMigrations, type Migration } from '../app/lib/sqlite-migrations.server'

/** Each migration runs once, in order, inside a transaction; never edit one that has shipped. */
const migrations: ReadonlyArray<Migration> = [
  {
    id: 1,
    name: 'initial',
    sql: `
      CREATE TABLE form_entries (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        form_id TEXT NOT NULL,
        locale TEXT NOT NULL,
        values_json TEXT NOT NULL,
        hidden_value TEXT,
        source_url TEXT,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
      );
      CREATE INDEX form_entries_form ON form_entries (form_id, created_at);
      CREATE TABLE entry_files (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        entry_id INTEGER NOT NULL REFERENCES form_entries (id) ON DELETE CASCADE,
        field_id TEXT NOT NULL,
        file_name TEXT NOT NULL,
        mime_type TEXT NOT NULL,
        size_bytes INTEGER NOT NULL,
        stored_path TEXT NOT NULL
      );
      CREATE TABLE comments (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        post_id INTEGER NOT NULL,
        author_name TEXT NOT NULL,
        author_email TEXT NOT NULL,
        content TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'spam')),
        author_ip TEXT,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
      );
      CREATE INDEX comments_post ON comments (post_id, status, created_at);
      CREATE TABLE users (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        email TEXT NOT NULL UNIQUE COLLATE NOCASE,
        name TEXT NOT NULL,
        password_hash TEXT NOT NULL,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
      );
      CREATE TABLE reset_tokens (
        token_hash TEXT PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        expires_at TEXT NOT NULL,
        used_at TEXT
      );
      CREATE TABLE outbox (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        to_address TEXT NOT NULL,
        subject TEXT NOT NULL,
        body TEXT NOT NULL,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
      );
    `,
  },
  {
    id: 2,
    name: 'sessions',
    sql: `
      CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
        expires_at TEXT NOT NULL
      );
      CREATE INDEX sessions_user ON sessions (user_id);
      CREATE INDEX reset_tokens_user ON reset_tokens (user_id);
      ALTER TABLE outbox ADD COLUMN sent_at TEXT;
    `,
  },
  {
    id: 3,
    name: 'idempotency_keys',
    sql: `
      CREATE TABLE idempotency_keys (
        scope TEXT NOT NULL,
        key TEXT NOT NULL,
        status INTEGER NOT NULL,
        body TEXT NOT NULL,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
        PRIMARY KEY (scope, key)
      );
      CREATE INDEX idempotency_keys_age ON idempotency_keys (created_at);
    `,
  },
  {
    id: 4,
    name: 'chat_tickets',
    sql: `
      CREATE TABLE chat_tickets (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        token_hash TEXT NOT NULL,
        locale TEXT NOT NULL,
        page_url TEXT,
        visitor_ip TEXT,
        status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
      );
      CREATE TABLE chat_messages (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        ticket_id INTEGER NOT NULL REFERENCES chat_tickets (id) ON DELETE CASCADE,
        author TEXT NOT NULL CHECK (author IN ('visitor', 'agent')),
        body TEXT NOT NULL,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
      );
      CREATE INDEX chat_messages_ticket ON chat_messages (ticket_id, id);
    `,
  },
]

const migrate = (client: Client): Promise<number[]> => runMigrations(client, migrations)

/** Opens (creating the folder of a file: URL if needed) and migrates the database. */
export async function openDatabase(url: string): Promise<Client> {
  if (url.startsWith('file:')) {
    mkdirSync(path.dirname(path.resolve(url.slice('file:'.length))), { recursive: true })
  }
  // One connection (its calls take turns; each runs synchronously anyway), so the pragma below holds for every
  // statement: libSQL's client opens more when calls overlap, and a new connection starts without it.
  const client = createClient({ url, concurrency: 1, timeout: 5000 })
  await client.execute('PRAGMA foreign_keys = ON')
  await migrate(client)
  return client
}
