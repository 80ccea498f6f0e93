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
 */

/** A response as the cache keeps it: already rendered, already compressed. */
export interface StoredPage {
  status: number
  /** Response headers to replay (never Set-Cookie). */
  headers: Record<string, string>
  identity: Uint8Array
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

export interface PartitionLimits {
  maxBytes: number
}

export interface HtmlCacheOptions<P extends string> {
  partitions: Record<P, PartitionLimits>
  /** Fresh this long after it was stored. */
  freshMs: number
  /** After that, served stale while one render replaces it; dropped after this long (kept for outages until then). */
  keepMs: number
  now?: () => number
  /** A background render failed (the stale copy keeps answering). */
  onBackgroundError?: (key: string, error: unknown) => void
}

export type Lookup =
  | { kind: 'fresh'; entry: CacheEntry }
  /** Served as is while a background render replaces it. */
  | { kind: 'stale'; entry: CacheEntry }
  /** No usable copy: the caller renders (its `fallback`, when set, answers if that render fails). */
  | { kind: 'miss'; fallback: CacheEntry | null }

const entrySize = (page: StoredPage) =>
  page.identity.byteLength + page.br.byteLength + page.gzip.byteLength + 512 + JSON.stringify(page.headers).length

export class HtmlCache<P extends string> {
  private readonly partitions = new Map<P, { limits: PartitionLimits; entries: Map<string, CacheEntry>; bytes: number }>()
  /** Which partition holds a key (each key lives in one). */
  private readonly where = new Map<string, P>()
  private readonly inflight = new Map<string, Promise<RenderOutcome<P>>>()
  /** Keys purged while their render ran: that render may have read the content from before the change. */
  private readonly purgedDuringRender = new Set<string>()
  private readonly now: () => number

  constructor(private readonly options: HtmlCacheOptions<P>) {
    this.now = options.now ?? Date.now
    for (const [name, limits] of Object.entries(options.partitions) as Array<[P, PartitionLimits]>) {
      this.partitions.set(name, { limits, entries: new Map(), bytes: 0 })
    }
  }

  private partition(name: P) {
    const partition = this.partitions.get(name)
    if (!partition) throw new Error(`unknown cache partition ${name}`)
    return partition
  }

  lookup(key: string): Lookup {
    const partitionName = this.where.get(key)
    if (partitionName === undefined) return { kind: 'miss', fallback: null }
    const partition = this.partition(partitionName)
    const entry = partition.entries.get(key)
    if (!entry) return { kind: 'miss', fallback: null }
    const age = this.now() - entry.storedAt
    if (age > this.options.keepMs) {
      this.remove(key)
      return { kind: 'miss', fallback: null }
    }
    // Least recently used goes first: a hit moves the entry to the end.
    partition.entries.delete(key)
    partition.entries.set(key, entry)
    if (entry.purged) return { kind: 'miss', fallback: entry }
    return age <= this.options.freshMs ? { kind: 'fresh', entry } : { kind: 'stale', entry }
  }

  store(partitionName: P, key: string, page: StoredPage, flags: { prerendered?: boolean; storedAt?: number } = {}): CacheEntry {
    const partition = this.partition(partitionName)
    const previous = this.remove(key)
    const entry: CacheEntry = {
      ...page,
      storedAt: flags.storedAt ?? this.now(),
      purged: false,
      prerendered: flags.prerendered ?? previous?.prerendered ?? false,
    }
    const size = entrySize(page)
    // A page larger than its whole partition is not kept (it would evict everything).
    if (size > partition.limits.maxBytes) return entry
    partition.entries.set(key, entry)
    partition.bytes += size
    this.where.set(key, partitionName)
    for (const oldest of partition.entries.keys()) {
      if (partition.bytes <= partition.limits.maxBytes) break
      this.remove(oldest)
    }
    return entry
  }

  private remove(key: string): CacheEntry | undefined {
    const partitionName = this.where.get(key)
    if (partitionName === undefined) return undefined
    const partition = this.partition(partitionName)
    const entry = partition.entries.get(key)
    this.where.delete(key)
    if (!entry) return undefined
    partition.entries.delete(key)
    partition.bytes -= entrySize(entry)
    return entry
  }

  /**
   * One render per key at a time: concurrent callers share the first one's outcome. A
   * stored outcome replaces the entry; anything else leaves the old copy in place.
   */
  render(key: string, render: () => Promise<RenderOutcome<P>>): Promise<RenderOutcome<P>> {
    const running = this.inflight.get(key)
    if (running) return running
    const task = (async () => {
      try {
        const outcome = await render()
        if (outcome.partition !== null) {
          const entry = this.store(outcome.partition, key, outcome.page)
          // Purged while it rendered: it answers now, and the next request renders again.
          if (this.purgedDuringRender.has(key)) entry.purged = true
        }
        return outcome
      } finally {
        this.inflight.delete(key)
        this.purgedDuringRender.delete(key)
      }
    })()
    this.inflight.set(key, task)
    return task
  }

  /** A stale hit's replacement, rendered in the background; failures keep the stale copy. */
  refresh(key: string, render: () => Promise<RenderOutcome<P>>): void {
    if (this.inflight.has(key)) return
    this.render(key, render).catch((error: unknown) => this.options.onBackgroundError?.(key, error))
  }

  /**
   * Marks every entry that matches as purged and answers their keys. Purged entries are
   * rendered again on their next request; the old copy answers only if that fails. A
   * render running for a matching key (a purged page's refresh) keeps its result only
   * until the next request: two purges in quick succession (a webhook, then the embedded
   * CMS's own) must not leave the copy rendered between them as fresh.
   */
  purge(matches: (key: string, entry: CacheEntry) => boolean): Array<{ partition: P; key: string; prerendered: boolean }> {
    const purged: Array<{ partition: P; key: string; prerendered: boolean }> = []
    for (const [name, partition] of this.partitions) {
      for (const [key, entry] of partition.entries) {
        if (!matches(key, entry)) continue
        if (this.inflight.has(key)) this.purgedDuringRender.add(key)
        if (entry.purged) continue
        entry.purged = true
        purged.push({ partition: name, key, prerendered: entry.prerendered })
      }
    }
    return purged
  }

  stats(): Record<P, { entries: number; bytes: number; maxBytes: number }> {
    const result = {} as Record<P, { entries: number; bytes: number; maxBytes: number }>
    for (const [name, partition] of this.partitions) {
      result[name] = { entries: partition.entries.size, bytes: partition.bytes, maxBytes: partition.limits.maxBytes }
    }
    return result
  }
}
