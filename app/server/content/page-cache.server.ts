/**
 * Stale-while-revalidate in front of a ContentSource (DESIGN.md, incremental static).
 * A page answer is fresh for `freshMs`; after that it is served at once while one
 * background refresh runs. When the backend is down, the last good copy is served for
 * up to `keepMs` instead of an error. Previews and developer mode are never cached.
 */
import type { PageData } from '../../content/model'
import { ContentNotFoundError, type ContentSource, type PageQuery } from './source.server'

export interface CacheOptions {
  freshMs: number
  keepMs: number
  maxEntries: number
  now?: () => number
  onError?: (error: unknown) => void
}

interface Entry {
  data: PageData
  storedAt: number
  refreshing: boolean
  /** A revalidation said the content changed: the next read loads again (this copy answers only if that fails). */
  invalidated: boolean
}

export function withPageCache(source: ContentSource, options: CacheOptions): ContentSource & { clear(): void; invalidate(): number } {
  const now = options.now ?? Date.now
  const entries = new Map<string, Entry>()
  /** Concurrent reads of one page share one backend call. */
  const inflight = new Map<string, Promise<PageData>>()

  const keyOf = (query: PageQuery) =>
    JSON.stringify([query.locale, query.pageName, query.category ?? '', query.search ?? '', query.searchPage ?? 1])

  function store(key: string, data: PageData) {
    entries.delete(key)
    entries.set(key, { data, storedAt: now(), refreshing: false, invalidated: false })
    // Map keeps insertion order: the first key is the least recently stored.
    while (entries.size > options.maxEntries) {
      const oldest = entries.keys().next().value
      if (oldest === undefined) break
      entries.delete(oldest)
    }
  }

  function load(key: string, query: PageQuery): Promise<PageData> {
    const running = inflight.get(key)
    if (running) return running
    const task = (async () => {
      try {
        const data = await source.getPage(query)
        store(key, data)
        return data
      } catch (error) {
        // A page that is gone is gone: forget it. Any other failure keeps the copy.
        if (error instanceof ContentNotFoundError) entries.delete(key)
        throw error
      } finally {
        inflight.delete(key)
      }
    })()
    inflight.set(key, task)
    return task
  }

  return {
    ...source,
    async getPage(query) {
      if (query.previewId || query.dev) return source.getPage(query)
      const key = keyOf(query)
      const entry = entries.get(key)
      if (!entry) return load(key, query)
      if (entry.invalidated) {
        return load(key, query).catch((error: unknown) => {
          if (error instanceof ContentNotFoundError) throw error
          options.onError?.(error)
          return entry.data
        })
      }
      const age = now() - entry.storedAt
      if (age <= options.freshMs) return entry.data
      if (age > options.keepMs) {
        entries.delete(key)
        return load(key, query)
      }
      if (!entry.refreshing) {
        entry.refreshing = true
        load(key, query).catch((error: unknown) => {
          entry.refreshing = false
          if (!(error instanceof ContentNotFoundError)) options.onError?.(error)
        })
      }
      return entry.data
    },
    clear() {
      entries.clear()
    },
    invalidate() {
      for (const entry of entries.values()) entry.invalidated = true
      return entries.size
    },
  }
}
