/**
 * Netlify's and Vercel's CDNs (docs/deploy.md, decision 015): the page caching of
 * cache-control.server.ts in each platform's own targeted header, the page's cache tags in
 * the header its purge API reads, and the purge itself, called by the revalidation webhook
 * when the platform's token is configured. A purge that fails or times out is reported in
 * the webhook's answer; it never fails the webhook (the site's own caches are purged anyway).
 */
import type { Env } from '../../config/env'
import { deployConfig } from '../config.server'
import { ALL_PAGES_TAG, expandTag, purgesEverything } from '../../contract/cache-tags'
import type { PurgeRequest } from '../../contract/cache-tags'
import type { PlatformTarget } from './platform-env.server'

/** The tag every page carries on a platform: purging it purges every page the CDN keeps. */
const EVERY_PAGE_TAG = ALL_PAGES_TAG
/** Every 404: a revalidation purges them all (the change may have published one), as on the Node server. */
const MISSING_TAG = 'missing'
/** A page's own path as a tag, so a revalidation naming paths purges them by tag too. */
const pathTag = (pathname: string) => `path:${pathname}`
/** Vercel's limit on one tag; a longer path is purged with `all` only. */
const MAX_TAG_LENGTH = 256

/** The CDN header of an answer the CDN must not keep at all. */
const CDN_NO_STORE = 'no-store'

/**
 * `public, max-age=0, s-maxage=N, stale-while-revalidate=M` (cache-control.server.ts) as the
 * CDN's own header: the CDN keeps it N seconds. Netlify's `durable` keeps it in the
 * shared durable cache, so one function call serves every edge node. A public answer with
 * no shared lifetime (`max-age=0` and no `s-maxage`: a stale copy, decision 034) is
 * `no-store` for the CDN, so it never keeps one; the browser's header says the rest.
 */
export function cdnCacheControl(target: PlatformTarget, cacheControl: string | null): string | null {
  if (!cacheControl || !/(^|,)\s*public\b/.test(cacheControl)) return null
  const shared = /\bs-maxage=(\d+)/.exec(cacheControl)?.[1]
  if (shared === undefined) return /(^|,)\s*max-age=0\b/.test(cacheControl) ? CDN_NO_STORE : null
  const stale = /\bstale-while-revalidate=(\d+)/.exec(cacheControl)?.[1]
  const parts = [`max-age=${shared}`, ...(stale === undefined ? [] : [`stale-while-revalidate=${stale}`])]
  return target === 'netlify' ? ['public', 'durable', ...parts].join(', ') : parts.join(', ')
}

/** The headers each platform reads (and strips before the visitor sees them). */
const cdnHeaderNames = {
  netlify: { cacheControl: 'Netlify-CDN-Cache-Control', tags: 'Netlify-Cache-Tag' },
  vercel: { cacheControl: 'Vercel-CDN-Cache-Control', tags: 'Vercel-Cache-Tag' },
} as const satisfies Record<PlatformTarget, { cacheControl: string; tags: string }>

/** The CDN tags of a page: its cache tags (`Cache-Tag`, percent-encoded), its path, `missing` for a 404, and `all`. */
function cdnTags(cacheTagHeader: string | null, pathname: string, status: number): string[] {
  const tags = new Set((cacheTagHeader ?? '').split(',').filter(Boolean))
  if (status === 404) tags.add(MISSING_TAG)
  const path = encodeURI(pathTag(pathname))
  if (path.length <= MAX_TAG_LENGTH) tags.add(path)
  tags.add(EVERY_PAGE_TAG)
  return [...tags]
}

/** Adds the platform's CDN caching and tags to a public answer (`no-store` for the CDN when no shared cache may keep it). */
export function addCdnHeaders(target: PlatformTarget, headers: Headers, url: URL, status: number): void {
  const names = cdnHeaderNames[target]
  const cdn = cdnCacheControl(target, headers.get('cache-control'))
  if (cdn === null) return
  headers.set(names.cacheControl, cdn)
  // Nothing kept, nothing to purge.
  if (cdn === CDN_NO_STORE) return
  headers.set(names.tags, cdnTags(headers.get('cache-tag'), url.pathname, status).join(','))
}

/** The CDN tags one revalidation purges: its tags (a post also every list), its paths and every 404, or `all`. */
export function purgeTags(request: PurgeRequest): string[] {
  if (request.tags.some(purgesEverything)) return [EVERY_PAGE_TAG]
  const tags = new Set([...request.tags.flatMap(expandTag).map((tag) => encodeURI(tag)), MISSING_TAG])
  for (const path of request.paths) {
    const tag = encodeURI(pathTag(path))
    tags.add(tag.length <= MAX_TAG_LENGTH ? tag : EVERY_PAGE_TAG)
  }
  return [...tags]
}

export type CdnPurgeReport =
  | { platform: PlatformTarget; purged: string[] }
  | { platform: PlatformTarget; skipped: string }
  | { platform: PlatformTarget; failed: string }

export interface PurgeApis {
  netlify: string
  vercel: string
}

/** The platforms' APIs (a test points them at a local server). */
const purgeApis: PurgeApis = { netlify: 'https://api.netlify.com', vercel: 'https://api.vercel.com' }

type PurgeEnv = Pick<
  Env,
  'NETLIFY_PURGE_API_TOKEN' | 'NETLIFY_SITE_ID' | 'SITE_ID' | 'VERCEL_PURGE_API_TOKEN' | 'VERCEL_PROJECT_ID' | 'VERCEL_TEAM_ID'
>

function purgeCall(
  target: PlatformTarget,
  env: PurgeEnv,
  tags: string[],
  apis: PurgeApis,
): { url: string; token: string; body: unknown } | string {
  if (target === 'netlify') {
    const siteId = env.NETLIFY_SITE_ID ?? env.SITE_ID
    if (!env.NETLIFY_PURGE_API_TOKEN) return 'NETLIFY_PURGE_API_TOKEN is not set'
    if (!siteId) return 'NETLIFY_SITE_ID (or Netlify’s SITE_ID) is not set'
    return { url: `${apis.netlify}/api/v1/purge`, token: env.NETLIFY_PURGE_API_TOKEN, body: { site_id: siteId, cache_tags: tags } }
  }
  if (!env.VERCEL_PURGE_API_TOKEN) return 'VERCEL_PURGE_API_TOKEN is not set'
  if (!env.VERCEL_PROJECT_ID) return 'VERCEL_PROJECT_ID is not set'
  const query = new URLSearchParams({
    projectIdOrName: env.VERCEL_PROJECT_ID,
    ...(env.VERCEL_TEAM_ID ? { teamId: env.VERCEL_TEAM_ID } : {}),
  })
  return { url: `${apis.vercel}/v1/edge-cache/invalidate-by-tags?${query}`, token: env.VERCEL_PURGE_API_TOKEN, body: { tags } }
}

/**
 * Purges the platform's CDN by tag. Never throws: a missing token skips it, an error
 * answer or a timeout (deployConfig.purgeTimeoutMs) is reported as `failed`.
 */
export async function purgeCdn(
  target: PlatformTarget,
  env: PurgeEnv,
  request: PurgeRequest,
  apis: PurgeApis = purgeApis,
  timeoutMs: number = deployConfig.purgeTimeoutMs,
): Promise<CdnPurgeReport> {
  const tags = purgeTags(request)
  const call = purgeCall(target, env, tags, apis)
  if (typeof call === 'string') return { platform: target, skipped: call }
  try {
    const response = await fetch(call.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${call.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(call.body),
      signal: AbortSignal.timeout(timeoutMs),
    })
    await response.body?.cancel()
    if (!response.ok) return { platform: target, failed: `the purge API answered ${response.status}` }
    return { platform: target, purged: tags }
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError'
    return {
      platform: target,
      failed: timedOut
        ? `the purge API did not answer within ${timeoutMs} ms`
        : `the purge API could not be reached (${error instanceof Error ? error.message : String(error)})`,
    }
  }
}

export type DeployHookReport = { triggered: true } | { failed: string }

/**
 * A platform serves the prerendered pages as files of the deploy, which no purge replaces:
 * with DEPLOY_HOOK_URL (a Netlify build hook, a Vercel deploy hook) a revalidation starts a
 * new build, which renders them again. Never throws, like purgeCdn.
 */
export async function triggerDeployHook(url: string): Promise<DeployHookReport> {
  try {
    const response = await fetch(url, { method: 'POST', signal: AbortSignal.timeout(deployConfig.purgeTimeoutMs) })
    await response.body?.cancel()
    return response.ok ? { triggered: true } : { failed: `the deploy hook answered ${response.status}` }
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError'
    return {
      failed: timedOut
        ? `the deploy hook did not answer within ${deployConfig.purgeTimeoutMs} ms`
        : `the deploy hook could not be reached (${error instanceof Error ? error.message : String(error)})`,
    }
  }
}
