/**
 * Stale-while-revalidate and stale-if-error in front of a ContentSource (requirements
 * §10.1 and §11.2), for every read the site makes: pages
 * (with their menus and options), popups, layouts, lists of posts (the feeds), tag ids
 * the sitemap's entries and the redirects. An answer is fresh for `freshMs`; after that it is served at
 * once while one background refresh runs. When the backend is down, the last good copy
 * is served for up to `keepMs` instead of an error. Concurrent misses of one key share
 * one backend call. Previews, developer mode and searches of posts are never cached.
 * Freshness, purges, coalescing and the bounds are the shared primitive's
 * (app/lib/swr-cache.ts).
 */
import { backendConfig } from '../config.server'
import { SwrCache, type SwrEntryBase } from '../../lib/swr-cache'
import { ContentNotFoundError, ContentUnavailableError, type ContentSource, type PageQuery } from './content-source.server'

export interface CacheOptions {
  freshMs: number
  keepMs: number
  /** Pages kept; the other kinds keep backendConfig.staleEntries. */
  maxEntries: number
  /** False: a stale copy is not served but read again, and answers only if that read fails (app/lib/swr-cache.ts). */
  serveStale?: boolean
  now?: () => number
  onError?: (error: unknown) => void
}

/** An answer the source gave instead of throwing (a list with `failed`): not kept, and a kept copy wins over it. */
class FailedAnswer<T> extends Error {
  constructor(readonly value: T) {
    super('failed answer')
  }
}

type Kind = 'pages' | 'searches' | 'popups' | 'layouts' | 'posts' | 'tags' | 'sitemaps' | 'redirects'

interface DataEntry extends SwrEntryBase {
  data: unknown
}

/** Worth a log line: not a missing thing, not an outage (the breaker logs those once), not a failed list. */
function worthReporting(error: unknown): boolean {
  if (error instanceof ContentNotFoundError || error instanceof FailedAnswer) return false
  return !(error instanceof ContentUnavailableError && error.reason !== 'invalid')
}

export function withPageCache(source: ContentSource, options: CacheOptions): ContentSource & { clear(): void; invalidate(): number } {
  const limits = backendConfig.staleEntries
  // One partition per kind, each bounded by its number of entries (pages by `maxEntries`).
  // A page asked with a search (`/?s=…`) is a kind of its own, as in the HTML cache
  // (siteConfig.cache.htmlPartitions): every distinct search would otherwise be a page's
  // entry, and a flood of them would push the site's pages out (and hold 500 copies of a
  // page's data and its data block, decision 053).
  const cache = new SwrCache<Kind, DataEntry>({
    partitions: {
      pages: { maxSize: options.maxEntries },
      searches: { maxSize: limits.searches },
      popups: { maxSize: limits.popups },
      layouts: { maxSize: limits.layouts },
      posts: { maxSize: limits.posts },
      tags: { maxSize: limits.tags },
      sitemaps: { maxSize: limits.sitemaps },
      redirects: { maxSize: 1 },
    },
    freshMs: options.freshMs,
    keepMs: options.keepMs,
    serveStale: options.serveStale,
    now: options.now,
  })
  const report = (error: unknown) => {
    if (worthReporting(error)) options.onError?.(error)
  }

  /**
   * Fresh: the copy. Stale: the copy, and one refresh in the background. Missing or
   * purged: a load (shared by concurrent reads); when it fails, the purged copy answers,
   * except for a thing that is gone. An answer that is a failure in disguise (a list with
   * `failed`) is never kept, and answers only when there is no copy.
   */
  async function get<T>(kind: Kind, id: string, load: () => Promise<T>, isFailure: (value: T) => boolean = () => false): Promise<T> {
    const key = `${kind}:${id}`
    const loader = () =>
      load().then(
        (data) => {
          if (isFailure(data)) throw new FailedAnswer(data)
          return data
        },
        (error: unknown) => {
          // A thing that is gone is gone: forget it. Any other failure keeps the copy.
          if (error instanceof ContentNotFoundError) cache.delete(key)
          throw error
        },
      )
    const keep = (data: T) => ({ partition: kind, entry: { data, storedAt: cache.now(), purged: false } })
    const hit = cache.lookup(key)
    if (hit.kind === 'fresh') return hit.entry.data as T
    if (hit.kind === 'stale') {
      cache.refresh(key, loader, keep, report)
      return hit.entry.data as T
    }
    try {
      return await cache.load(key, loader, keep)
    } catch (error) {
      if (!hit.fallback) {
        if (error instanceof FailedAnswer) return error.value as T
        throw error
      }
      if (error instanceof ContentNotFoundError) throw error
      report(error)
      return hit.fallback.data as T
    }
  }

  // Requirements §7 `extra` is not in the key: one copy per page, whichever call fetched it
  // (docs/content-api.md: an answer with and without it carries the same fields).
  const pageKey = (query: PageQuery) =>
    JSON.stringify([query.locale, query.pageName, query.category ?? '', query.search ?? '', query.searchPage ?? 1])

  /** Requirements §7: the layout and the tag lookup swallow failures; here, after the last good copy had its chance. */
  const swallowOutage =
    <T>(fallback: T) =>
    (error: unknown): T => {
      if (error instanceof ContentUnavailableError) return fallback
      throw error
    }

  return {
    ...source,
    getPage(query) {
      if (query.previewId || query.dev) return source.getPage(query)
      return get(query.search ? 'searches' : 'pages', pageKey(query), () => source.getPage(query))
    },
    getPopup(id, locale) {
      return get('popups', JSON.stringify([locale, id]), () => source.getPopup(id, locale))
    },
    getLayout(path, locale) {
      return get('layouts', JSON.stringify([locale, path]), () => source.getLayout(path, locale)).catch(swallowOutage({}))
    },
    getPosts(query) {
      // Every distinct search would be an entry: searches go to the backend (and fail as a list does).
      if (query.search) return source.getPosts(query)
      const key = JSON.stringify([
        query.locale,
        query.type ?? 'post',
        query.page ?? 1,
        query.tag ?? '',
        query.category ?? '',
        query.perPage ?? 0,
      ])
      return get(
        'posts',
        key,
        () => source.getPosts(query),
        (list) => list.failed === true,
      )
    },
    getTagId(slug, locale) {
      return get('tags', JSON.stringify([locale, slug]), () => source.getTagId(slug, locale)).catch(swallowOutage(null))
    },
    getSitemapEntries(locale) {
      return get('sitemaps', locale, () => source.getSitemapEntries(locale))
    },
    getRedirects() {
      // Down with no copy kept: no redirects, and every page answers as it would without them.
      return get('redirects', 'all', () => source.getRedirects()).catch(swallowOutage([]))
    },
    clear() {
      cache.clear()
    },
    invalidate() {
      // Reads after this one do not join a load that began before it (it may carry the old content).
      const kept = cache.count
      cache.purge(() => true, { letGoOfLoads: true })
      return kept
    },
  }
}
