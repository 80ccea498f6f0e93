/**
 * `Cache-Control` for HTML responses (DESIGN.md, incremental static): public pages are
 * kept by CDNs and revalidated in the background; previews, developer mode and errors
 * that should not stick are never stored.
 */
import { siteConfig } from '../../app.config'

export function isPrivateRequest(url: URL): boolean {
  const params = url.searchParams
  return params.get('preview') === 'true' || params.has('preview_id') || params.get(siteConfig.devMode.queryParam) === 'true'
}

export function cacheControlFor(url: URL, status: number): string {
  if (isPrivateRequest(url)) return 'private, no-store'
  const { cdnMaxAgeSeconds, cdnStaleSeconds } = siteConfig.cache
  if (status === 200) return `public, max-age=0, s-maxage=${cdnMaxAgeSeconds}, stale-while-revalidate=${cdnStaleSeconds}`
  if (status === 404) return 'public, max-age=0, s-maxage=60'
  return 'no-store'
}
