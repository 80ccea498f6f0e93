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
  if (status === 200) return cachePolicy.page
  // A page the editor marked gone (410) is a 404 that says so.
  if (status === 404 || status === 410) return cachePolicy.notFound
  return cachePolicy.none
}
