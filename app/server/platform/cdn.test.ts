import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addCdnHeaders, cdnCacheControl, purgeCdn, purgeTags } from './cdn.server'

describe('the CDN caching headers', () => {
  const page = 'public, max-age=0, s-maxage=300, stale-while-revalidate=86400'
  it('keep a public page as long as s-maxage says, Netlify in its durable cache', () => {
    expect(cdnCacheControl('netlify', page)).toBe('public, durable, max-age=300, stale-while-revalidate=86400')
    expect(cdnCacheControl('vercel', page)).toBe('max-age=300, stale-while-revalidate=86400')
    expect(cdnCacheControl('vercel', 'public, max-age=0, s-maxage=60')).toBe('max-age=60')
  })
  it('keep a copy from the page cache no longer than it stays fresh there, and never serve it stale beyond that', () => {
    // withSharedLifetime (cache-control.server.ts) made this of a copy with 4 s of freshness left.
    expect(cdnCacheControl('netlify', 'public, max-age=0, s-maxage=4')).toBe('public, durable, max-age=4')
    expect(cdnCacheControl('vercel', 'public, max-age=0, s-maxage=4')).toBe('max-age=4')
  })
  it('never keep a stale copy: no lifetime, no tags, `no-store` for the CDN (decision 034)', () => {
    const stale = 'public, max-age=0, must-revalidate'
    expect(cdnCacheControl('netlify', stale)).toBe('no-store')
    expect(cdnCacheControl('vercel', stale)).toBe('no-store')
    for (const target of ['netlify', 'vercel'] as const) {
      const headers = new Headers({ 'cache-control': stale, 'cache-tag': 'page:about' })
      addCdnHeaders(target, headers, new URL('https://x.test/about'), 200)
      expect(headers.get(`${target}-cdn-cache-control`)).toBe('no-store')
      expect(headers.get(`${target}-cache-tag`)).toBeNull()
    }
  })
  it('leave a public answer that names its own lifetime to Cache-Control (an editor redirect)', () => {
    expect(cdnCacheControl('netlify', 'public, max-age=300')).toBeNull()
  })
  it('say nothing for private or unstored answers', () => {
    expect(cdnCacheControl('netlify', 'private, no-store')).toBeNull()
    expect(cdnCacheControl('vercel', 'no-store')).toBeNull()
    expect(cdnCacheControl('netlify', null)).toBeNull()
  })
  it('tag a page with its cache tags, its path and all; a 404 also with missing', () => {
    const headers = new Headers({ 'cache-control': page, 'cache-tag': 'page:blog,posts' })
    addCdnHeaders('netlify', headers, new URL('https://x.test/blog'), 200)
    expect(headers.get('netlify-cache-tag')).toBe('page:blog,posts,path:/blog,all')
    const missing = new Headers({ 'cache-control': 'public, max-age=0, s-maxage=60' })
    addCdnHeaders('vercel', missing, new URL('https://x.test/gone'), 404)
    expect(missing.get('vercel-cache-tag')).toBe('missing,path:/gone,all')
    expect(missing.get('vercel-cdn-cache-control')).toBe('max-age=60')
  })
})

describe('the tags a revalidation purges', () => {
  it('a post also purges every list of posts, every 404, and the paths named', () => {
    expect(purgeTags({ tags: ['post:x'], paths: ['/blog/x'] })).toEqual(['post:x', 'posts', 'missing', 'path:/blog/x'])
  })
  it('menus, options or all purge every page', () => {
    expect(purgeTags({ tags: ['page:about', 'menus'], paths: [] })).toEqual(['all'])
  })
})

describe('purgeCdn against a server standing in for the platform API', () => {
  let server: Server
  let base = ''
  const received: { method?: string; url?: string; authorization?: string; body: unknown }[] = []
  let mode: 'ok' | 'error' | 'hang' = 'ok'
  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res) => {
      let body = ''
      req.on('data', (chunk: Buffer) => (body += chunk.toString()))
      req.on('end', () => {
        received.push({ method: req.method, url: req.url, authorization: req.headers.authorization, body: JSON.parse(body || 'null') })
        if (mode === 'hang') return
        res.statusCode = mode === 'ok' ? 200 : 500
        res.end('{}')
      })
    })
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => {
    server.closeAllConnections()
    server.close()
  })
  const apis = () => ({ netlify: base, vercel: base })
  const env = {
    NETLIFY_PURGE_API_TOKEN: 'nf-token',
    NETLIFY_SITE_ID: undefined,
    SITE_ID: 'site-1',
    VERCEL_PURGE_API_TOKEN: 'vc-token',
    VERCEL_PROJECT_ID: 'prj_1',
    VERCEL_TEAM_ID: 'team_1',
  }

  it('Netlify: POST /api/v1/purge with the site id and the cache tags, by bearer token', async () => {
    mode = 'ok'
    const report = await purgeCdn('netlify', env, { tags: ['page:about'], paths: [] }, apis())
    expect(report).toEqual({ platform: 'netlify', purged: ['page:about', 'missing'] })
    expect(received.at(-1)).toEqual({
      method: 'POST',
      url: '/api/v1/purge',
      authorization: 'Bearer nf-token',
      body: { site_id: 'site-1', cache_tags: ['page:about', 'missing'] },
    })
  })

  it('Vercel: POST /v1/edge-cache/invalidate-by-tags for the project and team', async () => {
    mode = 'ok'
    const report = await purgeCdn('vercel', env, { tags: ['options'], paths: [] }, apis())
    expect(report).toEqual({ platform: 'vercel', purged: ['all'] })
    expect(received.at(-1)).toEqual({
      method: 'POST',
      url: '/v1/edge-cache/invalidate-by-tags?projectIdOrName=prj_1&teamId=team_1',
      authorization: 'Bearer vc-token',
      body: { tags: ['all'] },
    })
  })

  it('an error answer or no answer in time is reported, never thrown', async () => {
    mode = 'error'
    expect(await purgeCdn('netlify', env, { tags: ['page:about'], paths: [] }, apis())).toEqual({
      platform: 'netlify',
      failed: 'the purge API answered 500',
    })
    mode = 'hang'
    expect(await purgeCdn('vercel', env, { tags: ['page:about'], paths: [] }, apis(), 200)).toEqual({
      platform: 'vercel',
      failed: 'the purge API did not answer within 200 ms',
    })
  })

  it('without a token nothing is sent, and the answer says why', async () => {
    const before = received.length
    const report = await purgeCdn('netlify', { ...env, NETLIFY_PURGE_API_TOKEN: undefined }, { tags: ['all'], paths: [] }, apis())
    expect(report).toEqual({ platform: 'netlify', skipped: 'NETLIFY_PURGE_API_TOKEN is not set' })
    expect(received.length).toBe(before)
  })
})
