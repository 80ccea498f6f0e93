/**
 * Which calls a page render makes to its backend, against the production build (`npm run
 * build` first) over the embedded CMS served on loopback by a backend that records every
 * request (tests/support/flaky-backend.ts). With HTML_CACHE=off every request renders, and
 * each test asks for a page no earlier test rendered, so the site's data cache does not
 * answer for the backend.
 *
 * - requirements §7: the base call of a server render carries `extra=style`;
 * - requirements §3.2: a listing's first page is the page answer's `filtered_blogs`, so it
 *   makes no `/api/v1/posts` call; another page of the listing (`?page=2`) does.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { siteConfig } from '../../app/config/site'
import { parseEnv } from '../../app/config/env'
import { cmsOptionsFromEnv, createEmbeddedCms } from '../../cms/index'
import { startBuiltSite, type BuiltSite } from '../support/built-site'
import { startFlakyBackend, type FlakyBackend } from '../support/flaky-backend'

const work = mkdtempSync(path.join(tmpdir(), 'site-calls-'))
let backend: FlakyBackend
let site: BuiltSite

beforeAll(async () => {
  const entry = path.join(process.cwd(), '.output/server/index.mjs')
  if (!readdirSync(path.dirname(entry)).includes('index.mjs')) throw new Error('Build first: npm run build')
  const env = parseEnv({ CMS_DATABASE_URL: `file:${path.join(work, 'cms.db')}`, CMS_UPLOAD_DIR: path.join(work, 'uploads') })
  const cms = createEmbeddedCms(cmsOptionsFromEnv(env))
  backend = await startFlakyBackend((request) => cms.fetch(request))
  site = await startBuiltSite({ dataDir: work, env: { HTML_CACHE: 'off', CONTENT_API_URL: backend.url } })
}, 60_000)

afterAll(async () => {
  await site?.stop()
  await backend?.close()
  rmSync(work, { recursive: true, force: true })
})

/** Renders a page and answers the backend calls it made (as `METHOD /path?query`). */
async function callsOf(pathname: string): Promise<{ status: number; html: string; calls: string[] }> {
  const before = backend.requests.length
  const response = await fetch(site.origin + pathname, { headers: { accept: 'text/html', 'accept-encoding': 'identity' } })
  const html = await response.text()
  return { status: response.status, html, calls: backend.requests.slice(before) }
}

const postCount = (html: string) => {
  const start = html.indexOf('data-testid="post-list"')
  return start < 0 ? 0 : (html.slice(start, html.indexOf('</ul>', start)).match(/<li/g) ?? []).length
}

describe('a server render', () => {
  it('sends extra=style on the base call (requirements §7)', async () => {
    const { status, calls } = await callsOf('/about')
    expect(status).toBe(200)
    const base = calls.filter((call) => call.startsWith('GET /api/v1/base/about?'))
    expect(base).toHaveLength(1)
    expect(new URL(base[0]!.slice(4), 'http://backend').searchParams.get('extra')).toBe('style')
  })

  it("shows a listing's first page from the page answer's filtered_blogs, with no /api/v1/posts call", async () => {
    for (const pathname of ['/blog', '/blog/category/guides', '/de/blog']) {
      const { status, html, calls } = await callsOf(pathname)
      expect(status, pathname).toBe(200)
      expect(
        calls.filter((call) => call.startsWith('GET /api/v1/base/blog')),
        pathname,
      ).toHaveLength(1)
      expect(
        calls.filter((call) => call.startsWith('GET /api/v1/posts')),
        pathname,
      ).toEqual([])
      expect(postCount(html), pathname).toBeGreaterThan(0)
      expect(postCount(html), pathname).toBeLessThanOrEqual(siteConfig.content.postsPerPage)
    }
    // The blog home lists more posts than one page: "Load more" links to page 2.
    expect((await callsOf('/blog')).html).toContain('href="?page=2"')
  })

  it('asks /api/v1/posts for a later page of a listing (?page=2)', async () => {
    const { status, html, calls } = await callsOf('/blog?page=2')
    expect(status).toBe(200)
    const posts = calls.filter((call) => call.startsWith('GET /api/v1/posts'))
    expect(posts).toHaveLength(1)
    expect(new URL(posts[0]!.slice(4), 'http://backend').searchParams.get('page')).toBe('2')
    expect(postCount(html)).toBeGreaterThan(0)
  })
})
