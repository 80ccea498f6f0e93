/**
 * The `Cache-Control` a public page's answer carries, by where it came from (its
 * `x-html-cache`; docs/decisions/034-platform-cdn-lifetimes.md): rendered for the request, the
 * full policy of siteConfig.cache; a fresh copy from the page cache, a shorter s-maxage and
 * nothing stale beyond it (in its last second, no whole second is left: no shared lifetime,
 * as withSharedLifetime says); a stale copy, no shared lifetime at all.
 */
import { siteConfig } from '../../app/config/site'

const { cdnMaxAgeSeconds, cdnStaleSeconds } = siteConfig.cache

export function pageCacheControl(cacheStatus: string | null | undefined): RegExp {
  if (cacheStatus === 'HIT') return /^public, max-age=0, (s-maxage=\d+|must-revalidate)$/
  if (cacheStatus === 'STALE' || cacheStatus === 'STALE-IF-ERROR') return /^public, max-age=0, must-revalidate$/
  return new RegExp(`^public, max-age=0, s-maxage=${cdnMaxAgeSeconds}, stale-while-revalidate=${cdnStaleSeconds}$`)
}
