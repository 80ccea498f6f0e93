/**
 * Stale-while-revalidate by key, the one primitive under both of the server's caches:
 * the rendered-HTML cache (app/server/page-cache/html-cache.server.ts) and the data cache in front of
 * the content backend (app/server/content/data-cache.server.ts). Requirements §10.1 and
 * §11.2; docs/architecture.md, "Caches".
 *
 * - **Fresh, stale, gone.** An entry is fresh for `freshMs` after it was stored, then
 *   stale (the caller serves it and refreshes it in the background) until `keepMs`, when
 *   it is dropped. Until then it is also the copy that answers when a load fails
 *   (stale-if-error). With `serveStale: false` a stale entry is that copy only: the
 *   lookup is a miss that carries it as its fallback, as after a purge (where a CDN in
 *   front serves stale copies itself: docs/decisions/034-platform-cdn-lifetimes.md).
 * - **Purged.** A purge marks entries: the next lookup is a miss that still carries the old
 *   copy as its fallback, so the caller loads again and answers the old copy only if that
 *   fails. A load that was running for a purged key stores its result as purged too: it
 *   may have read the content from before the change.
 * - **Coalescing.** One load per key at a time; concurrent callers share its outcome.
 * - **Bounded.** Entries live in partitions, each bounded by the sum of `sizeOf` (bytes
 *   for pages, one per entry for data); the least recently used entry goes first, and a
 *   flood in one partition (searches, missing paths) cannot evict another's.
 *
 * Entries are the caller's own objects (`E`), with `storedAt` and `purged` kept here.
 */

export interface SwrEntryBase {
  storedAt: number
  purged: boolean
}

export type SwrLookup<E> =
  | { kind: 'fresh'; entry: E }
  /** Served as it is while the caller refreshes it in the background. */
  | { kind: 'stale'; entry: E }
  /** No usable copy: the caller loads (its `fallback`, when set, answers if that load fails). */
  | { kind: 'miss'; fallback: E | null }

export interface SwrCacheOptions<P extends string, E extends SwrEntryBase> {
  partitions: Record<P, { maxSize: number }>
  freshMs: number
  keepMs: number
  /** Whether a stale entry is served (and refreshed in the background); when false it only answers a failed load. True by default. */
  serveStale?: boolean
  /** An entry's share of its partition's `maxSize`; one by default. */
  sizeOf?: (entry: E) => number
  now?: () => number
}

/** What a finished load leaves in the cache: an entry in a partition, or nothing (an answer not worth keeping). */
export type Keep<R, P extends string, E> = (result: R) => { partition: P; entry: E } | null

interface Partition<E> {
  maxSize: number
  entries: Map<string, E>
  size: number
}

interface Flight {
  task: Promise<unknown>
  /** A purge came while it ran: what it stores is purged at once. */
  purged: boolean
}

export class SwrCache<P extends string, E extends SwrEntryBase> {
  private readonly partitions = new Map<P, Partition<E>>()
  /** Which partition holds a key (each key lives in one). */
  private readonly where = new Map<string, P>()
  private readonly inflight = new Map<string, Flight>()
  private readonly sizeOf: (entry: E) => number
  readonly now: () => number

  constructor(private readonly options: SwrCacheOptions<P, E>) {
    this.now = options.now ?? Date.now
    this.sizeOf = options.sizeOf ?? (() => 1)
    for (const [name, { maxSize }] of Object.entries(options.partitions) as Array<[P, { maxSize: number }]>) {
      this.partitions.set(name, { maxSize, entries: new Map(), size: 0 })
    }
  }

  private partition(name: P): Partition<E> {
    const partition = this.partitions.get(name)
    if (!partition) throw new Error(`unknown cache partition ${name}`)
    return partition
  }

  /** The entry a key holds, as it is: no freshness, no use counted. */
  peek(key: string): E | undefined {
    const name = this.where.get(key)
    return name === undefined ? undefined : this.partition(name).entries.get(key)
  }

  lookup(key: string): SwrLookup<E> {
    const name = this.where.get(key)
    if (name === undefined) return { kind: 'miss', fallback: null }
    const partition = this.partition(name)
    const entry = partition.entries.get(key)
    if (!entry) return { kind: 'miss', fallback: null }
    const age = this.now() - entry.storedAt
    if (age > this.options.keepMs) {
      this.delete(key)
      return { kind: 'miss', fallback: null }
    }
    // Least recently used goes first: a hit moves the entry to the end.
    partition.entries.delete(key)
    partition.entries.set(key, entry)
    if (age <= this.options.freshMs && !entry.purged) return { kind: 'fresh', entry }
    if (entry.purged || this.options.serveStale === false) return { kind: 'miss', fallback: entry }
    return { kind: 'stale', entry }
  }

  /** How much longer an entry stays fresh, in ms (zero or less: it is stale). */
  freshForMs(entry: E): number {
    return this.options.freshMs - (this.now() - entry.storedAt)
  }

  /** Keeps an entry (replacing the key's, in whichever partition); one larger than its whole partition is not kept. */
  store(name: P, key: string, entry: E): E {
    const partition = this.partition(name)
    this.delete(key)
    const size = this.sizeOf(entry)
    if (size > partition.maxSize) return entry
    partition.entries.set(key, entry)
    partition.size += size
    this.where.set(key, name)
    for (const oldest of partition.entries.keys()) {
      if (partition.size <= partition.maxSize) break
      this.delete(oldest)
    }
    return entry
  }

  delete(key: string): E | undefined {
    const name = this.where.get(key)
    if (name === undefined) return undefined
    const partition = this.partition(name)
    const entry = partition.entries.get(key)
    this.where.delete(key)
    if (!entry) return undefined
    partition.entries.delete(key)
    partition.size -= this.sizeOf(entry)
    return entry
  }

  isLoading(key: string): boolean {
    return this.inflight.has(key)
  }

  /**
   * One load per key at a time: concurrent callers share the first one's outcome. What
   * `keep` makes of the result replaces the key's entry; a failure leaves it in place.
   */
  load<R>(key: string, loader: () => Promise<R>, keep: Keep<R, P, E>): Promise<R> {
    const running = this.inflight.get(key)
    if (running) return running.task as Promise<R>
    const flight: Flight = { task: Promise.resolve(), purged: false }
    const task = (async () => {
      try {
        const result = await loader()
        const kept = keep(result)
        if (kept) {
          const entry = this.store(kept.partition, key, kept.entry)
          if (flight.purged) entry.purged = true
        }
        return result
      } finally {
        // Only its own: after a purge that let go of it, a newer load may hold the key.
        if (this.inflight.get(key) === flight) this.inflight.delete(key)
      }
    })()
    flight.task = task
    this.inflight.set(key, flight)
    return task
  }

  /** A stale entry's replacement, loaded in the background unless one is already loading; a failure keeps the stale copy. */
  refresh<R>(key: string, loader: () => Promise<R>, keep: Keep<R, P, E>, onError: (error: unknown) => void): void {
    if (this.inflight.has(key)) return
    this.load(key, loader, keep).catch(onError)
  }

  /**
   * Marks every entry that matches as purged and answers those that were not already.
   * A load running for a matching key stores its result as purged. With `letGoOfLoads`,
   * every running load is also let go of: callers after the purge start their own
   * instead of joining one that began before it.
   */
  purge(
    matches: (key: string, entry: E) => boolean,
    options: { letGoOfLoads?: boolean } = {},
  ): Array<{ partition: P; key: string; entry: E }> {
    const purged: Array<{ partition: P; key: string; entry: E }> = []
    for (const [name, partition] of this.partitions) {
      for (const [key, entry] of partition.entries) {
        if (!matches(key, entry)) continue
        const flight = this.inflight.get(key)
        if (flight) flight.purged = true
        if (entry.purged) continue
        entry.purged = true
        purged.push({ partition: name, key, entry })
      }
    }
    if (options.letGoOfLoads) {
      for (const flight of this.inflight.values()) flight.purged = true
      this.inflight.clear()
    }
    return purged
  }

  clear(): void {
    for (const partition of this.partitions.values()) {
      partition.entries.clear()
      partition.size = 0
    }
    this.where.clear()
  }

  /** Entries kept, in every partition. */
  get count(): number {
    return this.where.size
  }

  stats(): Record<P, { entries: number; size: number; maxSize: number }> {
    const result = {} as Record<P, { entries: number; size: number; maxSize: number }>
    for (const [name, partition] of this.partitions) {
      result[name] = { entries: partition.entries.size, size: partition.size, maxSize: partition.maxSize }
    }
    return result
  }
}
