/**
 * SIGTERM under load, against the production build started as `npm start` starts it
 * (scripts/start.mjs, one process; docs/decisions/033-server-lifecycle.md): the server stops
 * accepting connections, answers every request it had, and exits within 10 s.
 *
 * The load is 32 keep-alive connections: 28 ask for a cached page over and over, 4 for
 * searches the backend holds for 1.5 s each, so requests are surely in flight inside the
 * server when the signal comes (the backend counts them). A load tool's totals cannot say
 * when a failed request was sent, so the client is node:http, and each request keeps the
 * time it was sent and its outcome. Every request sent before the signal must be answered
 * 2xx; after it, a new connection is refused, as it should be.
 */
import { request, Agent } from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { parseEnv } from '../../app/config/env'
import { cmsOptionsFromEnv, createEmbeddedCms } from '../../cms/index'
import { startBuiltSite, type BuiltSite } from '../support/built-site'
import { startFlakyBackend, type FlakyBackend } from '../support/flaky-backend'
import { isRunning } from '../support/test-server'

const HOLD_MS = 1500
const CONNECTIONS = 32
const SLOW_CONNECTIONS = 4
const EXIT_WITHIN_MS = 10_000

const work = mkdtempSync(path.join(tmpdir(), 'site-sigterm-'))
let backend: FlakyBackend
let site: BuiltSite
/** Searches the backend is holding right now. */
let held = 0

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

beforeAll(async () => {
  const env = parseEnv({ CMS_DATABASE_URL: `file:${path.join(work, 'cms.db')}`, CMS_UPLOAD_DIR: path.join(work, 'uploads') })
  const cms = createEmbeddedCms(cmsOptionsFromEnv(env))
  backend = await startFlakyBackend(async (incoming) => {
    if (!new URL(incoming.url).searchParams.get('s')?.startsWith('held-')) return cms.fetch(incoming)
    held++
    await sleep(HOLD_MS)
    held--
    return cms.fetch(incoming)
  })
  site = await startBuiltSite({
    dataDir: work,
    launcher: true,
    env: {
      // srvx shuts down gracefully only without CI and TEST (Vitest sets TEST); empty counts as unset there.
      CI: '',
      TEST: '',
      CONTENT_API_URL: backend.url,
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

interface Outcome {
  sentAt: number
  endedAt: number
  slow: boolean
  status?: number
  connection?: string
  error?: string
}

function get(agent: Agent, pathname: string, slow: boolean): Promise<Outcome> {
  const { hostname, port } = new URL(site.origin)
  const sentAt = performance.now()
  return new Promise((resolve) => {
    const failed = (error: NodeJS.ErrnoException) =>
      resolve({ sentAt, endedAt: performance.now(), slow, error: error.code ?? error.message })
    request({ hostname, port, path: pathname, agent, headers: { 'accept-encoding': 'br' } }, (response) => {
      response.resume()
      response.on('error', failed)
      response.on('end', () =>
        resolve({ sentAt, endedAt: performance.now(), slow, status: response.statusCode, connection: response.headers.connection }),
      )
    })
      .on('error', failed)
      .end()
  })
}

it('answers every request it had when SIGTERM came, refuses new connections, and exits within 10 s', { timeout: 60_000 }, async () => {
  // One process, as `npm start` runs it without WEB_CONCURRENCY or DATABASE_URL: no cluster.
  expect(site.output()).not.toContain('[cluster]')
  await (await fetch(`${site.origin}/`)).text()

  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS })
  const outcomes: Outcome[] = []
  let exitedAt: number | null = null
  let searches = 0
  const loop = async (slow: boolean) => {
    while (exitedAt === null) {
      const outcome = await get(agent, slow ? `/?s=held-${searches++}` : '/', slow)
      outcomes.push(outcome)
      // Refused: the server is closing; do not spin.
      if (outcome.error) await sleep(50)
    }
  }
  const loops = Array.from({ length: CONNECTIONS }, (_, i) => loop(i < SLOW_CONNECTIONS))

  await sleep(1000)
  for (const end = Date.now() + 10_000; held < SLOW_CONNECTIONS && Date.now() < end;) await sleep(10)
  expect(held, 'searches held by the backend when the signal is sent').toBe(SLOW_CONNECTIONS)
  const signalAt = performance.now()
  process.kill(site.pid, 'SIGTERM')
  while (isRunning(site.pid) && performance.now() - signalAt < EXIT_WITHIN_MS + 5000) await sleep(20)
  exitedAt = performance.now()
  await Promise.all(loops)
  agent.destroy()

  expect(exitedAt - signalAt, `still running ${EXIT_WITHIN_MS / 1000} s after SIGTERM:\n${site.output()}`).toBeLessThan(EXIT_WITHIN_MS)
  expect(site.output()).not.toContain('[shutdown] still busy')

  const before = outcomes.filter((outcome) => outcome.sentAt < signalAt)
  const failedBefore = before.filter((outcome) => outcome.error !== undefined || outcome.status! < 200 || outcome.status! > 299)
  expect(before.length).toBeGreaterThan(CONNECTIONS)
  expect(failedBefore, 'requests sent before SIGTERM that were not answered 2xx').toEqual([])
  // The held searches were in flight at the signal and were answered after it, each closing its connection.
  const inFlight = before.filter((outcome) => outcome.slow && outcome.endedAt > signalAt)
  expect(inFlight).toHaveLength(SLOW_CONNECTIONS)
  for (const outcome of inFlight) expect(outcome.connection).toBe('close')

  // After the signal: answers on connections the server still had (2xx), else refused or closed connections.
  const after = outcomes.filter((outcome) => outcome.sentAt >= signalAt)
  expect(after.filter((outcome) => outcome.status !== undefined && (outcome.status < 200 || outcome.status > 299))).toEqual([])
  const errors = new Set(after.flatMap((outcome) => (outcome.error ? [outcome.error] : [])))
  expect([...errors].filter((code) => !['ECONNREFUSED', 'ECONNRESET'].includes(code))).toEqual([])
  expect(errors).toContain('ECONNREFUSED')
})
