/**
 * Stale-while-revalidate and stale-if-error in front of a ContentSource (requirements
 * §10.1 and §11.2), for every read the site makes: pages
 * (with their menus and options), popups, layouts, lists of posts (the feeds), tag ids
 * the sitemap's entries and the redirects. An answer is fresh for `freshMs`; after that it is served at
 * once while one background refresh runs. When the backend is down, the last good copy
 * is served for up to `keepMs` instead of an error. Concurrent misses of one key share
 * one backend call. Previews, developer mode and searches of posts are never cached.
 */
import { backendConfig } from '../../../app.config'
import type { PageData, Popup, PostList } from '../../content/model'
import { ContentNotFoundError, ContentUnavailableError, type ContentSource, type PageQuery, type SitemapEntry } from './source.server'

export interface CacheOptions {
  freshMs: number
  keepMs: number
  /** Pages kept; the other kinds keep backendConfig.staleEntries. */
  maxEntries: number
  now?: () => number
  onError?: (error: unknown) => void
}

interface Entry<T> {
  data: T
  storedAt: number
  refreshing: boolean
  /** A revalidation said the content changed: the next read loads again (this copy answers only if that fails). */
  invalidated: boolean
}

/** An answer the source gave instead of throwing (a list with `failed`): not kept, and a kept copy wins over it. */
class FailedAnswer<T> extends Error {
  constructor(readonly value: T) {
    super('failed answer')
  }
}

/** One kind of answer, by key: the last good copies and the loads in flight. */
class StaleCache<T> {
  private readonly entries = new Map<string, Entry<T>>()
  private readonly inflight = new Map<string, { task: Promise<T>; generation: number }>()
  /** Counts invalidations: a load that began before the latest one may carry the content from before the change. */
  private generation = 0

  constructor(
    private readonly options: CacheOptions & { maxEntries: number },
    /** Whether a load's answer is a failure in disguise (a list with `failed`). */
    private readonly isFailure: (value: T) => boolean = () => false,
  ) {}

  private now() {
    return (this.options.now ?? Date.now)()
  }

  private store(key: string, data: T, invalidated: boolean) {
    this.entries.delete(key)
    this.entries.set(key, { data, storedAt: this.now(), refreshing: false, invalidated })
    // Map keeps insertion order: the first key is the least recently stored.
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value
      if (oldest === undefined) break
      this.entries.delete(oldest)
    }
  }

  private load(key: string, load: () => Promise<T>): Promise<T> {
    const running = this.inflight.get(key)
    if (running) return running.task
    const generation = this.generation
    const task = (async () => {
      try {
        const data = await load()
        if (this.isFailure(data)) throw new FailedAnswer(data)
        // Invalidated while it loaded: it answers its callers, and the next read loads again.
        this.store(key, data, generation !== this.generation)
        return data
      } catch (error) {
        // A thing that is gone is gone: forget it. Any other failure keeps the copy.
        if (error instanceof ContentNotFoundError) this.entries.delete(key)
        throw error
      } finally {
        // Only its own: after an invalidation a newer load may hold the key.
        if (this.inflight.get(key)?.generation === generation) this.inflight.delete(key)
      }
    })()
    this.inflight.set(key, { task, generation })
    return task
  }

  /** Worth a log line: not a missing thing, not an outage (the breaker logs those once), not a failed list. */
  private report(error: unknown) {
    if (error instanceof ContentNotFoundError || error instanceof FailedAnswer) return
    if (error instanceof ContentUnavailableError && error.reason !== 'invalid') return
    this.options.onError?.(error)
  }

  async get(key: string, load: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key)
    if (!entry) {
      return this.load(key, load).catch((error: unknown) => {
        if (error instanceof FailedAnswer) return error.value as T
        throw error
      })
    }
    if (entry.invalidated) {
      return this.load(key, load).catch((error: unknown) => {
        if (error instanceof ContentNotFoundError) throw error
        this.report(error)
        return entry.data
      })
    }
    const age = this.now() - entry.storedAt
    if (age <= this.options.freshMs) return entry.data
    if (age > this.options.keepMs) {
      this.entries.delete(key)
      return this.get(key, load)
    }
    if (!entry.refreshing) {
      entry.refreshing = true
      this.load(key, load).catch((error: unknown) => {
        entry.refreshing = false
        this.report(error)
      })
    }
    return entry.data
  }

  clear() {
    this.entries.clear()
  }

  invalidate() {
    for (const entry of this.entries.values()) entry.invalidated = true
    // Reads after this one do not join a load that began before it.
    this.generation++
    this.inflight.clear()
    return this.entries.size
  }
}

export function withPageCache(source: ContentSource, options: CacheOptions): ContentSource & { clear(): void; invalidate(): number } {
  const limits = backendConfig.staleEntries
  const pages = new StaleCache<PageData>(options)
  const popups = new StaleCache<Popup>({ ...options, maxEntries: limits.popups })
  const layouts = new StaleCache<{ layout?: string }>({ ...options, maxEntries: limits.layouts })
  const posts = new StaleCache<PostList>({ ...options, maxEntries: limits.posts }, (list) => list.failed === true)
  const tags = new StaleCache<string | null>({ ...options, maxEntries: limits.tags })
  const sitemaps = new StaleCache<SitemapEntry[]>({ ...options, maxEntries: limits.sitemaps })
  const redirects = new StaleCache<unknown[]>({ ...options, maxEntries: 1 })
  const all = [pages, popups, layouts, posts, tags, sitemaps, redirects]

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
      return pages.get(pageKey(query), () => source.getPage(query))
    },
    getPopup(id, locale) {
      return popups.get(JSON.stringify([locale, id]), () => source.getPopup(id, locale))
    },
    getLayout(path, locale) {
      return layouts.get(JSON.stringify([locale, path]), () => source.getLayout(path, locale)).catch(swallowOutage({}))
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
      return posts.get(key, () => source.getPosts(query))
    },
    getTagId(slug, locale) {
      return tags.get(JSON.stringify([locale, slug]), () => source.getTagId(slug, locale)).catch(swallowOutage(null))
    },
    getSitemapEntries(locale) {
      return sitemaps.get(locale, () => source.getSitemapEntries(locale))
    },
    getRedirects() {
      // Down with no copy kept: no redirects, and every page answers as it would without them.
      return redirects.get('all', () => source.getRedirects()).catch(swallowOutage([]))
    },
    clear() {
      for (const cache of all) cache.clear()
    },
    invalidate() {
      return all.reduce((sum, cache) => sum + cache.invalidate(), 0)
    },
  }
}
