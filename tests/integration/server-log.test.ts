/**
 * The built server's log (app/server/log.server.ts, docs/deploy.md "Logs"): JSON lines by
 * default, one per request with its id, method, route (never the query), status, duration
 * and cache answer, and every other line with the id of the request it was written in;
 * LOG_FORMAT=pretty writes plain lines.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startBuiltSite, type BuiltSite } from '../support/built-site'

const work = mkdtempSync(path.join(tmpdir(), 'site-log-'))
const sites: BuiltSite[] = []
afterAll(async () => {
  for (const site of sites) await site.stop()
  rmSync(work, { recursive: true, force: true })
})

async function start(env: Record<string, string> = {}) {
  const site = await startBuiltSite({ dataDir: work, env })
  sites.push(site)
  return site
}

/** Waits for the log to hold a line that passes `test`. */
async function lineWith(site: BuiltSite, test: (line: string) => boolean): Promise<string> {
  let found: string | undefined
  await expect.poll(() => (found = site.output().split('\n').find(test)), { timeout: 5000 }).toBeDefined()
  return found!
}

describe('the server log', () => {
  it('is JSON lines: one per request, with its id, route without the query, status, duration and cache', async () => {
    const site = await start()
    await (await fetch(`${site.origin}/?s=a-private-search`, { headers: { 'x-request-id': 'test-request-1' } })).text()
    await (await fetch(`${site.origin}/no-such-page-here`)).text()
    const line = JSON.parse(await lineWith(site, (text) => text.includes('"test-request-1"'))) as Record<string, unknown>
    expect(line).toMatchObject({ level: 'info', req: 'test-request-1', method: 'GET', route: '/', status: 200, msg: 'request' })
    expect(typeof line.ms).toBe('number')
    expect(typeof line.time).toBe('string')
    const missing = JSON.parse(await lineWith(site, (text) => text.includes('/no-such-page-here'))) as Record<string, unknown>
    expect(missing).toMatchObject({ route: '/no-such-page-here', status: 404 })
    expect(missing.req).toMatch(/^[0-9a-f]{12}$/)
    const lines = site.output().trim().split('\n')
    for (const text of lines) expect(() => JSON.parse(text), text).not.toThrow()
    expect(site.output()).not.toContain('a-private-search')
  })

  it('has a line for a cached page answered again (replayed by the Node server, docs/decisions/035), with its query left out', async () => {
    const site = await start()
    const path = '/blog?page=2&utm_source=private-campaign'
    // Rendered, then a HIT the server keeps, then answered from what it kept.
    await expect.poll(async () => (await fetch(site.origin + path)).headers.get('x-html-cache'), { timeout: 20_000 }).toBe('HIT')
    for (let index = 1; index <= 3; index++)
      await (await fetch(site.origin + path, { headers: { 'x-request-id': `replayed-${index}` } })).text()
    for (let index = 1; index <= 3; index++) {
      const line = JSON.parse(await lineWith(site, (text) => text.includes(`"replayed-${index}"`))) as Record<string, unknown>
      expect(line).toMatchObject({ level: 'info', method: 'GET', route: '/blog', status: 200, cache: 'HIT', msg: 'request' })
    }
    expect(site.output()).not.toContain('private-campaign')
  })

  it('is plain lines with LOG_FORMAT=pretty', async () => {
    const site = await start({ LOG_FORMAT: 'pretty' })
    await (await fetch(`${site.origin}/services`, { headers: { 'x-request-id': 'test-request-2' } })).text()
    expect(await lineWith(site, (text) => text.includes('#test-request-2'))).toMatch(
      /^GET \/services 200 [\d.]+ ms (HIT|MISS|STALE) #test-request-2$/,
    )
  })
})
