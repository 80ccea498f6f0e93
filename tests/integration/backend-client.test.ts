/**
 * The BackendClient against a real HTTP backend on loopback that fails on demand
 * (tests/support/flaky-backend.ts): timeouts, one retry for reads and none for writes,
 * the circuit breaker (opens, fails fast, lets one probe through, closes), and the
 * `wp` adapter's coalescing of concurrent reads of one URL.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createBackendClient, BackendNoAnswerError, type OutageEvent } from '../../app/server/content/backend-client.server'
import { createWpSource } from '../../app/server/content/backend-source.server'
import { startFlakyBackend, type FlakyBackend } from '../support/flaky-backend'

let backend: FlakyBackend
let answered = 0
/** Per path handled: how many answers had been sent when it arrived. */
const arrivals: Array<{ path: string; answeredBefore: number }> = []

beforeAll(async () => {
  backend = await startFlakyBackend(async (request) => {
    arrivals.push({ path: new URL(request.url).pathname, answeredBefore: answered })
    // Slow enough that concurrent reads overlap (and `/slow` answers after a whole exchange of others).
    await new Promise((resolve) => setTimeout(resolve, new URL(request.url).pathname === '/slow' ? 300 : 30))
    answered += 1
    return Response.json({ ok: true })
  })
})

afterAll(() => backend.close())

afterEach(async () => {
  backend.recover()
  await backend.start()
  backend.requests.length = 0
  arrivals.length = 0
  answered = 0
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function client(options: { failureThreshold?: number; cooldownMs?: number; timeoutMs?: number } = {}) {
  const events: OutageEvent[] = []
  const made = createBackendClient({
    origin: backend.url,
    fetch: (input, init) => fetch(input, init),
    timeoutMs: options.timeoutMs ?? 1000,
    retry: { attempts: 1, minDelayMs: 5, maxDelayMs: 20 },
    breaker: { failureThreshold: options.failureThreshold ?? 100, cooldownMs: options.cooldownMs ?? 60_000 },
    onOutage: (event) => events.push(event),
  })
  return { client: made, events }
}

const noAnswer = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof BackendNoAnswerError ? error.reason : `unexpected: ${String(error)}`),
  )

describe('retries', () => {
  it('tries a read once more after a 500, a dropped connection or a timeout, and the second answer counts', async () => {
    const { client: c } = client({ timeoutMs: 200 })
    for (const how of [500, 'drop', 'hang'] as const) {
      backend.requests.length = 0
      backend.failNext(1, how)
      const response = await c.request(`${backend.url}/api/v1/base/home`)
      expect(response.status, String(how)).toBe(200)
      expect(backend.requests, String(how)).toEqual(['GET /api/v1/base/home', 'GET /api/v1/base/home'])
    }
  })

  it('tries a read at most twice: a second 500 is the answer, two timeouts are a timeout', async () => {
    const { client: c } = client({ timeoutMs: 150 })
    backend.failNext(2, 500)
    expect((await c.request(`${backend.url}/a`)).status).toBe(500)
    backend.failNext(3, 'hang')
    const started = Date.now()
    expect(await noAnswer(c.request(`${backend.url}/b`))).toBe('timeout')
    expect(Date.now() - started).toBeLessThan(1000)
    expect(backend.requests).toEqual(['GET /a', 'GET /a', 'GET /b', 'GET /b'])
  })

  it('never repeats a write: a POST that met a 500 or a dropped connection went once', async () => {
    const { client: c } = client()
    backend.failNext(1, 500)
    expect((await c.request(`${backend.url}/api/gf/v2/forms/1/submissions`, { method: 'POST', body: 'x' })).status).toBe(500)
    backend.failNext(1, 'drop')
    expect(await noAnswer(c.request(`${backend.url}/api/user/login`, { method: 'POST', body: 'x' }))).toBe('unreachable')
    expect(backend.requests).toEqual(['POST /api/gf/v2/forms/1/submissions', 'POST /api/user/login'])
  })
})

describe('the circuit breaker', () => {
  it('opens after consecutive failures, then fails fast without calling the backend', async () => {
    const { client: c, events } = client({ failureThreshold: 4, timeoutMs: 300 })
    backend.failAll('hang')
    // Two reads, two attempts each: four timeouts in a row.
    expect(await noAnswer(c.request(`${backend.url}/one`))).toBe('timeout')
    expect(await noAnswer(c.request(`${backend.url}/two`))).toBe('timeout')
    expect(c.breakerState).toBe('open')
    expect(events).toEqual([{ kind: 'down', origin: backend.url, cause: 'timeout on GET /two', cooldownMs: 60_000 }])
    const seen = backend.requests.length
    const started = performance.now()
    expect(await noAnswer(c.request(`${backend.url}/three?token=secret`))).toBe('open')
    // Well under one attempt's 300 ms timeout, with a margin for a busy machine; and no request went.
    expect(performance.now() - started).toBeLessThan(150)
    expect(backend.requests.length).toBe(seen)
  })

  it('after the cool-down lets exactly one probe through; its success closes the breaker, logged once', async () => {
    const { client: c, events } = client({ failureThreshold: 2, cooldownMs: 200 })
    await backend.stop()
    expect(await noAnswer(c.request(`${backend.url}/x`))).toBe('unreachable')
    expect(c.breakerState).toBe('open')
    await backend.start()
    expect(await noAnswer(c.request(`${backend.url}/x`))).toBe('open')
    await sleep(250)
    // Ten at once: the first is the probe; the nine others wait for it, and go once it succeeded.
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => c.request(`${backend.url}/probe/${i}`).then((response) => response.status, noAnswerReason)),
    )
    expect(results).toEqual(Array.from({ length: 10 }, () => 200))
    expect(backend.requests.filter((line) => line.startsWith('GET /probe/'))).toHaveLength(10)
    // The probe had been answered (the backend takes 30 ms) before any other went.
    const probes = arrivals.filter((arrival) => arrival.path.startsWith('/probe/'))
    expect(probes[0]?.answeredBefore).toBe(0)
    expect(probes.slice(1).every((arrival) => arrival.answeredBefore >= 1)).toBe(true)
    expect(c.breakerState).toBe('closed')
    expect(events.map((event) => event.kind)).toEqual(['down', 'up'])
    expect((await c.request(`${backend.url}/after`)).status).toBe(200)
  })

  it('a failed probe keeps it open for another cool-down, without a second "down" line', async () => {
    const { client: c, events } = client({ failureThreshold: 2, cooldownMs: 150 })
    backend.failAll(503)
    await c.request(`${backend.url}/x`)
    expect(c.breakerState).toBe('open')
    await sleep(200)
    const probe = c.request(`${backend.url}/probe`)
    const waiting = Array.from({ length: 5 }, () => noAnswer(c.request(`${backend.url}/waits`)))
    expect((await probe).status).toBe(503)
    expect(c.breakerState).toBe('open')
    // Those that waited for the failed probe fail fast, without a call.
    expect(await Promise.all(waiting)).toEqual(Array.from({ length: 5 }, () => 'open'))
    expect(backend.requests.filter((line) => line === 'GET /waits')).toEqual([])
    expect(await noAnswer(c.request(`${backend.url}/y`))).toBe('open')
    expect(events.map((event) => event.kind)).toEqual(['down'])
  })
})

const noAnswerReason = (error: unknown) => (error instanceof BackendNoAnswerError ? error.reason : String(error))

describe('the wp adapter', () => {
  it('asks the backend once for concurrent reads of one URL', async () => {
    const source = createWpSource({ baseUrl: backend.url, timeoutMs: 1000 })
    await Promise.all(Array.from({ length: 20 }, () => source.getLayout('/about', 'en')))
    expect(answered).toBe(1)
    expect(backend.requests).toEqual(['GET /api/v1/layout/about?locale=en'])
  })
})

describe('the breaker does not flap', () => {
  it('an answer to a call made before it opened does not close it; only the probe does', async () => {
    const { client: c, events } = client({ failureThreshold: 2, cooldownMs: 60_000 })
    // A slow call goes out while all is well…
    const slow = c.request(`${backend.url}/slow`)
    while (!backend.requests.includes('GET /slow')) await sleep(5)
    // …then two failures open the breaker, and the slow call's answer comes after that.
    backend.failNext(2, 500)
    await c.request(`${backend.url}/fails`, { method: 'POST' })
    await c.request(`${backend.url}/fails`, { method: 'POST' })
    expect(c.breakerState).toBe('open')
    expect((await slow).status).toBe(200)
    expect(c.breakerState).toBe('open')
    expect(events.map((event) => event.kind)).toEqual(['down'])
  })
})
