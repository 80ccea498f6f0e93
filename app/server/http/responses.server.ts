/**
 * Small shapes every room of the server answers with: what counts as HTML, a JSON error,
 * and header edits that keep a body held in memory as it is.
 */
// srvx's Response on Node (the server Nitro runs): a body held in memory, such as a cached
// page, is written to the socket as it is, where the web Response copies it into a stream.
import { FastResponse } from 'srvx'
import { securityHeaders } from './security-headers.server'

/** The response header that carries a rendered page's cache tags from the renderer to the page cache; never sent. */
export const CACHE_TAGS_HEADER = 'x-cache-tags'

/**
 * The response header that carries, from the page cache to the final headers, how many more
 * seconds a shared cache (a CDN) may keep a stored page: what is left of its freshness, zero
 * when it is stale (docs/decisions/034-platform-cdn-lifetimes.md); never sent.
 */
export const SHARED_LIFETIME_HEADER = 'x-shared-lifetime'

export const isHtml = (headers: Headers | Record<string, string>) =>
  (headers instanceof Headers ? headers.get('content-type') : headers['content-type'])?.includes('text/html') ?? false

export const jsonError = (status: number, error: string) =>
  new FastResponse(JSON.stringify({ error }), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...securityHeaders },
  })

/**
 * Edits a response's headers in place, so a body held in memory (a cached page) is written
 * as it is; a response whose headers are immutable (a redirect's, a fetch's) is copied
 * first, sharing its body.
 */
export function withHeaders(response: Response, edit: (headers: Headers) => void): Response {
  try {
    edit(response.headers)
    return response
  } catch (error) {
    if (!(error instanceof TypeError)) throw error
    const copy = new Response(response.body, response)
    edit(copy.headers)
    return copy
  }
}
