import { expect, test } from '@playwright/test'
import { downBaseUrl } from '../../playwright.config'
import { pageCacheControl } from '../support/cache-policy'

const ok = [
  '/',
  '/de',
  '/blog',
  '/de/blog',
  '/blog/moving-an-architecture-practice-to-the-cloud',
  '/de/blog/moving-an-architecture-practice-to-the-cloud',
  '/blog/guides',
  '/blog/guides/five-signs-your-backups-will-not-restore',
  '/blog/category/news',
  '/de/blog/category/news',
  '/blog/category',
  '/blog/tag/security',
  '/de/blog/tag/security',
  '/blog/tag',
  '/about',
  '/de/about',
  '/landing/managed-it-support',
  '/?s=backup',
  '/about?s=cloud',
  `/?s=${'x'.repeat(10_000)}`,
  '/?utm_source=newsletter&p=12',
]

const missing = [
  '/no-such-page',
  '/de/no-such-page',
  '/blog/no-such-post',
  '/blog/news/five-signs-your-backups-will-not-restore',
  '/blog/category/no-such-category',
  '/blog/tag/no-such-tag',
  '/withdrawn-offer',
  '/a/b/c/d',
  `/${'a'.repeat(5000)}`,
  // Not page names at all: answered 404 without asking the backend, never 500.
  '/caf%C3%A9',
  '/index.php',
  '/blog/category/..%2Fposts',
  '/blog/tag/a.b',
]

test.describe('HTTP status of every route type', () => {
  for (const path of ok) {
    test(`200 ${path}`, async ({ request }) => {
      const response = await request.get(path, { maxRedirects: 0 })
      expect(response.status()).toBe(200)
      expect(response.headers()['content-type']).toContain('text/html')
      expect(response.headers()['cache-control']).toMatch(pageCacheControl(response.headers()['x-html-cache']))
      expect(response.headers()['x-content-type-options']).toBe('nosniff')
    })
  }

  for (const path of missing) {
    test(`404 ${path}`, async ({ request }) => {
      const response = await request.get(path, { maxRedirects: 0 })
      expect(response.status()).toBe(404)
      const html = await response.text()
      expect(html).toContain('WHOOPS!')
      expect(html).not.toMatch(/\bat .+\(.+:\d+:\d+\)/)
    })
  }

  test('malformed requests get a clear 4xx, never a 500', async ({ request }) => {
    for (const [path, status] of [
      ['/_serverFn/', 404],
      ['/%E0%A4%A', 400],
    ] as const) {
      const response = await request.get(path, { maxRedirects: 0 })
      expect(response.status(), path).toBe(status)
    }
    const junk = await request.post('/_serverFn/not-a-function', { data: '{bad', headers: { 'content-type': 'application/json' } })
    expect(junk.status()).toBeGreaterThanOrEqual(400)
    expect(junk.status()).toBeLessThan(500)
  })

  test('/en/... redirects permanently to the unprefixed page', async ({ request }) => {
    const response = await request.get('/en/about?x=1', { maxRedirects: 0 })
    expect(response.status()).toBe(301)
    expect(response.headers()['location']).toBe('/about?x=1')
  })

  test('account pages answer 200 and are never kept by a shared cache', async ({ request }) => {
    for (const path of ['/login', '/de/login']) {
      const response = await request.get(path, { maxRedirects: 0 })
      expect(response.status()).toBe(200)
      expect(response.headers()['cache-control']).toBe('private, no-store')
    }
  })

  test('previews and developer mode are never cached', async ({ request }) => {
    const response = await request.get('/about?dev=true')
    expect(response.status()).toBe(200)
    expect(response.headers()['cache-control']).toBe('private, no-store')
  })

  test('503 with Retry-After and the error screen when the backend is down and nothing is cached', async ({ request }) => {
    // This server reads another backend than the build's: the prerendered pages are not served (they would show another site's content).
    for (const path of ['/', '/de/about', '/?s=backup', '/blog/some-post']) {
      const response = await request.get(`${downBaseUrl}${path}`, { maxRedirects: 0 })
      expect(response.status()).toBe(503)
      expect(response.headers()['retry-after']).toBe('30')
      expect(response.headers()['cache-control']).toBe('no-store')
      const html = await response.text()
      expect(html).toContain('WHOOPS!')
      expect(html).not.toContain('127.0.0.1:9')
      expect(html).not.toMatch(/\bat .+\(.+:\d+:\d+\)/)
    }
  })
})
