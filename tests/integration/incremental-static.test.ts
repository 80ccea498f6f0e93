/**
 * Incremental static, end to end over HTTP against the production build (`npm run build`
 * first; `npm test` does it): prerendered files, the rendered-HTML cache, compression and
 * validators, Cache-Control per response type, coalescing, stale-if-error and
 * revalidation.
 *
 * Two servers: one over the embedded CMS reading a copy of `content/` (so a test can edit
 * a file), one over `npm run cms` behind a small proxy that counts the backend calls and
 * can play dead.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, request as httpRequest, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { routedLocales, siteConfig } from '../../app/config/site'
import type { PrerenderManifest } from '../../app/server/page-cache/prerendered.server'
import { freePort, startBuiltSite } from '../support/built-site'
import { pageCacheControl } from '../support/cache-policy'
import { rawRequest } from '../support/edge-servers'
import { startTestServer, type TestServer } from '../support/test-server'

const root = process.cwd()
const prerendered = path.join(root, '.output/server/prerendered')
const SECRET = 'integration-revalidate-secret-0123456789abcdef'
const work = mkdtempSync(path.join(tmpdir(), 'site-isr-'))
const servers: TestServer[] = []
let proxy: Server | undefined

async function startSite(env: Record<string, string>): Promise<string> {
  const site = await startBuiltSite({ dataDir: work, env: { REVALIDATE_SECRET: SECRET, ...env } })
  servers.push(site)
  return site.origin
}

/** Backend calls seen by the proxy, by path; `down` makes it answer 503 like a failing backend. */
const backend = { calls: new Map<string, number>(), down: false }
const callsTo = (prefix: string) => [...backend.calls].filter(([url]) => url.startsWith(prefix)).reduce((sum, [, n]) => sum + n, 0)

async function startProxy(target: string): Promise<string> {
  const port = await freePort()
  proxy = createServer((req, res) => {
    const url = req.url ?? '/'
    backend.calls.set(url, (backend.calls.get(url) ?? 0) + 1)
    if (backend.down) {
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"code":"down"}')
      return
    }
    const upstream = httpRequest(`${target}${url}`, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
    upstream.on('error', () => res.writeHead(502).end())
    req.pipe(upstream)
  })
  await new Promise<void>((done) => proxy!.listen(port, '127.0.0.1', done))
  return `http://127.0.0.1:${port}`
}

const get = (origin: string, pathname: string, headers: Record<string, string> = {}) =>
  fetch(origin + pathname, { headers: { 'accept-encoding': 'identity', ...headers }, redirect: 'manual' })

const revalidate = (origin: string, body: unknown, secret = SECRET) =>
  fetch(`${origin}/api/revalidate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
    body: JSON.stringify(body),
  })

let embedded: string
let remote: string
const content = path.join(work, 'content')

beforeAll(async () => {
  if (!existsSync(path.join(prerendered, 'manifest.json'))) throw new Error('Build first: npm run build')
  cpSync(path.join(root, 'content'), content, { recursive: true })
  embedded = await startSite({ CMS_CONTENT_DIR: content })
  const cmsPort = await freePort()
  servers.push(
    await startTestServer({
      command: 'npx',
      args: ['tsx', 'cms/serve.ts'],
      env: { ...process.env, CMS_PORT: String(cmsPort), CMS_DATABASE_URL: `file:${path.join(work, 'cms.db')}` },
      readyUrl: `http://127.0.0.1:${cmsPort}/api/v1/base/home`,
      startTimeoutMs: 60_000,
    }),
  )
  // A generous timeout: the client retries a call that times out, and a slow machine must not turn one backend call into two.
  remote = await startSite({ CONTENT_API_URL: await startProxy(`http://127.0.0.1:${cmsPort}`), CONTENT_TIMEOUT_MS: '10000' })
}, 120_000)

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()))
  await new Promise<void>((done) => (proxy ? proxy.close(() => done()) : done()))
  rmSync(work, { recursive: true, force: true })
})

describe('prerendered pages', () => {
  const manifest = () => JSON.parse(readFileSync(path.join(prerendered, 'manifest.json'), 'utf8')) as PrerenderManifest

  it('exist after the build for home, every menu page, the blog, its listings and newest posts, in every locale', async () => {
    const pages = manifest().pages
    const menu = (await (await get(embedded, '/')).text()).match(/<nav[\s\S]*?<\/nav>/g)?.join('') ?? ''
    const menuPaths = [...menu.matchAll(/href="(\/[^"#?]*)"/g)].map((match) => match[1] ?? '').filter((href) => !href.includes('.'))
    expect(menuPaths.length).toBeGreaterThan(5)
    for (const locale of routedLocales) {
      const prefix = locale === 'en' ? '' : `/${locale}`
      for (const page of ['', '/about', '/services', '/contact', '/blog', '/blog/category/guides', '/blog/tag/security']) {
        expect(pages[`${prefix}${page}` || '/'], `${locale} ${page}`).toBeDefined()
      }
    }
    for (const href of menuPaths) if (!/^\/(de\/)?(login|register)$/.test(href)) expect(pages[href], href).toBeDefined()
    expect(
      Object.keys(pages).filter((key) => /^(\/de)?\/blog\/[^/]+$/.test(key) && !key.includes('category')).length,
    ).toBeGreaterThanOrEqual(12)
    expect(Object.keys(pages).some((key) => /(login|register|reset-password|forgot-password)$/.test(key))).toBe(false)
    for (const page of Object.values(pages)) {
      // A page's generated social image (a PNG, docs/decisions/018) is kept as it is, without compressed copies.
      const suffixes = page.contentType.startsWith('text/html') ? ['', '.br', '.gz'] : ['']
      for (const suffix of suffixes) expect(existsSync(path.join(prerendered, page.file + suffix)), page.file + suffix).toBe(true)
    }
  })

  it('are served from memory with brotli or gzip as accepted, an ETag, Cache-Control and cache tags', async () => {
    const page = manifest().pages['/de/about']
    const br = await get(embedded, '/de/about', { 'accept-encoding': 'gzip, br' })
    expect(br.status).toBe(200)
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('vary')).toBe('Accept-Encoding')
    expect(br.headers.get('etag')).toBe(page?.etag)
    expect(br.headers.get('cache-control')).toMatch(pageCacheControl(br.headers.get('x-html-cache')))
    expect(br.headers.get('cache-tag')).toContain('page:about')
    expect(br.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await br.text()).toContain('<html lang="de"')
    const gzip = await get(embedded, '/de/about', { 'accept-encoding': 'gzip;q=1.0, br;q=0' })
    expect(gzip.headers.get('content-encoding')).toBe('gzip')
    const plain = await get(embedded, '/de/about')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(Number(plain.headers.get('content-length'))).toBe((await plain.arrayBuffer()).byteLength)
    // The build's copy is older than a cached page stays fresh (siteConfig.cache.freshMs), so the first
    // request above also started a render in the background, whose copy has an ETag of its own: a
    // conditional request carries the ETag the server last sent, and a refresh that replaced it
    // between the two is taken once more.
    await expect
      .poll(async () => {
        const current = await get(embedded, '/de/about')
        await current.arrayBuffer()
        return (await get(embedded, '/de/about', { 'if-none-match': current.headers.get('etag') ?? '' })).status
      })
      .toBe(304)
  })
})

/** One answer as Node's client reads it off the wire: status line, headers in their order (but Date), body. */
function rawAnswer(origin: string, pathname: string, method: 'GET' | 'HEAD', headers: Record<string, string>) {
  return new Promise<{ status: string; headers: string[]; body: Buffer }>((resolve, reject) => {
    const request = httpRequest(origin + pathname, { method, headers }, (answer) => {
      const chunks: Buffer[] = []
      answer.on('data', (chunk: Buffer) => chunks.push(chunk))
      answer.on('end', () => {
        const pairs: string[] = []
        for (let index = 0; index < answer.rawHeaders.length; index += 2) {
          if (answer.rawHeaders[index]?.toLowerCase() !== 'date') pairs.push(`${answer.rawHeaders[index]}: ${answer.rawHeaders[index + 1]}`)
        }
        resolve({ status: `${answer.statusCode} ${answer.statusMessage}`, headers: pairs, body: Buffer.concat(chunks) })
      })
    })
    request.on('error', reject)
    request.end()
  })
}

describe('a cached page answered again (the Node server replays it: docs/decisions/035)', () => {
  it('is the same answer, header for header and byte for byte, in every encoding and for HEAD', async () => {
    for (const pathname of ['/', '/de/about', '/blog', '/blog?page=2&utm_source=mail']) {
      // A prerendered page older than its freshness is stale at first, and fresh once rendered again.
      await expect.poll(async () => (await get(embedded, pathname)).headers.get('x-html-cache'), { timeout: 20_000 }).toBe('HIT')
      for (const method of ['GET', 'HEAD'] as const) {
        for (const encoding of ['br', 'gzip', 'identity']) {
          const answers = []
          // The first may render or be the one kept; the ones after it are answered from what was kept.
          for (let attempt = 0; attempt < 3; attempt++)
            answers.push(await rawAnswer(embedded, pathname, method, { 'accept-encoding': encoding }))
          const [, kept, again] = answers
          expect(kept?.headers.find((header) => header.startsWith('x-html-cache'))).toBe('x-html-cache: HIT')
          // The CDN lifetime counts down in whole seconds, so two answers a second apart differ there alone.
          const steady = (headers: string[] | undefined) => headers?.map((header) => header.replace(/s-maxage=\d+/, 's-maxage=N'))
          expect(steady(again?.headers), `${method} ${pathname} ${encoding}`).toEqual(steady(kept?.headers))
          expect(again?.status).toBe(kept?.status)
          expect(again?.body.equals(kept?.body ?? Buffer.alloc(0))).toBe(true)
          expect(again?.body.byteLength).toBe(
            method === 'HEAD' ? 0 : Number(again?.headers.find((header) => header.startsWith('content-length'))?.split(': ')[1]),
          )
        }
      }
    }
  })

  it('is the same page in every encoding: its brotli and gzip copies as kept, and the gzip one unpacked for a request that accepts neither', async () => {
    // A prerendered page and one rendered on request: HTML keeps no uncompressed copy of its own.
    for (const pathname of ['/about', '/blog?page=3']) {
      await expect.poll(async () => (await get(embedded, pathname)).headers.get('x-html-cache'), { timeout: 20_000 }).toBe('HIT')
      const [br, gzip, plain] = await Promise.all(
        ['br', 'gzip', 'identity'].map((encoding) => rawAnswer(embedded, pathname, 'GET', { 'accept-encoding': encoding })),
      )
      const html = plain!.body.toString('utf8')
      expect(html).toMatch(/^<!DOCTYPE html>/i)
      expect(html.trimEnd()).toMatch(/<\/html>$/)
      expect(plain!.headers.some((header) => header.startsWith('content-encoding'))).toBe(false)
      expect(plain!.headers).toContain(`content-length: ${plain!.body.byteLength}`)
      expect(brotliDecompressSync(br!.body).equals(plain!.body), `${pathname} br`).toBe(true)
      expect(gunzipSync(gzip!.body).equals(plain!.body), `${pathname} gzip`).toBe(true)
      const head = await rawAnswer(embedded, pathname, 'HEAD', {})
      expect(head.headers).toContain(`content-length: ${plain!.body.byteLength}`)
    }
  })

  it('is kept only for a request target that is a path: `//…` that names no host is answered as the app answers it, not a 500', async () => {
    // A fresh home first, so the answer below, home's, carries an offer to keep it (the edge fuzz found this).
    await expect.poll(async () => (await get(embedded, '/')).headers.get('x-html-cache'), { timeout: 20_000 }).toBe('HIT')
    for (let attempt = 0; attempt < 2; attempt++) {
      const answer = await rawRequest(embedded, 'GET', '//%F0%B7%83%BF%F3%A3%98%AE/..\\../', { 'accept-encoding': 'gzip' })
      expect(answer.status).toBe(200)
    }
  })

  it('is never one a purge made old: the next request after a revalidation renders the page again', async () => {
    // A page the build did not prerender, so the purge leaves nothing in its place.
    const pathname = '/editor-blocks'
    expect((await get(embedded, pathname)).status).toBe(200)
    for (let attempt = 0; attempt < 3; attempt++) expect((await get(embedded, pathname)).headers.get('x-html-cache')).toBe('HIT')
    expect((await revalidate(embedded, { paths: [pathname] })).status).toBe(200)
    expect((await get(embedded, pathname)).headers.get('x-html-cache')).toBe('MISS')
  })

  it('is not what a request with a cookie, a validator or a query gets when those change the answer', async () => {
    for (let attempt = 0; attempt < 3; attempt++) await get(embedded, '/about')
    // The visitor's remembered language still sends them to their page.
    const remembered = await get(embedded, '/about', { cookie: `${siteConfig.i18n.langCookie.name}=de`, 'sec-fetch-dest': 'document' })
    expect(remembered.status).toBe(307)
    const etag = (await get(embedded, '/about')).headers.get('etag') ?? ''
    expect((await get(embedded, '/about', { 'if-none-match': etag })).status).toBe(304)
  })
})

describe('the rendered-HTML cache', () => {
  it('keys on the path and the parameters a page reads, not on tracking parameters', async () => {
    await get(embedded, '/services/help-desk-support?utm_source=a')
    const again = await get(embedded, '/services/help-desk-support?gclid=b&utm_medium=c')
    expect(again.headers.get('x-html-cache')).toMatch(/^(HIT|STALE)$/)
    const html = await again.text()
    expect(html).not.toContain('gclid')
    expect(html).not.toContain('utm_source')
  })

  it('renders once and asks the backend once for 100 concurrent misses on one page', async () => {
    const pathname = '/?s=coalescing-check'
    const before = callsTo('/api/v1/base/')
    const answers = await Promise.all(Array.from({ length: 100 }, () => get(remote, pathname)))
    expect(answers.every((answer) => answer.status === 200)).toBe(true)
    expect(callsTo('/api/v1/base/') - before).toBe(1)
    expect(answers.filter((answer) => answer.headers.get('x-html-cache') === 'MISS')).toHaveLength(100)
    expect((await get(remote, pathname)).headers.get('x-html-cache')).toBe('HIT')
  })

  it('keeps answering cached pages while the backend is down; an uncached page is 503 with Retry-After', async () => {
    expect((await get(remote, '/blog/new-office-in-manchester')).status).toBe(200)
    backend.down = true
    try {
      const cached = await get(remote, '/blog/new-office-in-manchester')
      expect(cached.status).toBe(200)
      const uncached = await get(remote, '/?s=nothing-cached-yet')
      expect(uncached.status).toBe(503)
      expect(uncached.headers.get('retry-after')).toBe('30')
      expect(uncached.headers.get('cache-control')).toBe('no-store')
      expect(await uncached.text()).toContain('WHOOPS!')
      // A purged page rendered while the backend is down answers from the last good data (or its last HTML).
      const purged = await revalidate(remote, { tags: ['post:new-office-in-manchester'] })
      expect(purged.status).toBe(200)
      const fallback = await get(remote, '/blog/new-office-in-manchester')
      expect(fallback.status).toBe(200)
      expect(await fallback.text()).toContain('Manchester')
    } finally {
      backend.down = false
    }
  })

  it('keeps a flood of distinct searches in their own partition, away from the pages', async () => {
    const page = '/services/cyber-security'
    await get(embedded, page)
    for (let batch = 0; batch < 15; batch++) {
      await Promise.all(Array.from({ length: 10 }, (_, index) => get(embedded, `/?s=flood-${batch}-${index}`)))
    }
    expect((await get(embedded, page)).headers.get('x-html-cache')).toMatch(/^(HIT|STALE)$/)
    // 150 renders: on a busy 2-core machine that can take longer than the default 20 s.
  }, 60_000)
})

describe('pages the cache does not keep', () => {
  it('are compressed all the same, in the one encoding the request accepts', async () => {
    const br = await get(embedded, '/login', { 'accept-encoding': 'br' })
    expect(br.status).toBe(200)
    expect(br.headers.get('x-html-cache')).toBeNull()
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('vary')).toBe('Accept-Encoding')
    expect(await br.text()).toContain('</html>')
    const gzip = await get(embedded, '/login', { 'accept-encoding': 'gzip' })
    expect(gzip.headers.get('content-encoding')).toBe('gzip')
  })

  it('with HTML_CACHE=off, every page: prerendered pages are rendered per request', async () => {
    const off = await startSite({ CMS_CONTENT_DIR: content, HTML_CACHE: 'off' })
    for (let attempt = 0; attempt < 2; attempt++) {
      const answer = await get(off, '/about', { 'accept-encoding': 'br' })
      expect(answer.status).toBe(200)
      expect(answer.headers.get('x-html-cache')).toBeNull()
      expect(answer.headers.get('etag')).toBeNull()
      expect(answer.headers.get('content-encoding')).toBe('br')
      expect(answer.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=300, stale-while-revalidate=86400')
    }
  })
})

describe('text other than HTML', () => {
  it('is compressed in the encoding the request accepts when it is worth it: the sitemap and the feed, not robots.txt', async () => {
    for (const pathname of ['/sitemap.xml', '/blog/rss.xml']) {
      const plain = await get(embedded, pathname)
      const bytes = (await plain.arrayBuffer()).byteLength
      expect(bytes).toBeGreaterThan(1024)
      const br = await get(embedded, pathname, { 'accept-encoding': 'br' })
      expect(br.status).toBe(200)
      expect(br.headers.get('content-encoding')).toBe('br')
      expect(br.headers.get('vary')).toBe('Accept-Encoding')
      // fetch decodes it: the same document, and the answer's own caching kept.
      expect((await br.arrayBuffer()).byteLength).toBe(bytes)
      expect(br.headers.get('cache-control')).toBe(plain.headers.get('cache-control'))
      const gzip = await get(embedded, pathname, { 'accept-encoding': 'gzip' })
      expect(gzip.headers.get('content-encoding')).toBe('gzip')
    }
    // A few bytes would grow: sent as they are.
    const robots = await get(embedded, '/robots.txt', { 'accept-encoding': 'br' })
    expect(robots.headers.get('content-encoding')).toBeNull()
    expect(await robots.text()).toContain('Sitemap:')
  })
})

describe('Cache-Control per response type', () => {
  // A page's policy depends on where the answer came from (tests/support/cache-policy.ts).
  const page = Symbol('by x-html-cache')
  const cases: Array<[string, RegExp | string | typeof page, number?]> = [
    ['/about', page],
    ['/?s=backup', page],
    ['/no-such-page', 'public, max-age=0, s-maxage=60', 404],
    ['/login', 'private, no-store'],
    ['/de/reset-password?userId=1&passToken=x', 'private, no-store'],
    ['/about?dev=true', 'private, no-store'],
    ['/blog/rss.xml', 'public, max-age=0, s-maxage=600, stale-while-revalidate=86400'],
    ['/sitemap.xml', 'public, max-age=0, s-maxage=3600, stale-while-revalidate=86400'],
    ['/favicon.svg', 'public, max-age=86400, stale-while-revalidate=86400'],
    ['/images/heroes/cyber-security.svg', 'public, max-age=86400, stale-while-revalidate=86400'],
  ]
  for (const [pathname, expected, status = 200] of cases) {
    it(`${pathname}: ${expected === page ? 'by where the answer came from' : String(expected)}`, async () => {
      const response = await get(embedded, pathname)
      expect(response.status).toBe(status)
      expect(response.headers.get('cache-control') ?? '').toMatch(
        expected === page
          ? pageCacheControl(response.headers.get('x-html-cache'))
          : expected instanceof RegExp
            ? expected
            : new RegExp(`^${expected.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
      )
    })
  }

  it('hashed assets are immutable', async () => {
    const html = await (await get(embedded, '/')).text()
    const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0]
    expect(asset).toBeDefined()
    expect((await get(embedded, asset ?? '')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })
})

describe('POST /api/revalidate', () => {
  it('refuses a missing or wrong secret and purges nothing', async () => {
    await get(embedded, '/about')
    for (const secret of ['', 'wrong-secret-wrong-secret-wrong-secret-0000']) {
      const response = await revalidate(embedded, { tags: ['all'] }, secret)
      expect(response.status).toBe(401)
    }
    expect((await get(embedded, '/about')).headers.get('x-html-cache')).toMatch(/^(HIT|STALE)$/)
    expect((await fetch(`${embedded}/api/revalidate`)).status).toBe(405)
    expect((await revalidate(embedded, { tags: ['<script>'] })).status).toBe(400)
    expect((await revalidate(embedded, {})).status).toBe(400)
  })

  it('purges exactly what it reports: a page in every locale, and nothing else', async () => {
    for (const pathname of ['/about', '/de/about', '/contact', '/blog']) await get(embedded, pathname)
    const response = await revalidate(embedded, { tags: ['page:about'] })
    expect(response.status).toBe(200)
    const { purged } = (await response.json()) as { purged: { pages: string[]; rerendering: string[] } }
    // The page's generated social image goes with it (docs/decisions/018).
    const purgedWithImages = ['/about', '/de/about', '/de/og/about.png', '/og/about.png']
    expect(purged.pages.filter((key) => !key.startsWith('/no-such'))).toEqual(purgedWithImages)
    expect(purged.rerendering).toEqual(purgedWithImages)
    expect((await get(embedded, '/contact')).headers.get('x-html-cache')).toMatch(/^(HIT|STALE)$/)
    // The prerendered page is rendered again in the background; however long that takes here, it is then served from the store.
    await expect
      .poll(async () => (await get(embedded, '/about')).headers.get('x-html-cache'), { timeout: 20_000, interval: 100 })
      .toBe('HIT')
  })

  it('purges a post with every list of posts', async () => {
    for (const pathname of ['/blog', '/blog/category/guides', '/', '/services/cyber-security']) await get(embedded, pathname)
    const response = await revalidate(embedded, { tags: ['post:five-signs-your-backups-will-not-restore'] })
    const { purged } = (await response.json()) as { purged: { pages: string[] } }
    expect(purged.pages).toEqual(
      expect.arrayContaining(['/blog', '/de/blog', '/blog/category/guides', '/', '/blog/five-signs-your-backups-will-not-restore']),
    )
    expect(purged.pages).not.toContain('/services/cyber-security')
  })

  it('shows an edit to a file in content/ without a restart', async () => {
    const file = path.join(content, 'en/pages/careers.json')
    const before = await (await get(embedded, '/careers')).text()
    expect(before).not.toContain('Join the Kestrel night shift')
    const page = JSON.parse(readFileSync(file, 'utf8')) as { title: string }
    writeFileSync(file, JSON.stringify({ ...page, title: 'Join the Kestrel night shift' }, null, 2))
    // The embedded CMS watches its folder and purges what the file touches; a webhook call does the same for a remote backend.
    await expect
      .poll(async () => (await get(embedded, '/careers')).text(), { timeout: 30_000, interval: 200 })
      .toContain('Join the Kestrel night shift')
  }, 60_000)
})
