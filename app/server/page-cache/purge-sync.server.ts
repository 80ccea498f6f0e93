/**
 * Purges reach every server process that shares the site's PostgreSQL (DATABASE_URL;
 * docs/decisions/032-postgres-for-several-servers.md, docs/architecture.md "Where a page is purged").
 * The process that takes a revalidation purges its own caches, then writes the purge to
 * `purge_log` and NOTIFYs the others; each other process LISTENs, reads the log after the
 * last entry it applied, and purges in the same order (purge.server.ts). The log is also the
 * fallback: a process that was disconnected, or starts late, reads what it missed before
 * its page cache answers again (`inSync()`), so an edit never shows on some requests and
 * not on others for longer than the notification takes.
 *
 * Without DATABASE_URL there is one process and nothing to tell: every call here is a no-op.
 */
import { randomUUID } from 'node:crypto'
import type { PurgeRequest } from '../../contract/cache-tags'
import { sharedDatabase } from '../db/site-db.server'
import { allowReplays } from '../http/replay.server'
import type { PostgresDatabase } from '../db/postgres.server'

const CHANNEL = 'site_purge'
/** Entries older than this are deleted; a build older than it purges every prerendered page when it starts. */
const KEEP_MS = 30 * 24 * 60 * 60_000
const RECONNECT_MS = 1000
/** How long the page cache waits for the log after a start or a lost connection before it answers anyway (and says so). */
const WAIT_AT_MOST_MS = 3000
/** Entries read per query while catching up. */
const BATCH = 500

export interface PurgeSyncOptions {
  /** Applies one purge to this process's caches (purge.server.ts). */
  apply: (request: PurgeRequest) => void
  /** When the prerendered pages this process started with were built (ms), or null without them. */
  builtAt: () => Promise<number | null>
  database?: () => Promise<PostgresDatabase | null>
}

export type BroadcastReport = { instances: 'notified' } | { instances: { failed: string } }

const message = (error: unknown) => (error instanceof Error ? error.message : String(error))

export function createPurgeSync(options: PurgeSyncOptions) {
  const database = options.database ?? sharedDatabase
  const origin = randomUUID()
  /** The id of the last log entry applied here; null until the first catch-up at start. */
  let lastApplied: number | null = null
  let catchingUp: Promise<void> | null = null
  let again = false
  let listener: { close(): Promise<void> } | null = null
  let stopped = false
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined
  let failingSince = 0

  // The gate the page cache waits at: shut until the log is read, at start and after a lost connection.
  let gate: Promise<void> = Promise.resolve()
  let openGate: (() => void) | null = null
  function shutGate() {
    // Nothing is sent again as it was (replay.server.ts) until the missed purges are applied.
    allowReplays(false)
    if (openGate) return
    gate = new Promise<void>((resolve) => {
      const open = () => {
        if (openGate !== open) return
        openGate = null
        resolve()
      }
      openGate = open
      setTimeout(() => {
        if (openGate !== open) return
        console.error(
          `[purge-sync] the purge log could not be read within ${WAIT_AT_MOST_MS} ms; answering from this process's cache meanwhile`,
        )
        open()
      }, WAIT_AT_MOST_MS).unref()
    })
  }
  const letThrough = () => {
    allowReplays(true)
    openGate?.()
  }

  function applyRow(row: Record<string, unknown>) {
    const id = Number(row.id)
    if (row.origin !== origin) {
      try {
        options.apply(JSON.parse(String(row.request_json)) as PurgeRequest)
      } catch (error) {
        console.error(`[purge-sync] purge #${id} could not be applied: ${message(error)}`)
      }
    }
    lastApplied = id
  }

  async function catchUp(db: PostgresDatabase) {
    if (lastApplied === null) {
      // At start the caches hold only the build's prerendered pages: what was purged since the build applies to them.
      const newest = Number((await db.execute('SELECT coalesce(max(id), 0) AS id FROM purge_log')).rows[0]?.id ?? 0)
      const builtAt = await options.builtAt()
      if (builtAt !== null && builtAt < Date.now() - KEEP_MS) options.apply({ tags: ['all'], paths: [] })
      else if (builtAt !== null) {
        const missed = await db.execute({
          sql: 'SELECT id, request_json, origin FROM purge_log WHERE id <= ? AND created_at > ? ORDER BY id',
          args: [newest, builtAt],
        })
        for (const row of missed.rows) applyRow(row)
      }
      lastApplied = newest
    }
    for (;;) {
      const rows = (
        await db.execute({
          sql: 'SELECT id, request_json, origin FROM purge_log WHERE id > ? ORDER BY id LIMIT ?',
          args: [lastApplied, BATCH],
        })
      ).rows
      for (const row of rows) applyRow(row)
      if (rows.length < BATCH) return
    }
  }

  /** Reads the log once at a time; a notification that comes meanwhile reads again after. */
  function sync(db: PostgresDatabase): Promise<void> {
    if (catchingUp) {
      again = true
      return catchingUp
    }
    catchingUp = (async () => {
      do {
        again = false
        await catchUp(db)
      } while (again)
    })().finally(() => {
      catchingUp = null
    })
    return catchingUp
  }

  function reconnectLater(error: unknown) {
    if (stopped) return
    // Not listening: a replay could outlive another process's purge, so there are none until the log is read again.
    allowReplays(false)
    // The first failure of a streak shuts the gate (at start it is shut already); later ones do not, so a long
    // outage delays the page cache once, by WAIT_AT_MOST_MS, not at every retry.
    if (failingSince === 0) shutGate()
    const time = Date.now()
    // The first failure is said at once, then once a minute while it lasts.
    if (failingSince === 0 || time - failingSince > 60_000) {
      failingSince = time
      console.error(`[purge-sync] not listening for other processes' purges (${message(error)}); retrying every ${RECONNECT_MS} ms`)
    }
    clearTimeout(reconnectTimer)
    reconnectTimer = setTimeout(() => void connect(), RECONNECT_MS)
    reconnectTimer.unref()
  }

  async function connect(): Promise<void> {
    if (stopped) return
    try {
      const db = await database()
      if (!db) return
      listener = await db.listen(
        CHANNEL,
        () => void sync(db).catch((error: unknown) => console.error(`[purge-sync] reading the purge log failed: ${message(error)}`)),
        (error) => {
          listener = null
          reconnectLater(error ?? new Error('the connection ended'))
        },
      )
      // Listening first, then reading: a purge logged in between is in the read or in a notification.
      await sync(db)
      if (failingSince !== 0) console.info('[purge-sync] listening again; the purges missed meanwhile are applied')
      failingSince = 0
      letThrough()
    } catch (error) {
      await listener?.close()
      listener = null
      reconnectLater(error)
    }
  }

  return {
    /** Starts listening (once; nothing without DATABASE_URL). The page cache waits at `inSync()` until the log is read. */
    start(shared: boolean) {
      if (!shared || stopped || openGate || listener) return
      shutGate()
      void connect()
    },
    /** Resolves when this process applied every purge logged so far, or waited WAIT_AT_MOST_MS for it. */
    inSync: (): Promise<void> => gate,
    /** Tells the other processes (after this one purged): the log entry, then NOTIFY, in one statement. */
    async broadcast(request: PurgeRequest): Promise<BroadcastReport | null> {
      let db: PostgresDatabase | null
      try {
        db = await database()
        if (!db) return null
        const time = Date.now()
        await db.execute({
          sql: `WITH logged AS (INSERT INTO purge_log (request_json, origin, created_at) VALUES (?, ?, ?) RETURNING id)
                SELECT pg_notify('${CHANNEL}', id::text) FROM logged`,
          args: [JSON.stringify(request), origin, time],
        })
        // The log stays short: old entries go on about one purge in fifty.
        if (Math.random() < 0.02) await db.execute({ sql: 'DELETE FROM purge_log WHERE created_at < ?', args: [time - KEEP_MS] })
        return { instances: 'notified' }
      } catch (error) {
        console.error(`[purge-sync] the other processes were not told of this purge: ${message(error)}`)
        return { instances: { failed: message(error) } }
      }
    },
    async stop() {
      stopped = true
      clearTimeout(reconnectTimer)
      letThrough()
      await listener?.close()
      listener = null
    },
  }
}
