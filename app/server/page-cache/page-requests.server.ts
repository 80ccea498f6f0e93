/**
 * Which requests the rendered-HTML cache answers, and under which key. A page's HTML is
 * the same for every visitor of its URL (requirements §10.1), so the key is the path (with its
 * locale prefix) and the query parameters the page reads: `s` and `page`. Everything
 * else in the query (utm_source, gclid…) is left out of the key and out of the render.
 *
 * Never cached: other methods, server functions and server routes (any path whose last
 * segment has a dot: no page name has one), and what isPrivateRequest() names: previews,
 * developer mode, account and password-reset pages.
 */
import { siteConfig } from '../../config/site'
import { readCookie } from '../../lib/cookies'
import { pageNumber } from '../../site-rules/page-selection'
import { isPrivateRequest } from '../http/cache-control.server'

export type CachePartition = 'pages' | 'search' | 'missing' | 'images'

export interface CacheablePageRequest {
  key: string
  /** Where a 200 is kept; a 404 goes to `missing`. Searches have their own, so they cannot evict pages. */
  partition: Exclude<CachePartition, 'missing' | 'images'>
  /** The URL rendered for the cache: this path and only the parameters in the key. */
  renderUrl: URL
}

export function cacheablePageRequest(request: Request, url: URL): CacheablePageRequest | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null
  const lastSegment = url.pathname.slice(url.pathname.lastIndexOf('/') + 1)
  if (url.pathname.startsWith('/_serverFn') || url.pathname.startsWith('/api/') || lastSegment.includes('.')) return null
  if (isPrivateRequest(url)) return null
  if (readCookie(request.headers.get('cookie') ?? '', siteConfig.devMode.cookieName) !== null) return null

  const params = new URLSearchParams()
  const search = url.searchParams.get('s')?.trim().slice(0, siteConfig.content.maxSearchLength)
  if (search) params.set('s', search)
  const page = pageNumber(url.searchParams.get('page') ?? undefined)
  if (page > 1) params.set('page', String(page))
  const query = params.size > 0 ? `?${params.toString()}` : ''
  return {
    key: url.pathname + query,
    partition: search ? 'search' : 'pages',
    renderUrl: new URL(url.pathname + query, url.origin),
  }
}
