/**
 * The site's own endpoints that a machine calls (the revalidation webhook, the outbox drain)
 * are signed with a shared secret sent as `Authorization: Bearer …`, compared in constant time.
 */
import { createHash, timingSafeEqual } from 'node:crypto'

/** Constant-time: the comparison takes as long whatever the guess (digests make the lengths equal). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return timingSafeEqual(digest(given), digest(expected))
}

/**
 * Whether the request's bearer token is one of the configured secrets. Every secret is
 * compared, configured or not, so the answer's timing says nothing of which are set.
 */
export function bearerMatches(request: Request, secrets: ReadonlyArray<string | undefined>): boolean {
  const given = /^Bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1]?.trim() ?? ''
  let matches = false
  for (const secret of secrets) {
    if (sameSecret(given, secret ?? '') && secret !== undefined && given !== '') matches = true
  }
  return matches
}
