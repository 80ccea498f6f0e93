/**
 * The rendered-HTML cache (requirements §10.1): what the server entry checks
 * before routing and rendering. One rendered page is kept per key with its compressed
 * forms, served fresh, then stale while one background render replaces it
 * (stale-while-revalidate), and kept through backend outages (stale-if-error).
 * Concurrent misses on one key share one render (coalescing). Entries live in
 * partitions bounded by bytes (least recently used goes first), so a flood of distinct
 * searches or missing paths cannot evict the pages.
 *
 * Pure of HTTP: the server entry decides what is cacheable and how a page is rendered.
 * Freshness, purges, coalescing and the bounds are the shared primitive's
 * (app/lib/swr-cache.ts); this adds the page's own shape and byte sizes.
 */
import { SwrCache, type SwrLookup } from '../../lib/swr-cache'

/** A response as the cache keeps it: already rendered, already compressed. */
export interface StoredPage {
  status: number
  /** Response headers to replay (never Set-Cookie). */
  headers: Record<string, string>
  /**
   * The body as it is. Null for HTML, which keeps only its compressed copies: unpacked from
   * `gzip` for the rare request that accepts neither encoding (`bodyFor` in stored-page.server.ts).
   * The uncompressed copy was about 70 % of a page's bytes in memory.
   */
  identity: Uint8Array | null
  br: Uint8Array
  gzip: Uint8Array
  etag: string
  /** What the page shows, for purges by tag (`page:about`, `post:x`, `posts`…). */
  tags: readonly string[]
}

export interface CacheEntry extends StoredPage {
  storedAt: number
  /** Purged by a revalidation: the next request renders again (the copy only answers if that fails). */
  purged: boolean
  /** Written at build (prerendered): re-rendered at once when purged. */
  prerendered: boolean
}

/** What one render produced, and the partition to keep it in (null: not stored, e.g. a 503 or a redirect). */
export interface RenderOutcome<P extends string> {
  page: StoredPage
  partition: P | null
}

interface PartitionLimits {
  maxBytes: number
}

export interface HtmlCacheOptions<P extends string> {
  partitions: Record<P, PartitionLimits>
  /** Fresh this long after it was stored. */
  freshMs: number
  /** After that, served stale while one render replaces it; dropped after this long (kept for outages until then). */
  keepMs: number
  /** False: a stale page is not served but rendered again, and answers only if that render fails (app/lib/swr-cache.ts). */
  serveStale?: boolean
  now?: () => number
  /** A background render failed (the stale copy keeps answering). */
  onBackgroundError?: (key: string, error: unknown) => void
}

export type Lookup = SwrLookup<CacheEntry>

const entrySize = (page: StoredPage) =>
  (page.identity?.byteLength ?? 0) + page.br.byteLength + page.gzip.byteLength + 512 + JSON.stringify(page.headers).length

export class HtmlCache<P extends string> {
  private readonly cache: SwrCache<P, CacheEntry>

  constructor(private readonly options: HtmlCacheOptions<P>) {
    const partitions = Object.fromEntries(
      (Object.entries(options.partitions) as Array<[P, PartitionLimits]>).map(([name, limits]) => [name, { maxSize: limits.maxBytes }]),
    ) as Record<P, { maxSize: number }>
    this.cache = new SwrCache<P, CacheEntry>({
      partitions,
      freshMs: options.freshMs,
      keepMs: options.keepMs,
      serveStale: options.serveStale,
      sizeOf: entrySize,
      now: options.now,
    })
  }

  lookup(key: string): Lookup {
    return this.cache.lookup(key)
  }

  /** The entry a key holds, as it is (fresh, stale or purged): no use counted. */
  peek(key: string): CacheEntry | undefined {
    return this.cache.peek(key)
  }

  /** How much longer a page stays fresh, in ms (zero or less: it is stale). */
  freshForMs(entry: CacheEntry): number {
    return this.cache.freshForMs(entry)
  }

  store(partitionName: P, key: string, page: StoredPage, flags: { prerendered?: boolean; storedAt?: number } = {}): CacheEntry {
    return this.cache.store(partitionName, key, this.entryOf(key, page, flags))
  }

  private entryOf(key: string, page: StoredPage, flags: { prerendered?: boolean; storedAt?: number } = {}): CacheEntry {
    return {
      ...page,
      storedAt: flags.storedAt ?? this.cache.now(),
      purged: false,
      // A prerendered page stays one when it is rendered again (it is re-rendered at once when purged).
      prerendered: flags.prerendered ?? this.cache.peek(key)?.prerendered ?? false,
    }
  }

  private keep = (key: string) => (outcome: RenderOutcome<P>) =>
    outcome.partition === null ? null : { partition: outcome.partition, entry: this.entryOf(key, outcome.page) }

  /**
   * One render per key at a time: concurrent callers share the first one's outcome. A
   * stored outcome replaces the entry; anything else leaves the old copy in place.
   */
  render(key: string, render: () => Promise<RenderOutcome<P>>): Promise<RenderOutcome<P>> {
    return this.cache.load(key, render, this.keep(key))
  }

  /** A stale hit's replacement, rendered in the background; failures keep the stale copy. */
  refresh(key: string, render: () => Promise<RenderOutcome<P>>): void {
    this.cache.refresh(key, render, this.keep(key), (error: unknown) => this.options.onBackgroundError?.(key, error))
  }

  /**
   * Marks every entry that matches as purged and answers their keys. Purged entries are
   * rendered again on their next request; the old copy answers only if that fails. A
   * render running for a matching key (a purged page's refresh) keeps its result only
   * until the next request: two purges in quick succession (a webhook, then the embedded
   * CMS's own) must not leave the copy rendered between them as fresh.
   */
  purge(matches: (key: string, entry: CacheEntry) => boolean): Array<{ partition: P; key: string; prerendered: boolean }> {
    return this.cache.purge(matches).map(({ partition, key, entry }) => ({ partition, key, prerendered: entry.prerendered }))
  }

  stats(): Record<P, { entries: number; bytes: number; maxBytes: number }> {
    const result = {} as Record<P, { entries: number; bytes: number; maxBytes: number }>
    for (const [name, partition] of Object.entries(this.cache.stats()) as Array<[P, { entries: number; size: number; maxSize: number }]>) {
      result[name] = { entries: partition.entries, bytes: partition.size, maxBytes: partition.maxSize }
    }
    return result
  }
}
