import { describe, expect, it, vi } from 'vitest'
import { withPageCache } from './data-cache.server'
import { ContentNotFoundError, ContentUnavailableError, type ContentSource, type PageQuery } from './content-source.server'
import type { PageData } from '../../contract/model'

const query: PageQuery = { locale: 'en', pageName: 'home' }
const page = (title: string) => ({ page: { title } }) as unknown as PageData

function fakeSource(getPage: ContentSource['getPage']): ContentSource {
  return {
    getPage,
    getLayout: async () => ({}),
    getPopup: async () => {
      throw new ContentNotFoundError()
    },
    getPosts: async () => ({ posts: [], pagination: null }),
    getTagId: async () => null,
    getSitemapEntries: async () => [],
    getRedirects: async () => [],
    postComment: async () => ({ ok: true }),
    submitForm: async () => ({ kind: 'unavailable' }),
    userRequest: async () => ({ ok: false, status: 0, message: '' }),
    sendChatMessage: async () => ({ kind: 'unavailable' }),
  }
}

describe('withPageCache', () => {
  it('serves a fresh copy without asking the backend again', async () => {
    const getPage = vi.fn(async () => page('one'))
    const cached = withPageCache(fakeSource(getPage), { freshMs: 1000, keepMs: 10_000, maxEntries: 10, now: () => 0 })
    await cached.getPage(query)
    await cached.getPage(query)
    expect(getPage).toHaveBeenCalledTimes(1)
  })

  it('serves the last good copy while the backend is down, then gives up after keepMs', async () => {
    let now = 0
    let down = false
    const onError = vi.fn()
    const source = fakeSource(async () => {
      if (down) throw new ContentUnavailableError('unreachable', 'test')
      return page('good')
    })
    const cached = withPageCache(source, { freshMs: 1000, keepMs: 10_000, maxEntries: 10, now: () => now, onError })
    await cached.getPage(query)
    down = true
    now = 5000
    expect((await cached.getPage(query)).page.title).toBe('good')
    // An outage is the breaker's to log (once each way), not every refresh's.
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(onError).not.toHaveBeenCalled()
    now = 20_000
    await expect(cached.getPage(query)).rejects.toBeInstanceOf(ContentUnavailableError)
  })

  it('logs an answer that breaks the contract, and still serves the last good copy', async () => {
    let broken = false
    const onError = vi.fn()
    const source = fakeSource(async () => {
      if (broken) throw new ContentUnavailableError('invalid', 'GET /api/v1/base/home broke the contract')
      return page('good')
    })
    const cached = withPageCache(source, { freshMs: 1000, keepMs: 10_000, maxEntries: 10, now: () => 0, onError })
    await cached.getPage(query)
    broken = true
    cached.invalidate()
    expect((await cached.getPage(query)).page.title).toBe('good')
    expect(onError).toHaveBeenCalledTimes(1)
  })

  it('reads again after an invalidation that came while a read was loading (it may carry the old content)', async () => {
    let version = 'old'
    let release: () => void = () => {}
    const gate = new Promise<void>((done) => (release = done))
    const getPage = vi.fn(async () => {
      const seen = version
      if (getPage.mock.calls.length === 1) await gate
      return page(seen)
    })
    const cached = withPageCache(fakeSource(getPage), { freshMs: 1000, keepMs: 10_000, maxEntries: 10, now: () => 0 })
    const first = cached.getPage(query)
    version = 'new'
    cached.invalidate()
    // A read after the invalidation does not join the load that began before it.
    expect((await cached.getPage(query)).page.title).toBe('new')
    release()
    expect((await first).page.title).toBe('old')
    // The late old answer is not kept as fresh.
    expect((await cached.getPage(query)).page.title).toBe('new')
  })

  it('never caches previews or developer mode', async () => {
    const getPage = vi.fn(async () => page('draft'))
    const cached = withPageCache(fakeSource(getPage), { freshMs: 1000, keepMs: 10_000, maxEntries: 10, now: () => 0 })
    await cached.getPage({ ...query, previewId: '5' })
    await cached.getPage({ ...query, previewId: '5' })
    await cached.getPage({ ...query, dev: true })
    expect(getPage).toHaveBeenCalledTimes(3)
  })

  it('keeps searches apart from the pages: a flood of distinct searches evicts only searches', async () => {
    const getPage = vi.fn(async (q: PageQuery) => page(`${q.pageName} ${q.search ?? ''}`))
    const cached = withPageCache(fakeSource(getPage), { freshMs: 1000, keepMs: 10_000, maxEntries: 2, now: () => 0 })
    await cached.getPage({ ...query, pageName: 'a' })
    await cached.getPage({ ...query, pageName: 'b' })
    for (let n = 0; n < 120; n++) await cached.getPage({ ...query, search: `backup ${n}` })
    // Both pages are still kept, beyond the two pages' bound...
    await cached.getPage({ ...query, pageName: 'a' })
    await cached.getPage({ ...query, pageName: 'b' })
    expect(getPage).toHaveBeenCalledTimes(122)
    // ...a recent search is kept, and the first ones went (backendConfig.staleEntries.searches: 50).
    await cached.getPage({ ...query, search: 'backup 119' })
    expect(getPage).toHaveBeenCalledTimes(122)
    await cached.getPage({ ...query, search: 'backup 0' })
    expect(getPage).toHaveBeenCalledTimes(123)
    expect(getPage).toHaveBeenLastCalledWith({ ...query, search: 'backup 0' })
  })

  it('evicts the oldest entries beyond maxEntries', async () => {
    const getPage = vi.fn(async (q: PageQuery) => page(q.pageName))
    const cached = withPageCache(fakeSource(getPage), { freshMs: 1000, keepMs: 10_000, maxEntries: 2, now: () => 0 })
    for (const pageName of ['a', 'b', 'c', 'a']) await cached.getPage({ ...query, pageName })
    expect(getPage).toHaveBeenCalledTimes(4)
  })
})
