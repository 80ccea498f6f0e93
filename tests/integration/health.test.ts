/**
 * The load balancer's questions against the production build (`npm run build` first;
 * docs/decisions/033-server-lifecycle.md): `GET /healthz` says the process answers,
 * `GET /readyz` whether it should get traffic. The content backend is the embedded CMS
 * behind a loopback server that can be stopped (tests/support/flaky-backend.ts), so the
 * circuit breaker opens and closes for real; the rate limits are the real ones
 * (RATE_LIMIT_FACTOR=1).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseEnv } from '../../app/config/env'
import { backendConfig } from '../../app/server/config.server'
import { cmsOptionsFromEnv, createEmbeddedCms } from '../../cms/index'
import { startBuiltSite, type BuiltSite } from '../support/built-site'
import { startFlakyBackend, type FlakyBackend } from '../support/flaky-backend'

const work = mkdtempSync(path.join(tmpdir(), 'site-health-'))
let backend: FlakyBackend
let site: BuiltSite

beforeAll(async () => {
  const env = parseEnv({ CMS_DATABASE_URL: `file:${path.join(work, 'cms.db')}`, CMS_UPLOAD_DIR: path.join(work, 'uploads') })
  const cms = createEmbeddedCms(cmsOptionsFromEnv(env))
  backend = await startFlakyBackend((request) => cms.fetch(request))
  site = await startBuiltSite({
    dataDir: work,
    env: {
      CONTENT_API_URL: backend.url,
      CONTENT_TIMEOUT_MS: '800',
      RATE_LIMIT_FACTOR: '1',
      SITE_DATABASE_URL: `file:${path.join(work, 'site.db')}`,
      SITE_OUTBOX_DIR: path.join(work, 'outbox'),
    },
  })
}, 60_000)

afterAll(async () => {
  await site?.stop()
  await backend?.close()
  rmSync(work, { recursive: true, force: true })
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const ask = (pathname: string, init?: RequestInit) => fetch(site.origin + pathname, { redirect: 'manual', ...init })

/** Asks /readyz until it answers `status`; returns that answer's body. */
async function readyzUntil(
  status: number,
  withinMs: number,
): Promise<{ status: string; failed?: string[]; checks: Record<string, string> }> {
  const seen: string[] = []
  for (const end = Date.now() + withinMs; ; await sleep(200)) {
    const response = await ask('/readyz')
    const body = await response.json()
    if (response.status === status) return body
    seen.push(`${response.status} ${JSON.stringify(body)}`)
    if (Date.now() > end)
      throw new Error(`/readyz did not answer ${status} within ${withinMs} ms: ${seen.slice(-3).join('; ')}\n${site.output()}`)
  }
}

describe('/healthz', () => {
  it('answers 200 {"status":"ok"}, never stored, to GET and HEAD; other methods are refused', async () => {
    const response = await ask('/healthz')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok' })
    expect(response.headers.get('content-type')).toBe('application/json')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('x-html-cache')).toBeNull()

    const head = await ask('/healthz', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('cache-control')).toBe('no-store')
    expect(await head.text()).toBe('')

    const post = await ask('/healthz', { method: 'POST', body: '{}' })
    expect(post.status).toBe(405)
    expect(post.headers.get('allow')).toBe('GET, HEAD')
  })

  it('is never rate-limited', async () => {
    const answers = await Promise.all(
      Array.from({ length: 150 }, (_, i) => {
        const path = i % 2 ? '/healthz' : '/readyz'
        return ask(path).then((r) => ({ path, status: r.status }))
      }),
    )
    // Liveness checks nothing and always answers. Readiness runs its checks, which on a busy
    // machine may pass their time limit (a 503, as meant); neither is ever a 429.
    expect(answers.filter(({ path, status }) => path === '/healthz' && status !== 200)).toEqual([])
    expect(answers.filter(({ status }) => status === 429)).toEqual([])
    expect(answers.filter(({ status }) => status !== 200 && status !== 503)).toEqual([])
  })
})

describe('/readyz', () => {
  it('answers 200 with every check passing', async () => {
    const body = await readyzUntil(200, 10_000)
    expect(body).toEqual({ status: 'ok', checks: { backend: 'ok', database: 'ok', prerendered: 'ok' } })
    const head = await ask('/readyz', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('cache-control')).toBe('no-store')
  })

  it('answers 503 naming the backend while its circuit is open, and 200 once it closed, with no page asked meanwhile', async () => {
    await backend.stop()
    try {
      // Pages nobody asked for yet: each one's reads reach the stopped backend until the breaker opens.
      for (let i = 0; i < backendConfig.breaker.failureThreshold; i++) await (await ask(`/not-asked-before-${i}`)).text()
      const down = await ask('/readyz')
      expect(down.status).toBe(503)
      expect(down.headers.get('cache-control')).toBe('no-store')
      expect(down.headers.get('x-html-cache')).toBeNull()
      expect(await down.json()).toEqual({
        status: 'unavailable',
        failed: ['backend'],
        checks: { backend: 'failing', database: 'ok', prerendered: 'ok' },
      })
      expect((await ask('/readyz', { method: 'HEAD' })).status).toBe(503)
      // The process itself is fine.
      expect((await ask('/healthz')).status).toBe(200)
    } finally {
      await backend.start()
    }
    // Out of rotation no page comes: /readyz's own probe, after the breaker's cool-down, is what closes it.
    const requestsBefore = backend.requests.length
    const up = await readyzUntil(200, backendConfig.breaker.cooldownMs + 5000)
    expect(up.checks.backend).toBe('ok')
    expect(backend.requests.slice(requestsBefore)).toContainEqual(expect.stringMatching(/^GET \/api\/v1\/version/))
  })
})
