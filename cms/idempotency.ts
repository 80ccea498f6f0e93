/**
 * `Idempotency-Key` (docs/content-api.md, Idempotency): the site sends one key per
 * submission attempt and sends it again when it retries (a slow answer, its outbox). The
 * first final answer (2xx or 4xx, never 5xx nor 429) for a key is kept for
 * cmsIdempotency.keepMs and replayed, with `Idempotent-Replayed: true`, to any later
 * request with the same key on the same call. So a retry never makes a second entry,
 * account or mail. A form entry and its answer are stored in one transaction
 * (cms/form-entries.ts), so not even a crash between the two can let a retry through.
 */
import type { Client, InStatement } from '@libsql/client'
import { cmsConfig } from './config'
import { errorResponse } from './http'

const limits = cmsConfig.idempotency
const KEY = new RegExp(`^[\\x21-\\x7e]{1,${limits.maxKeyLength}}$`)

/** The request's key: null without one, a 400 answer for a malformed one. */
export function idempotencyKeyOf(request: Request): string | null | Response {
  const key = request.headers.get('idempotency-key')
  if (key === null) return null
  if (!KEY.test(key)) {
    return errorResponse(
      'rest_invalid_idempotency_key',
      `Idempotency-Key must be 1–${limits.maxKeyLength} printable ASCII characters.`,
      400,
    )
  }
  return key
}

function replayed(status: number, body: string): Response {
  return new Response(body, {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'idempotent-replayed': 'true' },
  })
}

/** The kept answer for this key, or null. */
export async function replay(db: Client, scope: string, key: string): Promise<Response | null> {
  const row = (
    await db.execute({
      sql: 'SELECT status, body FROM idempotency_keys WHERE scope = ? AND key = ? AND created_at > ?',
      args: [scope, key, new Date(Date.now() - limits.keepMs).toISOString()],
    })
  ).rows[0]
  return row ? replayed(Number(row.status), String(row.body)) : null
}

const INSERT = 'INSERT INTO idempotency_keys (scope, key, status, body) VALUES (?, ?, ?, ?)'

/** The statement that keeps an answer; fails on a key already kept, so inside a batch it undoes the batch. */
export function keepAnswer(scope: string, key: string, status: number, body: string): InStatement {
  return { sql: INSERT, args: [scope, key, status, body] }
}

export const isDuplicateKey = (error: unknown) =>
  error instanceof Error && /UNIQUE constraint failed: idempotency_keys/i.test(error.message)

let lastSweep = 0
/** Old answers go at most once a minute, on the way. */
export async function sweepIdempotencyKeys(db: Client): Promise<void> {
  if (Date.now() - lastSweep < 60_000) return
  lastSweep = Date.now()
  await db.execute({
    sql: 'DELETE FROM idempotency_keys WHERE created_at <= ?',
    args: [new Date(Date.now() - limits.keepMs).toISOString()],
  })
}

const running = new Map<string, Promise<Response>>()

/**
 * Runs `handle` once per key: a request with a kept key gets the kept answer, one whose
 * key is being handled waits for that answer. For calls whose effect is not a single row
 * (register, forgot); a form entry keeps its answer in its own transaction instead.
 */
export async function withIdempotency(
  database: (() => Promise<Client>) | undefined,
  scope: string,
  request: Request,
  handle: () => Promise<Response>,
): Promise<Response> {
  const key = idempotencyKeyOf(request)
  if (key === null || !database) return handle()
  if (key instanceof Response) return key
  const id = JSON.stringify([scope, key])
  const inflight = running.get(id)
  if (inflight) return (await inflight).clone()
  const run = (async () => {
    const db = await database()
    const earlier = await replay(db, scope, key)
    if (earlier) return earlier
    const response = await handle()
    if (response.status >= 500 || response.status === 429) return response
    const body = await response.clone().text()
    await db.execute({ sql: `${INSERT} ON CONFLICT DO NOTHING`, args: [scope, key, response.status, body] })
    await sweepIdempotencyKeys(db)
    return response
  })()
  running.set(id, run)
  try {
    return (await run).clone()
  } finally {
    running.delete(id)
  }
}
