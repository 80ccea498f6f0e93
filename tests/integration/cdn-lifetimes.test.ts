/**
 * How long a CDN may keep what the production build answers (`npm run build` first;
 * docs/decisions/034-platform-cdn-lifetimes.md): a page rendered for the request carries the
 * full policy; a copy from the page cache no more than what is left of its freshness there;
 * a stale copy none at all, so a server the last purge did not reach cannot hand a CDN the
 * page as it was before an edit. Two servers over the embedded CMS: one with the default
 * freshness (a minute), one with CACHE_FRESH_MS at its least (a second).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { siteConfig } from '../../app/config/site'
import { startBuiltSite, type BuiltSite } from '../support/built-site'

const work = mkdtempSync(path.join(tmpdir(), 'site-cdn-'))
const servers: BuiltSite[] = []
let site = ''
let quick = ''
const QUICK_FRESH_MS = 1000

beforeAll(async () => {
  const [normal, short] = await Promise.all([
    startBuiltSite({ dataDir: path.join(work, 'normal') }),
    startBuiltSite({ dataDir: path.join(work, 'quick'), env: { CACHE_FRESH_MS: String(QUICK_FRESH_MS) } }),
  ])
  servers.push(normal, short)
  site = normal.origin
  quick = short.origin
}, 120_000)

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()))
  rmSync(work, { recursive: true, force: true })
})

const get = (origin: string, pathname: string, headers: Record<string, string> = {}) =>
  fetch(origin + pathname, { headers: { 'accept-encoding': 'identity', ...headers } })
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))
/** A search nobody else asks for: a key the cache has not seen. */
const fresh = (name: string) => `/?s=${name}-${Date.now().toString(36)}`
const sharedMaxAge = (cacheControl: string | null) => Number(/\bs-maxage=(\d+)/.exec(cacheControl ?? '')?.[1] ?? NaN)

describe('Cache-Control by where the answer came from', () => {
  it('a page rendered for this request (MISS): the full policy of siteConfig.cache', async () => {
    const miss = await get(site, fresh('lifetime-miss'))
    expect(miss.headers.get('x-html-cache')).toBe('MISS')
    expect(miss.headers.get('cache-control')).toBe(
      `public, max-age=0, s-maxage=${siteConfig.cache.cdnMaxAgeSeconds}, stale-while-revalidate=${siteConfig.cache.cdnStaleSeconds}`,
    )
    await miss.arrayBuffer()
  })

  it('a fresh copy (HIT): s-maxage no longer than what is left of its freshness, and no stale-while-revalidate', async () => {
    const pathname = fresh('lifetime-hit')
    const miss = await get(site, pathname)
    expect(miss.headers.get('x-html-cache')).toBe('MISS')
    await miss.arrayBuffer()
    // The copy was stored before the MISS answer arrived, so it is fresh until that moment plus freshMs at the latest.
    const freshUntil = Date.now() + siteConfig.cache.freshMs
    await sleep(2_100)
    const asked = Date.now()
    const hit = await get(site, pathname)
    expect(hit.headers.get('x-html-cache')).toBe('HIT')
    const cacheControl = hit.headers.get('cache-control')
    expect(cacheControl).toMatch(/^public, max-age=0, s-maxage=\d+$/)
    expect(sharedMaxAge(cacheControl)).toBeGreaterThan(0)
    expect(sharedMaxAge(cacheControl)).toBeLessThanOrEqual(Math.floor((freshUntil - asked) / 1000))
    await hit.arrayBuffer()
  })

  it('a 304 for a fresh copy carries the same short policy, not no-store (its headers update the stored copy)', async () => {
    const pathname = fresh('lifetime-304')
    const miss = await get(site, pathname)
    const etag = miss.headers.get('etag') ?? ''
    await miss.arrayBuffer()
    const confirmed = await get(site, pathname, { 'if-none-match': etag })
    expect(confirmed.status).toBe(304)
    expect(confirmed.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=\d+$/)
  })

  it('a stale copy (STALE): no shared lifetime at all, so no CDN keeps it', async () => {
    const pathname = fresh('lifetime-stale')
    const miss = await get(quick, pathname)
    expect(miss.headers.get('x-html-cache')).toBe('MISS')
    await miss.arrayBuffer()
    await sleep(QUICK_FRESH_MS + 200)
    const stale = await get(quick, pathname)
    expect(stale.headers.get('x-html-cache')).toBe('STALE')
    expect(stale.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    await stale.arrayBuffer()
  })

  it('a generated social image follows its page: a stale copy is kept by no CDN either', async () => {
    const pathname = '/og/careers.png'
    // A prerendered image is stale at once (it is as old as the build): wait until a render has replaced it.
    const answeredFresh = async () => {
      const answer = await get(quick, pathname)
      expect(answer.status).toBe(200)
      await answer.arrayBuffer()
      return answer.headers.get('x-html-cache')
    }
    await expect.poll(answeredFresh, { timeout: 10_000, interval: 50 }).toMatch(/^(HIT|MISS)$/)
    await sleep(QUICK_FRESH_MS + 200)
    const stale = await get(quick, pathname)
    expect(stale.headers.get('x-html-cache')).toBe('STALE')
    expect(stale.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    await stale.arrayBuffer()
  })
})
