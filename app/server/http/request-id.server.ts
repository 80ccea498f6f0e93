/**
 * A short id for the request being handled, for every log line written while it is
 * (app/server/log.server.ts) and the request's own line. A proxy's `X-Request-Id` is kept
 * when it looks like an id, so the line can be found in the proxy's log too; otherwise one
 * is made. The server entry names it for the whole request (`withRequestId`); outside a
 * request (start-up, a test calling the adapter) there is none.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { randomBytes } from 'node:crypto'
import { getRequest } from '@tanstack/react-start/server'

const ids = new WeakMap<Request, string>()
const SAFE_ID = /^[A-Za-z0-9._-]{1,64}$/
const named = new AsyncLocalStorage<string>()

// A new id is 6 random bytes in hex. They are cut from a pool filled by one call for 512 ids:
// a `randomBytes` call per request (into OpenSSL, with a new buffer each time) was about 6 %
// of a cached page's CPU with request lines on (docs/deploy.md, "Logs").
const ID_BYTES = 6
const POOL_BYTES = ID_BYTES * 512
let pool = Buffer.alloc(0)
let taken = 0

function newId(): string {
  if (taken + ID_BYTES > pool.length) {
    pool = randomBytes(POOL_BYTES)
    taken = 0
  }
  taken += ID_BYTES
  return pool.toString('hex', taken - ID_BYTES, taken)
}

/** The proxy's id when it looks like one, else a new one. */
export function requestIdFrom(given: string | null | undefined): string {
  return given && SAFE_ID.test(given) ? given : newId()
}

/** The id a request is known by: the proxy's, or a new one. */
export function requestIdOf(request: Request): string {
  let id = ids.get(request)
  if (id === undefined) {
    id = requestIdFrom(request.headers.get('x-request-id'))
    ids.set(request, id)
  }
  return id
}

/** Runs `handle` with `id` as the current request's id. */
export function withRequestId<T>(id: string, handle: () => T): T {
  return named.run(id, handle)
}

export function currentRequestId(): string | null {
  const id = named.getStore()
  if (id !== undefined) return id
  let request: Request
  try {
    request = getRequest()
  } catch {
    return null
  }
  return requestIdOf(request)
}
