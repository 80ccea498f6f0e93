/**
 * The page cache in front of the renderer (requirements §10.1): pages and generated social
 * images answered from stored bytes when fresh, stale while one render replaces them,
 * rendered once for all concurrent requests on a miss, and the last copy when the backend
 * is down. The build's prerendered pages are in it before the first request is answered.
 * Purging is the purge owner's (purge.server.ts), which calls purgePages and rerender here.
 */
import { siteConfig } from '../../config/site'
import { expandTag, purgesEverything, type PurgeRequest } from '../../contract/cache-tags'
import { loggableError, redactLogText } from '../../lib/log-redaction'
import { ogImageTargetOf, pagePathOfOgImage } from '../../site-rules/og-image'
import { answerOgImage } from '../content/og-image/og-image.server'
import { OG_CARD_HEADER } from '../content/og-image/card-key.server'
import { env, serverCache } from '../env.server'
import { isHtml } from '../http/responses.server'
import { render } from '../render/renderer.server'
import { HtmlCache, type CacheEntry, type RenderOutcome } from './html-cache.server'
import { cacheablePageRequest, type CachePartition } from './page-requests.server'
import { loadPrerendered, renderIdentity } from './prerendered.server'
import { answerStored, storedOgImage, toStoredPage } from './stored-page.server'

const htmlCache = new HtmlCache<CachePartition>({
  partitions: siteConfig.cache.htmlPartitions,
  freshMs: serverCache.freshMs,
  keepMs: siteConfig.cache.keepMs,
  serveStale: serverCache.serveStale,
  onBackgroundError: (key, error) => console.error(redactLogText(`[html-cache] refreshing ${key} failed: ${loggableError(error)}`)),
})

/** Vite's dev server renders from source on every request; the cache is for the built site (HTML_CACHE=off turns it off there too). */
const htmlCacheOn = import.meta.env.PROD && env.HTML_CACHE === 'on'

/** Whether loading the prerendered pages has finished (prerenderedPagesLoaded). */
let prerenderedSettled = false

/** The pages the build prerendered, in the cache before the first request is answered; resolves to when they were built (null: none). */
const prerenderedReady: Promise<number | null> = htmlCacheOn
  ? loadPrerendered(renderIdentity(env))
      .then(({ builtAt, pages }) => {
        for (const [key, page] of pages) {
          htmlCache.store(isHtml(page.headers) ? 'pages' : 'images', key, page, { prerendered: true, storedAt: builtAt })
        }
        return pages.size > 0 ? builtAt : null
      })
      .catch((error: unknown) => {
        console.error(`[prerendered] not loaded: ${error instanceof Error ? error.message : String(error)}`)
        return null
      })
      .finally(() => {
        prerenderedSettled = true
      })
  : Promise.resolve(null).finally(() => {
      prerenderedSettled = true
    })

/** When the prerendered pages in the cache were built (ms), once they are loaded; null without them. */
export const prerenderedBuiltAt = (): Promise<number | null> => prerenderedReady

/**
 * Whether the prerendered pages are in the cache (readiness, `GET /readyz`): loading them
 * has finished. One that failed is logged and rendered on request instead, so it does not
 * keep the server out of rotation.
 */
export const prerenderedPagesLoaded = (): boolean => prerenderedSettled

/** The render that fills the cache for one page: 200s in the page's partition, 404s in their own, anything else not kept. */
function renderPageForCache(partition: Exclude<CachePartition, 'missing'>, renderUrl: URL) {
  return async (): Promise<RenderOutcome<CachePartition>> => {
    // The page is the same for every visitor: rendered from its URL alone, never from a visitor's cookies or headers.
    const page = await toStoredPage(await render(new Request(renderUrl, { headers: { accept: 'text/html' } })))
    const storable = isHtml(page.headers) && !('set-cookie' in page.headers)
    return { page, partition: storable && page.status === 200 ? partition : storable && page.status === 404 ? 'missing' : null }
  }
}

/**
 * The render that fills the cache for one generated image (docs/decisions/018): PNGs in
 * their own partition, 404s with the pages'. The copy it replaces (stale, purged or
 * prerendered) is kept when the page still gives the same card.
 */
function renderOgImageForCache(pathname: string) {
  return async (): Promise<RenderOutcome<CachePartition>> => {
    const current = htmlCache.peek(pathname)
    const card = current?.headers[OG_CARD_HEADER]
    // An image keeps its bytes as they are (only HTML drops its uncompressed copy).
    const drawn = card && current.identity ? { card, png: current.identity } : null
    const image = await answerOgImage(pathname, drawn)
    if (!image) throw new Error(`${pathname} is not an image path`)
    const page = storedOgImage(image)
    return { page, partition: page.status === 200 ? 'images' : page.status === 404 ? 'missing' : null }
  }
}

/** The render of a cache key (a path and the parameters it keeps), for re-rendering purged pages and images. */
function renderKeyForCache(key: string) {
  if (ogImageTargetOf(key)) return renderOgImageForCache(key)
  const url = new URL(key, 'http://localhost')
  const cacheable = cacheablePageRequest(new Request(url), url)
  return renderPageForCache(cacheable?.partition ?? 'pages', cacheable?.renderUrl ?? url)
}

/**
 * How much longer a CDN may keep a copy from the cache: what is left of its freshness, in
 * whole seconds. A purge reaches one server (on a platform, one function instance), so a copy
 * this one still trusts may show what an edit changed; the CDN must not keep it longer than
 * this server would (docs/decisions/034-platform-cdn-lifetimes.md).
 */
const sharedSecondsOf = (entry: CacheEntry) => Math.max(0, Math.floor(htmlCache.freshForMs(entry) / 1000))

/**
 * A cacheable answer: from the cache when fresh; stale while one background render
 * replaces it (on a platform, never: rendered again like a miss); rendered (once for all
 * concurrent requests) on a miss. When that render cannot reach the backend, a purged or
 * stale copy still answers (stale-if-error). A stale copy, either way, is never kept by a
 * CDN; a fresh one no longer than it stays fresh here.
 */
async function answerFromCache(request: Request, key: string, renderForCache: () => Promise<RenderOutcome<CachePartition>>) {
  const lookup = htmlCache.lookup(key)
  if (lookup.kind === 'fresh') {
    const { entry } = lookup
    const seconds = sharedSecondsOf(entry)
    // The same answer holds while this entry is the fresh one and the CDN lifetime it carries has not moved on.
    const sameWhile = () => {
      const again = htmlCache.lookup(key)
      return again.kind === 'fresh' && again.entry === entry && sharedSecondsOf(entry) === seconds
    }
    return answerStored(request, entry, 'HIT', seconds, sameWhile)
  }
  if (lookup.kind === 'stale') {
    htmlCache.refresh(key, renderForCache)
    return answerStored(request, lookup.entry, 'STALE', 0)
  }
  const fallback: CacheEntry | null = lookup.fallback
  let outcome: RenderOutcome<CachePartition> | null = null
  try {
    outcome = await htmlCache.render(key, renderForCache)
  } catch (error) {
    if (!fallback) throw error
  }
  // The backend is down and this page was purged: its last copy is better than an error.
  if (fallback && (outcome === null || (outcome.partition === null && outcome.page.status >= 500))) {
    return answerStored(request, fallback, 'STALE-IF-ERROR', 0)
  }
  if (outcome === null) throw new Error(`rendering ${key} failed`)
  return answerStored(request, outcome.page, 'MISS')
}

/** A page from the cache, or null when the request is not a cacheable page (or the cache is off). */
export async function answerCachedPage(request: Request, url: URL): Promise<Response | null> {
  const cacheable = htmlCacheOn ? cacheablePageRequest(request, url) : null
  await prerenderedReady
  if (!cacheable) return null
  return answerFromCache(request, cacheable.key, renderPageForCache(cacheable.partition, cacheable.renderUrl))
}

/** A page's generated social image (docs/decisions/018): cached, purged and prerendered like its page; null on another path. */
export async function answerOgImageRequest(request: Request, url: URL): Promise<Response | null> {
  if (!ogImageTargetOf(url.pathname)) return null
  await prerenderedReady
  if (htmlCacheOn) return answerFromCache(request, url.pathname, renderOgImageForCache(url.pathname))
  const image = await answerOgImage(url.pathname)
  return image ? answerStored(request, storedOgImage(image), 'BYPASS') : null
}

/**
 * Purges the pages whose tags the request names (a post also purges every list of posts),
 * the paths it names in every query variant, and every cached 404 (the change may have
 * published one of them). Menus, options or `all` purge everything. Returns the keys
 * purged and those the build had prerendered, which `rerender` renders again.
 */
export function purgePages(request: PurgeRequest): { pages: string[]; rerendering: string[] } {
  const everything = request.tags.some(purgesEverything)
  const tags = new Set(request.tags.flatMap(expandTag))
  const paths = new Set(request.paths)
  // A page's generated image goes with its page's path (docs/decisions/018).
  const pathOf = (key: string) => {
    const path = key.split('?')[0] ?? key
    return pagePathOfOgImage(path) ?? path
  }
  const purged = htmlCache.purge(
    (key, entry) => everything || entry.status === 404 || entry.tags.some((tag) => tags.has(tag)) || paths.has(pathOf(key)),
  )
  return {
    pages: purged.map(({ key }) => key).sort(),
    rerendering: purged
      .filter(({ prerendered }) => prerendered)
      .map(({ key }) => key)
      .sort(),
  }
}

/** Renders purged prerendered pages again, in the background (each keeps answering stale-if-error until then). */
export function rerender(keys: string[]) {
  for (const key of keys) htmlCache.refresh(key, renderKeyForCache(key))
}
