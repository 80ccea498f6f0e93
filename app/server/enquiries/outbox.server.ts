/**
 * The outbox (docs/decisions/011-submission-outbox.md): a form submission or a
 * retry-safe account call that the backend could not take (network error, timeout, 5xx)
 * waits here, in the site's database, with its files in the same database
 * (`outbox_files`), until the worker (outbox-worker.server.ts) has it accepted (row and
 * files deleted) or rejected (kept for an operator). So any process that shares the
 * database can send it (docs/decisions/032-postgres-for-several-servers.md). `npm run outbox` reads and
 * edits the same store.
 */
import { openAsBlob } from 'node:fs'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import type { SiteDatabase, SqlExecutor } from '../db/sql.server'
import type { Locale } from '../../config/site'
import { outboxConfig } from '../config.server'
import { isLocale } from '../../lib/url'

type OutboxKind = 'form' | 'account'

/** A submission's parts as the backend takes them: text, or a file (kept in the database while waiting). */
export type OutboxEntry = [key: string, value: string | Blob, fileName?: string]

interface FormPayload {
  entries: OutboxEntry[]
  visitorIp: string | null
  sourceUrl: string
}

interface AccountPayload {
  fields: Record<string, string>
  query?: Record<string, string>
  visitorIp: string | null
}

export type OutboxItem = { id: number; locale: Locale; idempotencyKey: string; attempts: number } & (
  { kind: 'form'; target: string; payload: FormPayload } | { kind: 'account'; target: 'register' | 'forgot'; payload: AccountPayload }
)

/** What a caller hands to enqueue (Omit per member, so `kind` still tells the payload). */
export type NewOutboxItem = OutboxItem extends infer Item ? (Item extends OutboxItem ? Omit<Item, 'id' | 'attempts'> : never) : never

export interface OutboxRow {
  id: number
  kind: OutboxKind
  target: string
  created: string
  attempts: number
  state: 'waiting' | 'sending' | 'rejected'
  nextAttemptAt: number
  lastError: string | null
}

/**
 * How a stored part is written in payload_json: text as is, a file by its position in
 * `outbox_files`; `file` is a file on disk, as rows stored before migration 2 name theirs.
 */
type StoredEntry =
  | { key: string; text: string }
  | { key: string; part: number; name: string; type: string }
  | { key: string; file: string; name: string; type: string }

export interface OutboxOptions {
  database: () => Promise<SiteDatabase>
  /** SITE_OUTBOX_DIR: where rows stored before the files moved into the database keep theirs. */
  fileDir: string
  now?: () => number
  random?: () => number
}

/** The wait before retry number `attempt` (1 = the first retry): exponential, capped, with jitter so many waiting submissions do not all retry at once. */
function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const exponential = Math.min(outboxConfig.retryMaxMs, outboxConfig.retryBaseMs * 2 ** Math.max(0, attempt - 1))
  return Math.round(exponential * (0.5 + random() / 2))
}

export function createOutbox(options: OutboxOptions) {
  const now = options.now ?? Date.now
  const random = options.random ?? Math.random

  /** The parts as payload_json keeps them, and the files' bytes by position. */
  async function storedParts(entries: OutboxEntry[]): Promise<{ stored: StoredEntry[]; files: Uint8Array[]; bytes: number }> {
    const stored: StoredEntry[] = []
    const files: Uint8Array[] = []
    let bytes = 0
    for (const [key, value, fileName] of entries) {
      if (typeof value === 'string') {
        stored.push({ key, text: value })
        continue
      }
      files.push(new Uint8Array(await value.arrayBuffer()))
      bytes += value.size
      stored.push({ key, part: files.length - 1, name: fileName ?? (value instanceof File ? value.name : 'upload'), type: value.type })
    }
    return { stored, files, bytes }
  }

  /** Files on disk of rows stored before migration 2. */
  async function removeLegacyFiles(names: string[]) {
    await Promise.all(names.map((name) => rm(path.join(options.fileDir, path.basename(name)), { force: true }).catch(() => undefined)))
  }

  function legacyFilesOf(payloadJson: string): string[] {
    const payload = JSON.parse(payloadJson) as { entries?: StoredEntry[] }
    return (payload.entries ?? []).flatMap((entry) => ('file' in entry ? [entry.file] : []))
  }

  /** Deletes rows (by the statement, which returns their id and payload_json) with their files. */
  async function deleteRows(db: SiteDatabase, statement: { sql: string; args?: Array<string | number> }) {
    const removed = await db.transaction(async (tx) => {
      const rows = (await tx.execute(statement)).rows
      for (const row of rows) await tx.execute({ sql: 'DELETE FROM outbox_files WHERE outbox_id = ?', args: [Number(row.id)] })
      return rows
    })
    await removeLegacyFiles(removed.flatMap((row) => legacyFilesOf(String(row.payload_json))))
    return removed.length
  }

  async function decode(db: SqlExecutor, row: Record<string, unknown>): Promise<OutboxItem | null> {
    const locale = String(row.locale)
    if (!isLocale(locale)) return null
    const base = { id: Number(row.id), locale, idempotencyKey: String(row.idempotency_key), attempts: Number(row.attempts) }
    const payload: unknown = JSON.parse(String(row.payload_json))
    if (row.kind === 'account') {
      const target = String(row.target)
      if (target !== 'register' && target !== 'forgot') return null
      return { ...base, kind: 'account', target, payload: payload as AccountPayload }
    }
    const form = payload as { entries: StoredEntry[]; visitorIp: string | null; sourceUrl: string }
    const parts = new Map<number, Uint8Array<ArrayBuffer>>()
    if (form.entries.some((entry) => 'part' in entry)) {
      const files = await db.execute({ sql: 'SELECT position, bytes FROM outbox_files WHERE outbox_id = ?', args: [base.id] })
      for (const file of files.rows) parts.set(Number(file.position), new Uint8Array(file.bytes as ArrayBuffer))
    }
    const entries: OutboxEntry[] = []
    for (const entry of form.entries) {
      if ('text' in entry) entries.push([entry.key, entry.text])
      else if ('part' in entry) {
        const bytes = parts.get(entry.part)
        if (!bytes) throw new Error(`its file ${entry.part + 1} is missing`)
        entries.push([entry.key, new Blob([bytes], { type: entry.type }), entry.name])
      } else {
        const blob = await openAsBlob(path.join(options.fileDir, path.basename(entry.file)), { type: entry.type })
        entries.push([entry.key, blob, entry.name])
      }
    }
    return { ...base, kind: 'form', target: String(row.target), payload: { entries, visitorIp: form.visitorIp, sourceUrl: form.sourceUrl } }
  }

  return {
    /**
     * Keeps a submission the backend could not take, as attempt 1 of its delivery; its
     * first retry is due after retryDelayMs(1). Null when the outbox is full.
     */
    async enqueue(item: NewOutboxItem, error: string): Promise<number | null> {
      const db = await options.database()
      const totals = await db.execute(
        "SELECT count(*) AS waiting, coalesce(sum(file_bytes), 0) AS bytes FROM outbox WHERE state != 'rejected'",
      )
      const waiting = Number(totals.rows[0]?.waiting ?? 0)
      const bytes = Number(totals.rows[0]?.bytes ?? 0)
      const incoming =
        item.kind === 'form' ? item.payload.entries.reduce((sum, [, value]) => sum + (typeof value === 'string' ? 0 : value.size), 0) : 0
      if (waiting >= outboxConfig.maxWaiting || bytes + incoming > outboxConfig.maxFileBytes) return null

      const {
        stored,
        files,
        bytes: fileBytes,
      } = item.kind === 'form' ? await storedParts(item.payload.entries) : { stored: [], files: [], bytes: 0 }
      const payload = item.kind === 'form' ? { ...item.payload, entries: stored } : item.payload
      // The row and its files in one transaction: a crash between them leaves neither.
      return db.transaction(async (tx) => {
        const result = await tx.execute({
          sql: `INSERT INTO outbox (kind, target, locale, payload_json, file_bytes, idempotency_key, attempts, next_attempt_at, last_error)
                VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?) RETURNING id`,
          args: [
            item.kind,
            item.target,
            item.locale,
            JSON.stringify(payload),
            fileBytes,
            item.idempotencyKey,
            now() + retryDelayMs(1, random),
            error,
          ],
        })
        const id = Number(result.rows[0]?.id)
        for (const [position, bytes] of files.entries()) {
          await tx.execute({ sql: 'INSERT INTO outbox_files (outbox_id, position, bytes) VALUES (?, ?, ?)', args: [id, position, bytes] })
        }
        return id
      })
    },

    /**
     * Takes up to `limit` due submissions for this worker: each is marked as being sent
     * until claimMs from now, so a second worker (another process on the same database)
     * skips it, and a crashed one gives it back. Postgres claims in one statement, skipping
     * rows another worker has locked; SQLite (one writer at a time) claims row by row, each
     * update guarded by the same condition as the search.
     */
    async claimDue(limit: number): Promise<OutboxItem[]> {
      const db = await options.database()
      const time = now()
      const due = `(state = 'waiting' AND next_attempt_at <= ?) OR (state = 'sending' AND claimed_until <= ?)`
      const returning = 'RETURNING id, kind, target, locale, payload_json, idempotency_key, attempts'
      let claimed: Array<Record<string, unknown>>
      if (db.dialect === 'postgres') {
        claimed = (
          await db.execute({
            sql: `UPDATE outbox SET state = 'sending', claimed_until = ?
                  WHERE id IN (SELECT id FROM outbox WHERE ${due} ORDER BY next_attempt_at LIMIT ? FOR UPDATE SKIP LOCKED)
                  ${returning}`,
            args: [time + outboxConfig.claimMs, time, time, limit],
          })
        ).rows
      } else {
        claimed = []
        const found = await db.execute({
          sql: `SELECT id FROM outbox WHERE ${due} ORDER BY next_attempt_at LIMIT ?`,
          args: [time, time, limit],
        })
        for (const { id } of found.rows) {
          const row = (
            await db.execute({
              sql: `UPDATE outbox SET state = 'sending', claimed_until = ? WHERE id = ? AND (${due}) ${returning}`,
              args: [time + outboxConfig.claimMs, Number(id), time, time],
            })
          ).rows[0]
          if (row) claimed.push(row)
        }
      }
      const items: OutboxItem[] = []
      for (const row of claimed) {
        const id = Number(row.id)
        try {
          const item = await decode(db, row)
          if (item) items.push(item)
          else await this.rejected(id, 'The stored submission could not be read.')
        } catch (error) {
          await this.rejected(id, `The stored submission could not be read: ${error instanceof Error ? error.message : String(error)}`)
        }
      }
      return items
    },

    /** The backend accepted it: the submission and its files are gone. */
    async delivered(id: number): Promise<void> {
      await deleteRows(await options.database(), { sql: 'DELETE FROM outbox WHERE id = ? RETURNING id, payload_json', args: [id] })
    },

    /** The backend refused it (4xx): kept, with the reason, for an operator (`npm run outbox list`). */
    async rejected(id: number, reason: string): Promise<void> {
      const db = await options.database()
      await db.execute({
        sql: "UPDATE outbox SET state = 'rejected', claimed_until = NULL, last_error = ? WHERE id = ?",
        args: [reason.slice(0, 2000), id],
      })
    },

    /** The backend could still not take it: the next retry waits longer. */
    async failed(id: number, reason: string): Promise<void> {
      const db = await options.database()
      const row = (await db.execute({ sql: 'SELECT attempts FROM outbox WHERE id = ?', args: [id] })).rows[0]
      if (!row) return
      const attempts = Number(row.attempts) + 1
      await db.execute({
        sql: "UPDATE outbox SET state = 'waiting', claimed_until = NULL, attempts = ?, next_attempt_at = ?, last_error = ? WHERE id = ?",
        args: [attempts, now() + retryDelayMs(attempts, random), reason.slice(0, 2000), id],
      })
    },

    async list(): Promise<OutboxRow[]> {
      const db = await options.database()
      const result = await db.execute(
        'SELECT id, kind, target, created_at, attempts, state, next_attempt_at, last_error FROM outbox ORDER BY id',
      )
      return result.rows.map((row) => ({
        id: Number(row.id),
        kind: row.kind === 'account' ? 'account' : 'form',
        target: String(row.target),
        created: String(row.created_at),
        attempts: Number(row.attempts),
        state: row.state === 'rejected' ? 'rejected' : row.state === 'sending' ? 'sending' : 'waiting',
        nextAttemptAt: Number(row.next_attempt_at),
        lastError: typeof row.last_error === 'string' ? row.last_error : null,
      }))
    },

    /** Makes submissions due now: one by id (a rejected one too, once an operator fixed the cause), or every waiting one. */
    async retry(id?: number): Promise<number> {
      const db = await options.database()
      const result =
        id === undefined
          ? await db.execute({ sql: "UPDATE outbox SET next_attempt_at = ? WHERE state = 'waiting'", args: [now()] })
          : await db.execute({
              sql: "UPDATE outbox SET state = 'waiting', claimed_until = NULL, next_attempt_at = ? WHERE id = ? AND state != 'sending'",
              args: [now(), id],
            })
      return result.rowsAffected
    },

    /** Deletes submissions and their files: one by id, or every rejected one. */
    async purge(which: number | 'rejected'): Promise<number> {
      const db = await options.database()
      return which === 'rejected'
        ? deleteRows(db, { sql: "DELETE FROM outbox WHERE state = 'rejected' RETURNING id, payload_json" })
        : deleteRows(db, { sql: 'DELETE FROM outbox WHERE id = ? RETURNING id, payload_json', args: [which] })
    },
  }
}

export type Outbox = ReturnType<typeof createOutbox>
