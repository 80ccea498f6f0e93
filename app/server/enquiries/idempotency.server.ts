/**
 * Idempotency keys on the site's side (docs/decisions/011-submission-outbox.md). The
 * browser makes one key per submission attempt; a second request with the same key
 * while the first is still running waits for it and gets its answer, and one after it
 * ended with a final answer (sent, or kept in the outbox) gets that answer again from the
 * site's database. So a double click or a retried request never makes a second entry.
 */
import type { SiteDatabase } from '../db/sql.server'
import { outboxConfig } from '../config.server'

/** What the browser sends: crypto.randomUUID(), or anything of the same alphabet and a sane length. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,100}$/

export interface IdempotencyOptions {
  database: () => Promise<SiteDatabase>
  now?: () => number
}

export function createIdempotency(options: IdempotencyOptions) {
  const now = options.now ?? Date.now
  const running = new Map<string, Promise<unknown>>()
  let lastSweep = 0

  async function stored<T>(scope: string, key: string): Promise<T | undefined> {
    const db = await options.database()
    const row = (
      await db.execute({
        sql: 'SELECT answer_json FROM idempotent_answers WHERE scope = ? AND key = ? AND stored_at > ?',
        args: [scope, key, now() - outboxConfig.answerKeepMs],
      })
    ).rows[0]
    return row ? (JSON.parse(String(row.answer_json)) as T) : undefined
  }

  async function store(scope: string, key: string, answer: unknown) {
    const db = await options.database()
    const time = now()
    await db.execute({
      sql: 'INSERT INTO idempotent_answers (scope, key, answer_json, stored_at) VALUES (?, ?, ?, ?) ON CONFLICT (scope, key) DO NOTHING',
      args: [scope, key, JSON.stringify(answer), time],
    })
    // Old answers go at most once a minute, on the way.
    if (time - lastSweep > 60_000) {
      lastSweep = time
      await db.execute({ sql: 'DELETE FROM idempotent_answers WHERE stored_at <= ?', args: [time - outboxConfig.answerKeepMs] })
    }
  }

  return {
    /**
     * Runs `task` once per (scope, key). `isFinal` says which answers are kept and
     * replayed; any other (a validation error, "try again") lets the next request with
     * the key run again.
     */
    async once<T>(scope: string, key: string, task: () => Promise<T>, isFinal: (answer: T) => boolean): Promise<T> {
      const id = JSON.stringify([scope, key])
      const inflight = running.get(id)
      if (inflight) return inflight as Promise<T>
      const run = (async () => {
        const earlier = await stored<T>(scope, key)
        if (earlier !== undefined) return earlier
        const answer = await task()
        // The answer stands even if it cannot be kept: the backend has the key too.
        if (isFinal(answer))
          await store(scope, key, answer).catch((error: unknown) =>
            console.error(`[idempotency] keeping an answer failed: ${error instanceof Error ? error.message : String(error)}`),
          )
        return answer
      })()
      running.set(id, run)
      try {
        return await run
      } finally {
        running.delete(id)
      }
    },
  }
}
