import { describe, expect, it } from 'vitest'
import { HtmlCache, type RenderOutcome, type StoredPage } from './html-cache.server'

type Partition = 'pages' | 'search' | 'missing'

function page(body: string, status = 200, tags: string[] = []): StoredPage {
  const bytes = new TextEncoder().encode(body)
  return { status, headers: { 'content-type': 'text/html' }, identity: bytes, br: bytes, gzip: bytes, etag: `"${body}"`, tags }
}

function cache(now: () => number, maxBytes = 1_000_000) {
  return new HtmlCache<Partition>({
    partitions: { pages: { maxBytes }, search: { maxBytes: 5_000 }, missing: { maxBytes: 5_000 } },
    freshMs: 1_000,
    keepMs: 10_000,
    now,
  })
}

// The fake pages above keep the same bytes in every copy.
const text = (stored: StoredPage) => new TextDecoder().decode(stored.br)

describe('the rendered-HTML cache', () => {
  it('serves fresh, then stale while one background render replaces it, then drops what is older than keepMs', async () => {
    let now = 0
    const html = cache(() => now)
    html.store('pages', '/about', page('v1'))
    expect(html.lookup('/about').kind).toBe('fresh')
    now = 1_500
    const stale = html.lookup('/about')
    expect(stale.kind).toBe('stale')
    let renders = 0
    const render = async (): Promise<RenderOutcome<Partition>> => {
      renders += 1
      return { page: page('v2'), partition: 'pages' }
    }
    html.refresh('/about', render)
    html.refresh('/about', render)
    await new Promise((done) => setTimeout(done, 0))
    expect(renders).toBe(1)
    const fresh = html.lookup('/about')
    expect(fresh.kind === 'fresh' && text(fresh.entry)).toBe('v2')
    now = 1_500 + 10_001
    expect(html.lookup('/about')).toEqual({ kind: 'miss', fallback: null })
  })

  it('makes one render for 100 concurrent misses on one key', async () => {
    const html = cache(() => 0)
    let renders = 0
    let finish: () => void = () => {}
    const gate = new Promise<void>((done) => (finish = done))
    const render = async (): Promise<RenderOutcome<Partition>> => {
      renders += 1
      await gate
      return { page: page('once'), partition: 'pages' }
    }
    const all = Promise.all(Array.from({ length: 100 }, () => html.render('/busy', render)))
    finish()
    const outcomes = await all
    expect(renders).toBe(1)
    expect(new Set(outcomes.map((outcome) => text(outcome.page)))).toEqual(new Set(['once']))
    expect(html.lookup('/busy').kind).toBe('fresh')
  })

  it('keeps the stale copy when a refresh cannot render (stale-if-error)', async () => {
    let now = 0
    const html = cache(() => now)
    html.store('pages', '/about', page('good'))
    now = 2_000
    html.refresh('/about', async () => ({ page: page('Service unavailable', 503), partition: null }))
    html.refresh('/x', async () => {
      throw new Error('backend down')
    })
    await new Promise((done) => setTimeout(done, 0))
    const lookup = html.lookup('/about')
    expect(lookup.kind === 'stale' && text(lookup.entry)).toBe('good')
  })

  it('evicts the least recently used pages by bytes, within a partition only', () => {
    const html = cache(() => 0)
    html.store('pages', '/a', page('a'.repeat(3000)))
    // A flood of distinct searches fills and cycles its own small partition.
    for (let index = 0; index < 200; index++) html.store('search', `/?s=${index}`, page('s'.repeat(1000)))
    expect(html.lookup('/a').kind).toBe('fresh')
    expect(html.stats().search.bytes).toBeLessThanOrEqual(5_000)
    expect(html.lookup('/?s=0').kind).toBe('miss')
    expect(html.lookup('/?s=199').kind).toBe('fresh')

    // Each of these takes about 3.5 KB (three copies of 1000 bytes and bookkeeping): two fit in 9 KB.
    const small = cache(() => 0, 9_000)
    small.store('pages', '/old', page('o'.repeat(1000)))
    small.store('pages', '/used', page('u'.repeat(1000)))
    small.lookup('/old')
    small.store('pages', '/new', page('n'.repeat(1000)))
    expect(small.lookup('/used').kind).toBe('miss')
    expect(small.lookup('/old').kind).toBe('fresh')
    expect(small.lookup('/new').kind).toBe('fresh')
  })

  it('purges by a predicate: a purged page renders again, and its copy answers only if that fails', () => {
    const html = cache(() => 0)
    html.store('pages', '/about', page('about', 200, ['page:about']), { prerendered: true })
    html.store('pages', '/contact', page('contact', 200, ['page:contact']))
    const purged = html.purge((_key, entry) => entry.tags.includes('page:about'))
    expect(purged).toEqual([{ partition: 'pages', key: '/about', prerendered: true }])
    const lookup = html.lookup('/about')
    expect(lookup.kind).toBe('miss')
    expect(lookup.kind === 'miss' && lookup.fallback && text(lookup.fallback)).toBe('about')
    expect(html.lookup('/contact').kind).toBe('fresh')
    // Purging twice reports nothing new.
    expect(html.purge(() => true).map((entry) => entry.key)).toEqual(['/contact'])
  })

  it('renders again after a purge that came while a purged page was being rendered', async () => {
    const html = cache(() => 0)
    html.store('pages', '/terms', page('v1', 200, ['page:terms']), { prerendered: true })
    html.purge((_key, entry) => entry.tags.includes('page:terms'))
    let finish: () => void = () => {}
    const gate = new Promise<void>((done) => (finish = done))
    // The refresh the first purge started reads the content before the change...
    const rendering = html.render('/terms', async () => {
      await gate
      return { page: page('v1 again', 200, ['page:terms']), partition: 'pages' }
    })
    // ...and a second purge (the change itself) arrives while it runs.
    html.purge((_key, entry) => entry.tags.includes('page:terms'))
    finish()
    await rendering
    const lookup = html.lookup('/terms')
    expect(lookup.kind).toBe('miss')
    expect(lookup.kind === 'miss' && lookup.fallback && text(lookup.fallback)).toBe('v1 again')
    await html.render('/terms', async () => ({ page: page('v2', 200, ['page:terms']), partition: 'pages' }))
    const fresh = html.lookup('/terms')
    expect(fresh.kind === 'fresh' && text(fresh.entry)).toBe('v2')
  })

  it('moves a key between partitions (a 404 that became a page)', () => {
    const html = cache(() => 0)
    html.store('missing', '/new-page', page('not found', 404))
    html.store('pages', '/new-page', page('hello'))
    expect(html.stats().missing.entries).toBe(0)
    expect(html.stats().pages.entries).toBe(1)
  })
})
