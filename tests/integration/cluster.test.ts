/**
 * `npm start` with WEB_CONCURRENCY=2 against the production build (scripts/start.mjs;
 * docs/decisions/033-server-lifecycle.md): two worker processes answer on one port, one
 * that dies is started again, SIGTERM to the primary stops them all within 10 s, and every
 * worker serves the prerendered pages.
 *
 * Which process answered is not exposed in any answer. Each worker keeps its own HTML
 * cache, so a page asked for on fresh connections (the primary hands each new connection
 * to the next worker) is a MISS once per worker; the primary's log lines name the pids.
 */
import { spawnSync } from 'node:child_process'
import { request } from 'node:http'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startBuiltSite, type BuiltSite } from '../support/built-site'
import { isRunning } from '../support/test-server'
import { ALLOCATOR_DEFAULTS } from '../../scripts/server-processes.mjs'

const work = mkdtempSync(path.join(tmpdir(), 'site-cluster-'))
let site: BuiltSite

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

beforeAll(async () => {
  site = await startBuiltSite({
    dataDir: work,
    launcher: true,
    env: {
      WEB_CONCURRENCY: '2',
      // srvx shuts down gracefully only without CI and TEST (Vitest sets TEST); empty counts as unset there.
      CI: '',
      TEST: '',
      SITE_DATABASE_URL: `file:${path.join(work, 'site.db')}`,
      SITE_OUTBOX_DIR: path.join(work, 'outbox'),
    },
    startTimeoutMs: 30_000,
  })
}, 60_000)

afterAll(async () => {
  await site?.stop()
  rmSync(work, { recursive: true, force: true })
})

/** The pids of the primary's "listening" lines, in order. */
const listening = () => [...site.output().matchAll(/\[cluster\] worker (\d) \(pid (\d+)\) listening on /g)].map((m) => Number(m[2]))

async function until<T>(what: string, read: () => T | null, withinMs = 20_000): Promise<T> {
  for (const end = Date.now() + withinMs; ; await sleep(100)) {
    const value = read()
    if (value !== null) return value
    if (Date.now() > end) throw new Error(`${what} within ${withinMs} ms:\n${site.output()}`)
  }
}

/** One GET on a connection of its own; the `x-html-cache` it was answered with. */
function cacheOnFreshConnection(pathname: string): Promise<string> {
  const { hostname, port } = new URL(site.origin)
  return new Promise((resolve, reject) => {
    request({ hostname, port, path: pathname, agent: false, headers: { accept: 'text/html' } }, (response) => {
      response.resume()
      response.on('end', () => resolve(`${response.statusCode} ${String(response.headers['x-html-cache'])}`))
    })
      .on('error', reject)
      .end()
  })
}

it('refuses a WEB_CONCURRENCY that is not a whole number from 1 to 64, naming it', () => {
  for (const bad of ['0', '65', 'four']) {
    const run = spawnSync(process.execPath, ['scripts/start.mjs'], { env: { ...process.env, WEB_CONCURRENCY: bad }, encoding: 'utf8' })
    expect(run.status, bad).toBe(1)
    expect(run.stderr).toContain(`WEB_CONCURRENCY: must be a whole number from 1 to 64 (got "${bad}")`)
  }
})

it('runs two worker processes that both answer on one port', { timeout: 40_000 }, async () => {
  const pids = await until('two workers listening', () => (listening().length >= 2 ? listening() : null))
  expect(new Set(pids).size).toBe(2)
  for (const pid of pids) {
    expect(pid).not.toBe(site.pid)
    expect(isRunning(pid)).toBe(true)
    // glibc reads its allocator's settings at exec: the workers get the memory-saving defaults (docs/deploy.md, Memory).
    const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0')
    // A value the operator set (here: this test's environment, which the primary inherits) wins over the default.
    const wanted = Object.entries(ALLOCATOR_DEFAULTS).map(([name, value]) => `${name}=${process.env[name] ?? value}`)
    expect(environment).toEqual(expect.arrayContaining(wanted))
  }
  // A search is rendered on its first request and cached by the process that rendered it.
  const page = `/?s=cluster-${Date.now()}`
  const answers: string[] = []
  for (let i = 0; i < 6; i++) answers.push(await cacheOnFreshConnection(page))
  expect(
    answers.filter((answer) => answer === '200 MISS'),
    answers.join(', '),
  ).toHaveLength(2)
  expect(
    answers.filter((answer) => answer === '200 HIT'),
    answers.join(', '),
  ).toHaveLength(4)
})

it('serves the build’s prerendered pages from every worker’s first request', { timeout: 40_000 }, async () => {
  await until('two workers listening', () => (listening().length >= 2 ? listening() : null))
  // Fresh or stale by now, but never rendered (MISS): each worker loaded them before it answered.
  const answers: string[] = []
  for (let i = 0; i < 4; i++) answers.push(await cacheOnFreshConnection('/about'))
  expect(
    answers.every((answer) => /^200 (HIT|STALE)$/.test(answer)),
    answers.join(', '),
  ).toBe(true)
})

it('starts a worker again when one dies, and stops them all on SIGTERM within 10 s', { timeout: 60_000 }, async () => {
  const [first, second] = listening()
  process.kill(first!, 'SIGKILL')
  await until('the killed worker noticed', () =>
    site.output().includes(`(pid ${first}) exited (signal SIGKILL); starting another`) ? true : null,
  )
  const replacement = await until('a new worker listening', () => listening().find((pid) => pid !== first && pid !== second) ?? null)
  expect(isRunning(replacement)).toBe(true)
  expect((await fetch(`${site.origin}/healthz`)).status).toBe(200)

  const workers = [second!, replacement]
  const signalAt = Date.now()
  process.kill(site.pid, 'SIGTERM')
  await until('the primary and its workers gone', () => (isRunning(site.pid) || workers.some(isRunning) ? null : true), 15_000)
  expect(Date.now() - signalAt, site.output()).toBeLessThan(10_000)
  // The primary's last lines may still be in the pipe when its process is found gone.
  await site.closed
  for (const pid of workers) expect(site.output()).toContain(`(pid ${pid}) exited (code 0)`)
  expect(site.output()).not.toContain('killing them')
})
