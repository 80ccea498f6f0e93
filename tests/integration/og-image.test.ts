/**
 * Generated social images (requirements §11.4, decision 018), end to end over HTTP against
 * the production build (`npm run build` first): every page type links a PNG of 1200×630
 * in every routed locale, a missing page's image is a 404, the images are cached and
 * validated like pages, prerendered with their pages, and purged with them.
 *
 * The server runs over the embedded CMS reading a copy of `content/`, so a test can edit
 * a page and see its image change.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { routedLocales } from '../../app/config/site'
import type { PrerenderManifest } from '../../app/server/page-cache/prerendered.server'
import { pngSize } from '../support/png'
import { startBuiltSite, type BuiltSite } from '../support/built-site'
import { pageCacheControl } from '../support/cache-policy'

const root = process.cwd()
const prerendered = path.join(root, '.output/server/prerendered')
const SECRET = 'og-image-revalidate-secret-0123456789abcdef'
const work = mkdtempSync(path.join(tmpdir(), 'site-og-'))
const content = path.join(work, 'content')
let server: BuiltSite | undefined
let origin = ''

/** A port from TEST_PORT_BASE when set (machines that share port ranges), else any free one. */
async function freePort(): Promise<number> {
  if (process.env.TEST_PORT_BASE) return Number(process.env.TEST_PORT_BASE) + 7
  const probe = createServer()
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done))
  const { port } = probe.address() as AddressInfo
  await new Promise<void>((done) => probe.close(() => done()))
  return port
}

const get = (pathname: string, headers: Record<string, string> = {}) =>
  fetch(origin + pathname, { headers: { 'accept-encoding': 'identity', ...headers }, redirect: 'manual' })

const revalidate = async (body: unknown) => {
  const response = await fetch(`${origin}/api/revalidate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${SECRET}` },
    body: JSON.stringify(body),
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { purged: { pages: string[] } }).purged.pages
}

/** A meta tag's content from a page's HTML (React writes `property`/`name` before `content`). */
function metaContent(html: string, key: string): string | null {
  const match = new RegExp(`<meta (?:property|name)="${key.replaceAll(':', '\\:')}" content="([^"]*)"`).exec(html)
  return match?.[1] ?? null
}

/** The image a page links, fetched from this server (its URL is on the public origin, SITE_URL). */
async function linkedImage(pagePath: string) {
  const page = await get(pagePath)
  expect(page.status, pagePath).toBe(200)
  const html = await page.text()
  const url = metaContent(html, 'og:image')
  expect(url, `${pagePath} og:image`).toMatch(/^https?:\/\//)
  const imagePath = new URL(url ?? '').pathname
  const image = await get(imagePath)
  return { html, url: url ?? '', imagePath, image, bytes: new Uint8Array(await image.arrayBuffer()) }
}

beforeAll(async () => {
  if (!existsSync(path.join(prerendered, 'manifest.json'))) throw new Error('Build first: npm run build')
  cpSync(path.join(root, 'content'), content, { recursive: true })
  server = await startBuiltSite({
    dataDir: work,
    port: await freePort(),
    env: { REVALIDATE_SECRET: SECRET, CMS_CONTENT_DIR: content },
  })
  origin = server.origin
}, 120_000)

afterAll(async () => {
  await server?.stop()
  rmSync(work, { recursive: true, force: true })
})

describe('generated social images', () => {
  it('every page type links a 1200×630 PNG in every routed locale, with its size, alt text and a large Twitter card', async () => {
    const pages = [
      '/', // the home page
      '/services/cyber-security', // a page under another
      '/about', // a page whose own og:img is an SVG, which no social network shows
      '/blog', // the blog home
      '/blog/category/news', // a category listing
    ]
    for (const locale of routedLocales) {
      const prefix = locale === 'en' ? '' : `/${locale}`
      for (const page of pages) {
        const pagePath = page === '/' ? prefix || '/' : `${prefix}${page}`
        const { html, url, imagePath, image, bytes } = await linkedImage(pagePath)
        expect(imagePath, pagePath).toMatch(new RegExp(`^${prefix}/og/.+\\.png$`))
        expect(image.status, imagePath).toBe(200)
        expect(image.headers.get('content-type'), imagePath).toBe('image/png')
        expect(pngSize(bytes), imagePath).toEqual({ width: 1200, height: 630 })
        expect(metaContent(html, 'twitter:image'), pagePath).toBe(url)
        expect(metaContent(html, 'og:image:width'), pagePath).toBe('1200')
        expect(metaContent(html, 'og:image:height'), pagePath).toBe('630')
        expect(metaContent(html, 'og:image:alt'), pagePath).toMatch(/\S.* – Kestrel IT Support$/)
        expect(metaContent(html, 'twitter:card'), pagePath).toBe('summary_large_image')
      }
    }
  }, 120_000)

  it("an article links its own photo (a raster image social networks show), with the photo's size and alt text", async () => {
    for (const [pagePath, alt] of [
      ['/blog/five-signs-your-backups-will-not-restore', 'A stack of storage drives with a restore arrow'],
      ['/de/blog/five-signs-your-backups-will-not-restore', 'Ein Stapel Speicherlaufwerke mit einem Wiederherstellungspfeil'],
    ] as const) {
      const { html, url, imagePath, image } = await linkedImage(pagePath)
      expect(imagePath, pagePath).toBe('/images/posts/five-signs-your-backups-will-not-restore.webp')
      expect(image.status, imagePath).toBe(200)
      expect(image.headers.get('content-type'), imagePath).toBe('image/webp')
      expect(metaContent(html, 'og:image:width'), pagePath).toBe('2400')
      expect(metaContent(html, 'og:image:height'), pagePath).toBe('1260')
      expect(metaContent(html, 'og:image:type'), pagePath).toBeNull()
      expect(metaContent(html, 'og:image:alt'), pagePath).toBe(alt)
      expect(metaContent(html, 'twitter:image'), pagePath).toBe(url)
      expect(metaContent(html, 'twitter:image:alt'), pagePath).toBe(metaContent(html, 'og:image:alt'))
    }
  })

  it('answers 404 for a page that does not exist, never a card of "undefined"', async () => {
    for (const pathname of [
      '/og/no-such-page.png',
      '/de/og/no-such-page.png',
      '/og/blog/no-such-post.png',
      '/og/blog/category/no-such-category.png',
      '/og/services/no-such-service.png',
    ]) {
      const response = await get(pathname)
      expect(response.status, pathname).toBe(404)
      expect(response.headers.get('content-type'), pathname).not.toBe('image/png')
      expect(response.headers.get('cache-control'), pathname).toBe('public, max-age=0, s-maxage=60')
    }
    // Not an image's path at all (a dot in the page name): the site's 404 page.
    expect((await get('/og/a.b.png')).status).toBe(404)
  })

  it('is cached like a page: Cache-Control for CDNs, cache tags, an ETag that answers 304', async () => {
    const first = await get('/de/og/services/cyber-security.png')
    expect(first.status).toBe(200)
    expect(first.headers.get('cache-control')).toMatch(pageCacheControl(first.headers.get('x-html-cache')))
    expect(first.headers.get('cache-tag')).toContain('page:services/cyber-security')
    expect(first.headers.get('x-content-type-options')).toBe('nosniff')
    const etag = first.headers.get('etag') ?? ''
    expect(etag).not.toBe('')
    const again = await get('/de/og/services/cyber-security.png')
    expect(again.headers.get('x-html-cache')).toMatch(/^(HIT|STALE)$/)
    expect(again.headers.get('etag')).toBe(etag)
    const notModified = await get('/de/og/services/cyber-security.png', { 'if-none-match': etag })
    expect(notModified.status).toBe(304)
    const head = await fetch(`${origin}/de/og/services/cyber-security.png`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-type')).toBe('image/png')
    expect((await fetch(`${origin}/og/home.png`, { method: 'POST' })).status).toBe(405)
  })

  it('is prerendered with its page and answered from memory from the first request', async () => {
    const manifest = JSON.parse(readFileSync(path.join(prerendered, 'manifest.json'), 'utf8')) as PrerenderManifest
    for (const key of ['/og/home.png', '/de/og/home.png', '/og/blog.png', '/de/og/services.png']) {
      const entry = manifest.pages[key]
      expect(entry?.contentType, key).toBe('image/png')
      expect(pngSize(new Uint8Array(readFileSync(path.join(prerendered, entry?.file ?? '')))), key).toEqual({ width: 1200, height: 630 })
    }
    const home = await get('/de/og/home.png')
    // From memory, fresh or not: on a slow machine this test may run after the entry's freshness ran out.
    expect(home.headers.get('x-html-cache')).toMatch(/^(HIT|STALE)$/)
    expect(home.headers.get('etag')).toBe(manifest.pages['/de/og/home.png']?.etag)
  })

  it('goes with its page when a revalidation purges the page, by tag in every locale or by path in one', async () => {
    for (const pathname of ['/og/pricing.png', '/de/og/pricing.png', '/og/contact.png']) expect((await get(pathname)).status).toBe(200)
    const byTag = await revalidate({ tags: ['page:pricing'] })
    expect(byTag).toEqual(expect.arrayContaining(['/og/pricing.png', '/de/og/pricing.png']))
    expect(byTag).not.toContain('/og/contact.png')
    for (const pathname of ['/og/pricing.png', '/de/og/pricing.png']) expect((await get(pathname)).status).toBe(200)
    const byPath = await revalidate({ paths: ['/de/pricing'] })
    expect(byPath).toContain('/de/og/pricing.png')
    expect(byPath).not.toContain('/og/pricing.png')
  })

  it('shows an edited title after the revalidation, and draws a hostile one safely', async () => {
    const file = path.join(content, 'de/pages/terms.json')
    const before = await linkedImage('/de/terms')
    expect(before.image.status).toBe(200)
    const page = JSON.parse(readFileSync(file, 'utf8')) as { title: string; meta: Record<string, string> }
    const hostile = `<script>alert("og")</script> Donaudampfschifffahrtsgesellschaftskapitänsmützen 🚀 שלום مرحبا ${'sehr lang '.repeat(60)}`
    writeFileSync(file, JSON.stringify({ ...page, title: hostile, meta: { ...page.meta, title: hostile, 'og:title': hostile } }, null, 2))
    await revalidate({ tags: ['page:terms'] })
    // The embedded CMS also sees the file change and purges again: wait until the page and its image both show it.
    let after = before
    for (let attempt = 0; attempt < 150; attempt++) {
      after = await linkedImage('/de/terms')
      if (after.html.includes('Donaudampf') && after.image.headers.get('etag') !== before.image.headers.get('etag')) break
      await new Promise((done) => setTimeout(done, 100))
    }
    expect(after.image.status).toBe(200)
    expect(pngSize(after.bytes)).toEqual({ width: 1200, height: 630 })
    expect(after.image.headers.get('etag')).not.toBe(before.image.headers.get('etag'))
    // The alt text carries the title as text: escaped in the attribute, never markup in the head.
    expect(metaContent(after.html, 'og:image:alt')).toContain('&lt;script&gt;')
    expect(after.html).not.toContain('<script>alert("og")')
  }, 60_000)
})

describe('an image is drawn again only when its card changed', () => {
  const redrawWork = mkdtempSync(path.join(tmpdir(), 'site-og-redraw-'))
  const redrawContent = path.join(redrawWork, 'content')
  let site: BuiltSite | undefined

  beforeAll(async () => {
    cpSync(path.join(root, 'content'), redrawContent, { recursive: true })
    // Fresh for a second: the prerendered copies (built before) are stale, and so soon is each refresh.
    site = await startBuiltSite({
      dataDir: redrawWork,
      env: { REVALIDATE_SECRET: SECRET, CMS_CONTENT_DIR: redrawContent, CACHE_FRESH_MS: '1000', LOG_LEVEL: 'info' },
    })
  }, 120_000)

  afterAll(async () => {
    await site?.stop()
    rmSync(redrawWork, { recursive: true, force: true })
  })

  const fetchImage = async (pathname: string) => {
    const response = await fetch(`${site?.origin}${pathname}`, { headers: { 'accept-encoding': 'identity' } })
    await response.arrayBuffer()
    return response
  }
  const drew = (pathname: string) => (site?.output() ?? '').includes(`[og-image] drew ${pathname} in`)

  it('keeps a stale prerendered image whose page gives the same card, and draws one whose title changed', async () => {
    const manifest = JSON.parse(readFileSync(path.join(prerendered, 'manifest.json'), 'utf8')) as PrerenderManifest
    expect(manifest.pages['/og/privacy.png']?.card).toMatch(/^[\w-]{43}$/)
    for (let round = 0; round < 3; round++) {
      // Stale, then refreshed in the background; the refresh's copy is stale again by the next round.
      const image = await fetchImage('/og/privacy.png')
      expect(image.headers.get('x-html-cache')).toMatch(/^(STALE|HIT)$/)
      expect(image.headers.get('etag')).toBe(manifest.pages['/og/privacy.png']?.etag)
      expect(image.headers.get('x-og-card')).toBe(manifest.pages['/og/privacy.png']?.card)
      await new Promise((done) => setTimeout(done, 1200))
    }
    expect(drew('/og/privacy.png'), site?.output()).toBe(false)

    const file = path.join(redrawContent, 'en/pages/privacy.json')
    const page = JSON.parse(readFileSync(file, 'utf8')) as { title: string; meta: Record<string, string> }
    const title = 'Privacy, rewritten'
    writeFileSync(file, JSON.stringify({ ...page, title, meta: { ...page.meta, title, 'og:title': title } }, null, 2))
    const response = await fetch(`${site?.origin}/api/revalidate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${SECRET}` },
      body: JSON.stringify({ tags: ['page:privacy'] }),
    })
    expect(response.status).toBe(200)
    let card = manifest.pages['/og/privacy.png']?.card
    for (let attempt = 0; attempt < 100 && card === manifest.pages['/og/privacy.png']?.card; attempt++) {
      card = (await fetchImage('/og/privacy.png')).headers.get('x-og-card') ?? undefined
      await new Promise((done) => setTimeout(done, 100))
    }
    expect(card).not.toBe(manifest.pages['/og/privacy.png']?.card)
    expect(drew('/og/privacy.png'), site?.output()).toBe(true)
  }, 60_000)
})
