/**
 * A short id for the request being handled, for log lines that need one (a backend
 * outage names the request that tripped it). A proxy's `X-Request-Id` is kept when it
 * looks like an id, so the line can be found in the proxy's log too; otherwise one is
 * made. Outside a request (start-up, a test calling the adapter) there is none.
 */
import { randomBytes } from 'node:crypto'
import { getRequest } from '@tanstack/react-start/server'

const ids = new WeakMap<Request, string>()
const SAFE_ID = /^[A-Za-z0-9._-]{1,64}$/

export function currentRequestId(): string | null {
  let request: Request
  try {
    request = getRequest()
  } catch {
    return null
  }
  let id = ids.get(request)
  if (id === undefined) {
    const given = request.headers.get('x-request-id')
    id = given && SAFE_ID.test(given) ? given : randomBytes(6).toString('hex')
    ids.set(request, id)
  }
  return id
}
