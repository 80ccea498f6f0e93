/**
 * The stale-while-revalidate primitive under both caches (app/lib/swr-cache.ts):
 * freshness and expiry, purges (also of a load in flight), coalescing, and the bounds of
 * its partitions. The caches' own behaviour is in html-cache.test.ts and data-cache.test.ts.
 */
import { describe, expect, it } from 'vitest'
import { SwrCache, type SwrEntryBase } from './swr-cache'

interface Entry extends SwrEntryBase {
  value: string
  size?: number
}

function setup(options: { sizes?: boolean; serveStale?: boolean } = {}) {
  let now = 0
  const cache = new SwrCache<'a' | 'b', Entry>({
    partitions: { a: { maxSize: 3 }, b: { maxSize: 3 } },
    freshMs: 10,
    keepMs: 100,
    now: () => now,
    ...(options.sizes ? { sizeOf: (entry: Entry) => entry.size ?? 1 } : {}),
    ...(options.serveStale === undefined ? {} : { serveStale: options.serveStale }),
  })
  const entry = (value: string, size?: number): Entry => ({ value, size, storedAt: now, purged: false })
  const keep = (partition: 'a' | 'b') => (value: string) => ({ partition, entry: entry(value) })
  return { cache, entry, keep, advance: (ms: number) => (now += ms) }
}

/** A load the test finishes when it wants. */
function deferred() {
  let resolve!: (value: string) => void
  let reject!: (error: Error) => void
  const promise = new Promise<string>((done, fail) => {
    resolve = done
    reject = fail
  })
  return { promise, resolve, reject }
}

describe('SwrCache', () => {
  it('is fresh for freshMs, then stale, then gone after keepMs', () => {
    const { cache, entry, advance } = setup()
    cache.store('a', 'k', entry('v'))
    expect(cache.lookup('k').kind).toBe('fresh')
    advance(11)
    expect(cache.lookup('k').kind).toBe('stale')
    advance(90)
    expect(cache.lookup('k')).toEqual({ kind: 'miss', fallback: null })
    expect(cache.count).toBe(0)
  })

  it('says how much longer an entry stays fresh', () => {
    const { cache, entry, advance } = setup()
    const stored = cache.store('a', 'k', entry('v'))
    advance(4)
    expect(cache.freshForMs(stored)).toBe(6)
    advance(10)
    expect(cache.freshForMs(stored)).toBe(-4)
  })

  it('with serveStale false, keeps a stale entry only as the fallback of a miss (where a CDN serves stale copies itself)', () => {
    const { cache, entry, advance } = setup({ serveStale: false })
    const stored = cache.store('a', 'k', entry('v'))
    expect(cache.lookup('k').kind).toBe('fresh')
    advance(11)
    expect(cache.lookup('k')).toEqual({ kind: 'miss', fallback: stored })
    advance(90)
    expect(cache.lookup('k')).toEqual({ kind: 'miss', fallback: null })
  })

  it('makes one load for concurrent callers, and stores what keep says', async () => {
    const { cache, keep } = setup()
    const load = deferred()
    let calls = 0
    const loader = () => {
      calls++
      return load.promise
    }
    const all = Promise.all(Array.from({ length: 50 }, () => cache.load('k', loader, keep('a'))))
    load.resolve('v')
    expect(await all).toEqual(Array.from({ length: 50 }, () => 'v'))
    expect(calls).toBe(1)
    expect(cache.lookup('k')).toMatchObject({ kind: 'fresh', entry: { value: 'v' } })
    expect(cache.isLoading('k')).toBe(false)
  })

  it('keeps the copy when a load fails, and a refresh reports the failure', async () => {
    const { cache, entry, keep, advance } = setup()
    cache.store('a', 'k', entry('old'))
    advance(11)
    const errors: unknown[] = []
    cache.refresh(
      'k',
      () => Promise.reject(new Error('down')),
      keep('a'),
      (error) => errors.push(error),
    )
    await new Promise((done) => setTimeout(done, 0))
    expect(errors).toHaveLength(1)
    expect(cache.lookup('k')).toMatchObject({ kind: 'stale', entry: { value: 'old' } })
  })

  it('purges by a predicate: the next lookup is a miss with the old copy as fallback', () => {
    const { cache, entry } = setup()
    cache.store('a', 'x', entry('1'))
    cache.store('b', 'y', entry('2'))
    expect(cache.purge((key) => key === 'x').map(({ key }) => key)).toEqual(['x'])
    expect(cache.lookup('x')).toMatchObject({ kind: 'miss', fallback: { value: '1' } })
    expect(cache.lookup('y').kind).toBe('fresh')
    // Already purged: not answered again.
    expect(cache.purge(() => true).map(({ key }) => key)).toEqual(['y'])
  })

  it('stores a load that ran through a purge as purged (it may carry the old content)', async () => {
    const { cache, entry, keep } = setup()
    cache.store('a', 'k', entry('old'))
    const load = deferred()
    const running = cache.load('k', () => load.promise, keep('a'))
    cache.purge(() => true)
    load.resolve('read before the change')
    expect(await running).toBe('read before the change')
    expect(cache.lookup('k')).toMatchObject({ kind: 'miss', fallback: { value: 'read before the change' } })
  })

  it('lets go of running loads when asked: a read after the purge starts its own', async () => {
    const { cache, keep } = setup()
    const before = deferred()
    const first = cache.load('k', () => before.promise, keep('a'))
    cache.purge(() => true, { letGoOfLoads: true })
    const after = cache.load('k', () => Promise.resolve('new'), keep('a'))
    expect(await after).toBe('new')
    expect(cache.lookup('k')).toMatchObject({ kind: 'fresh', entry: { value: 'new' } })
    before.resolve('old')
    await first
    expect(cache.lookup('k')).toMatchObject({ kind: 'miss', fallback: { value: 'old' } })
  })

  it('bounds each partition by size, least recently used first, and never evicts another partition', () => {
    const { cache, entry } = setup({ sizes: true })
    cache.store('b', 'other', entry('o', 3))
    cache.store('a', '1', entry('1'))
    cache.store('a', '2', entry('2'))
    cache.store('a', '3', entry('3'))
    cache.lookup('1')
    cache.store('a', '4', entry('4'))
    expect(['1', '2', '3', '4'].map((key) => cache.lookup(key).kind)).toEqual(['fresh', 'miss', 'fresh', 'fresh'])
    expect(cache.lookup('other').kind).toBe('fresh')
    // Larger than its whole partition: not kept, and it evicts nothing.
    cache.store('a', 'huge', entry('h', 4))
    expect(cache.lookup('huge').kind).toBe('miss')
    expect(cache.stats()).toEqual({ a: { entries: 3, size: 3, maxSize: 3 }, b: { entries: 1, size: 3, maxSize: 3 } })
  })

  it('moves a key between partitions', () => {
    const { cache, entry } = setup()
    cache.store('a', 'k', entry('in a'))
    cache.store('b', 'k', entry('in b'))
    expect(cache.stats().a.entries).toBe(0)
    expect(cache.lookup('k')).toMatchObject({ kind: 'fresh', entry: { value: 'in b' } })
  })
})
