/**
 * Backend outages against the production build (`npm run build` first): the site over a
 * content backend on loopback that can hang, fail or be stopped (tests/support/
 * flaky-backend.ts, handing requests to the embedded CMS). With HTML_CACHE=off every
 * request renders, so what answers during the outage is the data cache's last good copy
 * (the rendered-HTML cache's own stale-if-error is in incremental-static.test.ts).
 *
 * - nothing cached: a page is 503 with Retry-After and the error screen, the feed and a
 *   sitemap part 503; once the breaker is open, an uncached page answers at once;
 * - cached: pages (menus included), the layout, the sitemap and its parts, the feed keep
 *   answering 200 while the backend is down, and the log says so once each way;
 * - page names: a traversal attempt in a path or a form's source never reaches the backend.
 */
import { request } from 'node:http'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseEnv } from '../../app/config/env'
import { backendConfig } from '../../app/server/config.server'
import { cmsOptionsFromEnv, createEmbeddedCms } from '../../cms/index'
import { serverFnId, startBuiltSite, type BuiltSite } from '../support/built-site'
import { startFlakyBackend, type FlakyBackend } from '../support/flaky-backend'

const root = process.cwd()
const SECRET = 'integration-revalidate-secret-0123456789abcdef'
const TIMEOUT_MS = 800
const work = mkdtempSync(path.join(tmpdir(), 'site-outage-'))
let backend: FlakyBackend
let site: BuiltSite
let origin: string

/** Enough sitemap entries (two locales) for the sitemap to be an index with numbered parts. */
const SYNTHETIC_ENTRIES = 26_000

beforeAll(async () => {
  const entry = path.join(root, '.output/server/index.mjs')
  if (!readdirSync(path.dirname(entry)).includes('index.mjs')) throw new Error('Build first: npm run build')
  const env = parseEnv({ CMS_DATABASE_URL: `file:${path.join(work, 'cms.db')}`, CMS_UPLOAD_DIR: path.join(work, 'uploads') })
  const cms = createEmbeddedCms(cmsOptionsFromEnv(env))
  // The CMS's first answers load its content and database: warm, so no probe waits for that.
  for (const page of ['home', 'terms', 'about']) await cms.fetch(new Request(`http://cms.test/api/v1/base/${page}?locale=en`))
  backend = await startFlakyBackend(async (request) => {
    const url = new URL(request.url)
    if (url.pathname === '/api/v1/sitemap') {
      const entries = Array.from({ length: SYNTHETIC_ENTRIES }, (_, i) => ({ key: `p-${i}`, path: `/p-${i}`, type: 'page' }))
      return Response.json({ result: { entries } })
    }
    return cms.fetch(request)
  })
  site = await startBuiltSite({
    dataDir: work,
    env: {
      HTML_CACHE: 'off',
      CONTENT_API_URL: backend.url,
      CONTENT_TIMEOUT_MS: String(TIMEOUT_MS),
      REVALIDATE_SECRET: SECRET,
    },
  })
  origin = site.origin
}, 60_000)

afterAll(async () => {
  await site?.stop()
  await backend?.close()
  rmSync(work, { recursive: true, force: true })
})

const get = (pathname: string) => fetch(origin + pathname, { headers: { 'accept-encoding': 'identity' }, redirect: 'manual' })
const timed = async (pathname: string) => {
  const started = performance.now()
  const response = await get(pathname)
  const body = await response.text()
  return { response, body, ms: performance.now() - started }
}
const logLines = (pattern: RegExp) =>
  site
    .output()
    .split('\n')
    .filter((line) => pattern.test(line))
/** A GET sent as written: fetch() would resolve `%2e%2e` segments before sending. */
const rawStatus = (pathname: string) =>
  new Promise<number>((resolve, reject) => {
    const { hostname, port } = new URL(origin)
    request({ hostname, port, path: pathname, headers: { accept: 'text/html' } }, (response) => {
      response.resume()
      resolve(response.statusCode ?? 0)
    })
      .on('error', reject)
      .end()
  })
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Waits out the breaker's cool-down, then asks until a page answers 200 (the probe succeeded). */
async function waitUntilBack() {
  await sleep(backendConfig.breaker.cooldownMs + 200)
  const statuses: number[] = []
  for (let i = 0; i < 20; i++) {
    const status = (await get('/terms')).status
    if (status === 200) return
    statuses.push(status)
    await sleep(250)
  }
  throw new Error(
    `the site did not see the backend come back (${statuses.join(' ')}; backend saw ${backend.requests.slice(-5).join(', ')}):\n${site.output()}`,
  )
}

describe('with nothing cached and the backend hanging', () => {
  it('a page is 503 with Retry-After and the error screen; the feed and a sitemap part are 503; then the breaker answers at once', async () => {
    backend.failAll('hang')
    const first = await timed('/services')
    expect(first.response.status).toBe(503)
    expect(first.response.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(first.response.headers.get('cache-control')).toBe('no-store')
    expect(first.body).toContain('load this page right now')
    // It waited for the timeouts (two attempts) before giving up.
    expect(first.ms).toBeGreaterThan(TIMEOUT_MS * 2)

    for (const pathname of ['/blog/rss.xml', '/sitemaps/1', '/sitemap.xml']) {
      const { response } = await timed(pathname)
      expect(response.status, pathname).toBe(503)
      expect(response.headers.get('retry-after'), pathname).toMatch(/^\d+$/)
    }
    // By now the breaker is open: an uncached page fails at once, without a call.
    const seen = backend.requests.length
    const fast = await timed('/pricing')
    expect(fast.response.status).toBe(503)
    expect(fast.body).toContain('load this page right now')
    expect(fast.ms).toBeLessThan(TIMEOUT_MS)
    expect(backend.requests.length).toBe(seen)

    const down = logLines(/\[backend\]/)
    expect(down).toHaveLength(1)
    expect(down[0]).toMatch(/is down: \d+ failed calls in a row \(last: timeout on GET \/api\/[^ ?]+\).*\[request [0-9a-f]{12}\]/)
    expect(down[0]).not.toContain('?')

    backend.recover()
    await waitUntilBack()
    expect(logLines(/\[backend\].*is back after \d+ s/)).toHaveLength(1)
  }, 60_000)
})

describe('with everything read once, then the backend stopped', () => {
  const pages = ['/about', '/de/about', '/landing/managed-it-support', '/blog/rss.xml', '/sitemap.xml', '/sitemaps/1', '/sitemaps/2']

  it('pages with their menus, the layout, the feed, the sitemap and its parts answer 200 from the last good copy', async () => {
    const before = new Map<string, string>()
    for (const pathname of pages) {
      const response = await get(pathname)
      expect(response.status, pathname).toBe(200)
      before.set(pathname, await response.text())
    }
    expect(before.get('/landing/managed-it-support')).toContain('data-layout="static"')
    expect(before.get('/sitemap.xml')).toContain('/sitemaps/2')
    expect(before.get('/blog/rss.xml')).toContain('<item>')
    // A revalidation: every copy is read again on its next use, so the outage is met by a real backend call.
    const purge = await fetch(`${origin}/api/revalidate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${SECRET}` },
      body: JSON.stringify({ tags: ['all'] }),
    })
    expect(purge.status).toBe(200)

    await backend.stop()
    for (const pathname of pages) {
      const response = await get(pathname)
      expect(response.status, pathname).toBe(200)
      const body = await response.text()
      if (pathname.endsWith('.xml') || pathname.startsWith('/sitemaps/')) expect(body, pathname).toBe(before.get(pathname))
      else {
        expect(body, pathname).toContain('<nav')
        expect(body, pathname).not.toContain('load this page right now')
      }
    }
    expect((await get('/landing/managed-it-support').then((response) => response.text())).includes('data-layout="static"')).toBe(true)
    expect(logLines(/\[backend\].*is down/)).toHaveLength(2)

    await backend.start()
    await waitUntilBack()
    expect(logLines(/\[backend\].*is back/)).toHaveLength(2)
  }, 60_000)
})

describe('page names (slugs before any backend call)', () => {
  const hostile = [
    '/%2e%2e/%2e%2e/api/user/register',
    '/services/%2e%2e%2f%2e%2e%2fapi%2fuser%2flogin',
    '/a%5c..%5cb',
    '/..%2f..%2fwp-admin',
    '/%2e%2e',
    '/.%2e/x',
    '/about%00',
    '/about%0d%0aX-Injected:%201',
    '/de/%2e%2e%2fapi',
    '/blog/%2e%2e/%2e%2e/api/v1/posts',
    '/blog/category/%2e%2e%2f%2e%2e',
  ]
  /** Every path the contract allows, each segment a slug. */
  const contractPath =
    /^\/(api\/v1\/base(\/[\p{L}\p{N}_-]+)+|api\/v1\/layout(\/[\p{L}\p{N}_-]+)*\/?|api\/v1\/popups\/[A-Za-z0-9_-]+|api\/v1\/posts|api\/v1\/sitemap|api\/wp\/v2\/tags|api\/gf\/v2\/forms\/\d+\/submissions|wp-comments-post\.php|api\/user\/(login|register|forgot|reset-password))$/u
  const outsideContract = (requests: string[]) =>
    requests.filter((line) => {
      const target = line.slice(line.indexOf(' ') + 1)
      const pathname = new URL(target, 'http://x').pathname
      const decoded = pathname
        .split('/')
        .map((segment) => decodeURIComponent(segment))
        .join('/')
      return !contractPath.test(decoded)
    })

  it('a traversal attempt in the path is a 404 and never reaches the backend', async () => {
    const seen = backend.requests.length
    for (const pathname of hostile) {
      const status = await rawStatus(pathname)
      // The URL standard reads a whole `%2e%2e` segment as `..` (`/%2e%2e` is `/`, the home page); anything else is no page.
      const normalized = new URL(pathname, origin).pathname
      if (normalized === '/') expect(status, pathname).toBe(200)
      else expect([400, 404], `${pathname}: ${status}`).toContain(status)
    }
    const during = backend.requests.slice(seen)
    expect(outsideContract(during)).toEqual([])
    expect(during.filter((line) => /%2e|%2f|%5c|\.\.|%00|%0d/i.test(line))).toEqual([])
  })

  it("a form's source path with a traversal attempt is refused and never reaches the backend", async () => {
    const id = serverFnId('submitForm')
    const seen = backend.requests.length
    for (const source of [...hostile, '/contact']) {
      const form = new FormData()
      form.set('_formId', '1')
      form.set('_locale', 'en')
      form.set('_source', JSON.stringify({ kind: 'page', path: source }))
      form.set('input_1', 'x')
      // Same-origin, as the browser sends it (Start refuses cross-site server-function calls with 403).
      const response = await fetch(`${origin}/_serverFn/${id}`, {
        method: 'POST',
        body: form,
        headers: { 'x-tsr-serverFn': 'true', 'sec-fetch-site': 'same-origin' },
      })
      const body = await response.text()
      expect([200, 400, 404], `${source}: ${response.status}`).toContain(response.status)
      // The handler ran and refused: the form's generic error (the control: field errors), never a confirmation.
      expect(body, source).toContain(source === '/contact' ? '"invalid"' : '"error"')
      expect(body, source).not.toContain('success')
    }
    // Only the control, a real page, was read (its form's definition); none of the hostile ones.
    expect(backend.requests.slice(seen)).toEqual(['GET /api/v1/base/contact?locale=en'])
  })
})
