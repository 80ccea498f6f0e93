/**
 * The site database's tables, in both dialects. Each migration runs once, in order, inside
 * a transaction; never edit one that has shipped, add the next. What each table holds:
 * docs/architecture.md ("The site database").
 */
import type { Migration } from '../../lib/sqlite-migrations.server'

export const sqliteMigrations: ReadonlyArray<Migration> = [
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
  {
    id: 2,
    name: 'outbox files in the database',
    // A waiting enquiry's attachments, kept with its row (before, they were files in SITE_OUTBOX_DIR).
    sql: `
      CREATE TABLE outbox_files (
        outbox_id INTEGER NOT NULL,
        position INTEGER NOT NULL,
        bytes BLOB NOT NULL,
        PRIMARY KEY (outbox_id, position)
      );
    `,
  },
]

/** The same tables in PostgreSQL (times in milliseconds need BIGINT), with the rate limits and the purge log several servers share. */
export const postgresMigrations: ReadonlyArray<Migration> = [
  {
    id: 1,
    name: 'shared site tables',
    sql: `
      CREATE TABLE outbox (
        id BIGSERIAL PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('form', 'account')),
        target TEXT NOT NULL,
        locale TEXT NOT NULL,
        payload_json TEXT NOT NULL,
        file_bytes BIGINT NOT NULL DEFAULT 0,
        idempotency_key TEXT NOT NULL,
        state TEXT NOT NULL DEFAULT 'waiting' CHECK (state IN ('waiting', 'sending', 'rejected')),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at BIGINT NOT NULL,
        claimed_until BIGINT,
        last_error TEXT,
        created_at TEXT NOT NULL DEFAULT to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      );
      CREATE INDEX outbox_due ON outbox (state, next_attempt_at);
      CREATE TABLE outbox_files (
        outbox_id BIGINT NOT NULL REFERENCES outbox (id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        bytes BYTEA NOT NULL,
        PRIMARY KEY (outbox_id, position)
      );
      CREATE TABLE idempotent_answers (
        scope TEXT NOT NULL,
        key TEXT NOT NULL,
        answer_json TEXT NOT NULL,
        stored_at BIGINT NOT NULL,
        PRIMARY KEY (scope, key)
      );
      CREATE INDEX idempotent_answers_age ON idempotent_answers (stored_at);
      CREATE TABLE form_definitions (
        cache_key TEXT PRIMARY KEY,
        definition_json TEXT NOT NULL,
        site_url TEXT,
        stored_at BIGINT NOT NULL
      );
      CREATE TABLE rate_limits (
        key TEXT PRIMARY KEY,
        used BIGINT NOT NULL,
        reset_at BIGINT NOT NULL,
        ok BOOLEAN NOT NULL
      );
      CREATE TABLE purge_log (
        id BIGSERIAL PRIMARY KEY,
        request_json TEXT NOT NULL,
        origin TEXT NOT NULL,
        created_at BIGINT NOT NULL
      );
      CREATE INDEX purge_log_age ON purge_log (created_at);
    `,
  },
]
