/**
 * Stale-if-error for every read, through the same stack the site builds
 * (get-content-source.server.ts: the `wp` adapter with its BackendClient, the data cache in
 * front) against the embedded CMS served over real HTTP by a backend that can be
 * stopped: pages (with menus), popups, layouts, lists of posts (the feeds), tag ids and
 * sitemap entries answer their last good copy while it is down, and what was never read
 * fails as the contract says.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { siteConfig } from '../../app/config/site'
import { parseEnv } from '../../app/config/env'
import { withPageCache } from '../../app/server/content/data-cache.server'
import { ContentUnavailableError, type ContentSource } from '../../app/server/content/content-source.server'
import { createWpSource } from '../../app/server/content/backend-source.server'
import { cmsOptionsFromEnv, createEmbeddedCms } from '../../cms/index'
import { startFlakyBackend, type FlakyBackend } from '../support/flaky-backend'

const work = mkdtempSync(path.join(tmpdir(), 'site-stale-'))
let backend: FlakyBackend
let source: ContentSource & { invalidate(): number }

beforeAll(async () => {
  const env = parseEnv({ CMS_DATABASE_URL: `file:${path.join(work, 'cms.db')}`, CMS_UPLOAD_DIR: path.join(work, 'uploads') })
  const cms = createEmbeddedCms(cmsOptionsFromEnv(env))
  backend = await startFlakyBackend((request) => cms.fetch(request))
})

afterAll(async () => {
  await backend.close()
  rmSync(work, { recursive: true, force: true })
})

beforeEach(async () => {
  await backend.start()
  // Each test its own stack, so each starts with an empty cache and a closed breaker.
  source = withPageCache(createWpSource({ baseUrl: backend.url, timeoutMs: 1000 }), {
    freshMs: siteConfig.cache.freshMs,
    keepMs: siteConfig.cache.keepMs,
    maxEntries: siteConfig.cache.maxEntries,
  })
})

/** Every read the site makes, as one record to compare before and after. */
async function readEverything() {
  const page = await source.getPage({ locale: 'en', pageName: 'about' })
  return {
    title: page.page.meta.title,
    menus: page.menus,
    popup: await source.getPopup('newsletter', 'en'),
    layout: await source.getLayout('/landing/managed-it-support', 'en'),
    posts: await source.getPosts({ locale: 'en', perPage: 20 }),
    tag: await source.getTagId('security', 'en'),
    sitemap: await source.getSitemapEntries('en'),
  }
}

describe('with the backend down', () => {
  it('every read answers its last good copy, after a revalidation too (the next read tries the backend first)', async () => {
    const before = await readEverything()
    expect(before.layout).toEqual({ layout: 'static' })
    expect(before.posts.failed).toBeUndefined()
    expect(before.posts.posts.length).toBeGreaterThan(0)
    expect(before.tag).not.toBeNull()
    expect(before.sitemap.length).toBeGreaterThan(0)

    await backend.stop()
    expect(await readEverything()).toEqual(before)
    // A revalidation marks every copy for reloading: the reload fails, the copy answers.
    source.invalidate()
    expect(await readEverything()).toEqual(before)
  })

  it('what was never read fails as the contract says: pages, popups and sitemaps throw, a list is failed, layout {} and tag null', async () => {
    await backend.stop()
    await expect(source.getPage({ locale: 'en', pageName: 'services' })).rejects.toBeInstanceOf(ContentUnavailableError)
    await expect(source.getPopup('callback', 'en')).rejects.toBeInstanceOf(ContentUnavailableError)
    await expect(source.getSitemapEntries('de')).rejects.toBeInstanceOf(ContentUnavailableError)
    expect((await source.getPosts({ locale: 'de' })).failed).toBe(true)
    expect(await source.getLayout('/contact', 'en')).toEqual({})
    expect(await source.getTagId('security', 'de')).toBeNull()
  })

  it('when it comes back, the next read after a revalidation shows the backend again', async () => {
    await readEverything()
    await backend.stop()
    await backend.start()
    source.invalidate()
    const seen = backend.requests.length
    await source.getPage({ locale: 'en', pageName: 'about' })
    expect(backend.requests.slice(seen)).toEqual(['GET /api/v1/base/about?locale=en'])
  })
})
