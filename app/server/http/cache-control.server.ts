/**
 * `Cache-Control` by response type (requirements §10.1), every lifetime from
 * `siteConfig.cache`: public pages, feeds and the sitemap are kept by CDNs and
 * revalidated in the background; previews, developer mode and errors that should not
 * stick are never stored.
 */
import { siteConfig } from '../../config/site'
import { stripLocale } from '../../lib/url'

const { cdnMaxAgeSeconds, cdnStaleSeconds, notFoundMaxAgeSeconds, feedMaxAgeSeconds, sitemapMaxAgeSeconds, retryAfterSeconds } =
  siteConfig.cache

const shared = (seconds: number) => `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=${cdnStaleSeconds}`

export const cachePolicy = {
  page: shared(cdnMaxAgeSeconds),
  notFound: `public, max-age=0, s-maxage=${notFoundMaxAgeSeconds}`,
  feed: shared(feedMaxAgeSeconds),
  sitemap: shared(sitemapMaxAgeSeconds),
  private: 'private, no-store',
  none: 'no-store',
} as const

/** The headers of a 503 while the backend is down: never stored, and when to try again. */
export const unavailableHeaders = { 'cache-control': cachePolicy.none, 'retry-after': String(retryAfterSeconds) } as const

const accountPaths = new Set<string>(siteConfig.content.accountPages.map((page) => `/${page}`))

/** Login, registration and password reset (in any locale): per visitor, with tokens in the URL. */
export function isAccountPath(pathname: string): boolean {
  return accountPaths.has(stripLocale(pathname).path)
}

/** Previews, developer mode and account pages: never kept by a shared cache. */
export function isPrivateRequest(url: URL): boolean {
  const params = url.searchParams
  return (
    params.get('preview') === 'true' ||
    params.has('preview_id') ||
    params.get(siteConfig.devMode.queryParam) === 'true' ||
    isAccountPath(url.pathname)
  )
}

export function cacheControlFor(url: URL, status: number): string {
  if (isPrivateRequest(url)) return cachePolicy.private
  // A 304 stands for the 200 the client holds, and its headers update the stored ones (RFC 9111 §4.3.4).
  if (status === 200 || status === 304) return cachePolicy.page
  // A page the editor marked gone (410) is a 404 that says so.
  if (status === 404 || status === 410) return cachePolicy.notFound
  return cachePolicy.none
}

const directive = (directives: string[], name: string) => {
  const found = directives.find((part) => part.startsWith(`${name}=`))
  return found === undefined ? undefined : Number(found.slice(name.length + 1))
}

/**
 * A policy whose shared caches may keep the answer `seconds` more at most, fresh and stale
 * together (docs/decisions/034-platform-cdn-lifetimes.md): `s-maxage` and
 * `stale-while-revalidate` shortened to fit; with none left, neither (`must-revalidate`: no
 * cache serves it without asking again), so a stale copy never goes back to a CDN. The
 * browser's part (`max-age=0`) is kept; a policy shared caches do not keep is returned as it is.
 */
export function withSharedLifetime(policy: string, seconds: number): string {
  const directives = policy.split(',').map((part) => part.trim())
  const shared = directive(directives, 's-maxage')
  if (shared === undefined) return policy
  const rest = directives.filter((part) => !part.startsWith('s-maxage=') && !part.startsWith('stale-while-revalidate='))
  const fresh = Math.min(shared, Math.max(0, Math.floor(seconds)))
  if (fresh === 0) return [...rest, 'must-revalidate'].join(', ')
  const stale = Math.min(directive(directives, 'stale-while-revalidate') ?? 0, Math.floor(seconds) - fresh)
  return [...rest, `s-maxage=${fresh}`, ...(stale > 0 ? [`stale-while-revalidate=${stale}`] : [])].join(', ')
}
