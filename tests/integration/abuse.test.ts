/**
 * Requirements §11.2 against the production build (`npm run build` first): the per-client rate
 * limit answers 429 with Retry-After, and who the client is follows TRUST_PROXY, so a
 * spoofed X-Forwarded-For or CF-Connecting-IP does not reset a limit unless the site is
 * configured to believe that header. Searches are the limited call here: a plain GET.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { abuseConfig } from '../../app/server/config.server'
import { startBuiltSite } from '../support/built-site'
import type { TestServer } from '../support/test-server'

const work = mkdtempSync(path.join(tmpdir(), 'site-abuse-'))
const servers: TestServer[] = []
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()))
  rmSync(work, { recursive: true, force: true })
})

async function startSite(env: Record<string, string>): Promise<string> {
  // The limits are what this suite tests: RATE_LIMIT_FACTOR back to 1.
  const site = await startBuiltSite({ dataDir: work, env: { RATE_LIMIT_FACTOR: '1', ...env } })
  servers.push(site)
  return site.origin
}

const limit = abuseConfig.rateLimits.search.count
const search = (origin: string, headers: Record<string, string> = {}) => fetch(`${origin}/?s=backup`, { headers })

/** Uses up this client's searches; every one before the limit answers 200. */
async function exhaust(origin: string, headers: Record<string, string> = {}) {
  for (let i = 0; i < limit; i++) {
    const response = await search(origin, headers)
    await response.arrayBuffer()
    expect(response.status, `search ${i + 1}`).toBe(200)
  }
}

describe('rate limits and TRUST_PROXY against the production server', () => {
  it('TRUST_PROXY=none: over the limit is 429 with Retry-After and a message; no spoofed header resets it', async () => {
    const origin = await startSite({})
    await exhaust(origin)
    const refused = await search(origin)
    expect(refused.status).toBe(429)
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(refused.headers.get('cache-control')).toBe('no-store')
    expect(await refused.text()).toContain('Too many attempts from your connection')
    for (const header of ['x-forwarded-for', 'cf-connecting-ip', 'x-real-ip', 'x-nf-client-connection-ip', 'x-vercel-forwarded-for']) {
      expect((await search(origin, { [header]: '203.0.113.200' })).status, header).toBe(429)
    }
    // Pages without a search are not limited by it.
    expect((await fetch(`${origin}/`)).status).toBe(200)
  })

  it('TRUST_PROXY=cloudflare: CF-Connecting-IP names the client, so each visitor has its own limit', async () => {
    const origin = await startSite({ TRUST_PROXY: 'cloudflare' })
    const alice = { 'cf-connecting-ip': '198.51.100.1' }
    await exhaust(origin, alice)
    expect((await search(origin, alice)).status).toBe(429)
    // Another visitor behind the same CDN edge is not limited by Alice's searches…
    expect((await search(origin, { 'cf-connecting-ip': '198.51.100.2' })).status).toBe(200)
    // …and a header Cloudflare does not set is not believed.
    expect((await search(origin, { ...alice, 'x-forwarded-for': '198.51.100.3' })).status).toBe(429)
  })

  it('TRUST_PROXY=1: the rightmost X-Forwarded-For entry (what our one proxy appended) is the client', async () => {
    const origin = await startSite({ TRUST_PROXY: '1' })
    const chain = (fake: string) => ({ 'x-forwarded-for': `${fake}, 198.51.100.9` })
    await exhaust(origin, chain('1.1.1.1'))
    // The visitor prepends anything it likes; the proxy's entry still names it.
    expect((await search(origin, chain('2.2.2.2'))).status).toBe(429)
    expect((await search(origin, { 'x-forwarded-for': '198.51.100.10' })).status).toBe(200)
  })
})
