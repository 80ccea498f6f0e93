/**
 * At the server entry's door:
 * which methods a URL takes, and the redirects the server builds from a request's path
 * (one path per page: no doubled slash, no default-locale prefix), each `Location` made
 * by safeLocation().
 */
import { FastResponse } from 'srvx'
import { defaultLocale } from '../../config/site'
import { safeLocation, withSingleSlashes } from '../../lib/safe-location'

/** Pages, feeds, the sitemap and public files are read, never written to. */
const READ_ONLY = 'GET, HEAD'
/** Server functions: GET for reads, POST for the rest (TanStack Start). */
const SERVER_FUNCTIONS = 'GET, HEAD, POST'

/** `/api/…` routes check their own methods (the revalidation webhook answers 405 to anything but POST). */
const ownMethods = (pathname: string) => pathname.startsWith('/api/')

function allowedMethods(pathname: string): string {
  return pathname.startsWith('/_serverFn/') ? SERVER_FUNCTIONS : READ_ONLY
}

/**
 * A method the URL does not take: 405 with `Allow` (never a render, never a 500), and
 * `OPTIONS` answered 204 with the same `Allow` (same origin only, so no CORS headers).
 * Null when the request may go on.
 */
export function methodAnswer(request: Request, url: URL): Response | null {
  if (ownMethods(url.pathname)) return null
  const allow = allowedMethods(url.pathname)
  if (request.method === 'OPTIONS') return new FastResponse(null, { status: 204, headers: { allow, 'cache-control': 'no-store' } })
  if (allow.split(', ').includes(request.method)) return null
  return new FastResponse(`Method ${request.method} is not allowed here. Allowed: ${allow}.\n`, {
    status: 405,
    headers: { allow, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  })
}

/** A redirect to a path on this origin, whatever the path holds. */
export function redirectTo(url: URL, status: 301 | 302 | 307 | 308, target: string, headers: Record<string, string> = {}): Response {
  return new FastResponse(null, { status, headers: { ...headers, location: safeLocation(target, url.origin) } })
}

/**
 * Requirements §2: the default locale has no prefix, so `/en/...` is the same page as `/...`;
 * and a path with a doubled slash or a backslash is the same page as with single
 * slashes. Either answers 301 to the one path; null when the path already is it.
 */
export function canonicalPathRedirect(url: URL): Response | null {
  const single = withSingleSlashes(url.pathname)
  const pathname = single ?? url.pathname
  const prefix = `/${defaultLocale}`
  if (pathname === prefix || pathname.startsWith(`${prefix}/`)) {
    return redirectTo(url, 301, (pathname.slice(prefix.length) || '/') + url.search)
  }
  return single === null ? null : redirectTo(url, 301, single + url.search)
}
