/**
 * Three production servers behind nginx (Debian's, the load balancer) on one PostgreSQL
 * (DATABASE_URL; docs/deploy.md "Several servers"), every process on loopback, over the
 * embedded CMS served as a backend of its own (`npm run cms`, reading a copy of
 * `content/` so a test can edit a page):
 * - after one `POST /api/revalidate` to one of them, all three serve the edited page
 *   within a second (measured over 50 requests spread over the three, in several rounds);
 * - a rate limit of N is N across the three together;
 * - `npm start`'s workers on the shared database (WEB_CONCURRENCY) stop within 10 s of
 *   SIGTERM: the purge listener and the database's connections close with them.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, startBuiltSite, type BuiltSite } from '../support/built-site'
import { startPostgres, type TestPostgres } from '../support/postgres'
import { isRunning, startTestServer, type TestServer } from '../support/test-server'

const SECRET = 'several-servers-revalidate-secret-0123456789'
const work = mkdtempSync(path.join(tmpdir(), 'site-several-'))
const content = path.join(work, 'content')
const careers = path.join(content, 'en/pages/careers.json')
const stops: Array<() => Promise<void>> = []
let postgres: TestPostgres
let cms: string
let sites: BuiltSite[] = []
let balancer: string
let databaseUrl: string

/** nginx in front of the three, round robin, as docs/deploy.md configures it. */
async function startNginx(ports: number[]): Promise<{ origin: string; server: TestServer }> {
  const dir = path.join(work, 'nginx')
  mkdirSync(path.join(dir, 'tmp'), { recursive: true })
  const port = await freePort()
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  upstream site { ${ports.map((p) => `server 127.0.0.1:${p};`).join(' ')} keepalive 16; }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://site;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
  }
}
`,
  )
  const origin = `http://127.0.0.1:${port}`
  const server = await startTestServer({
    command: '/usr/sbin/nginx',
    args: ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf')],
    readyUrl: `${origin}/favicon.svg`,
    startTimeoutMs: 30_000,
  })
  return { origin, server }
}

beforeAll(async () => {
  if (!existsSync('.output/server/index.mjs')) throw new Error('Build first: npm run build')
  cpSync('content', content, { recursive: true })
  postgres = await startPostgres()
  stops.push(() => postgres.stop())
  databaseUrl = await postgres.createDatabase('site')
  const cmsPort = await freePort()
  const cmsServer = await startTestServer({
    command: 'npx',
    args: ['tsx', 'cms/serve.ts'],
    env: {
      ...process.env,
      CMS_PORT: String(cmsPort),
      CMS_HOST: '127.0.0.1',
      CMS_CONTENT_DIR: content,
      CMS_DATABASE_URL: `file:${path.join(work, 'cms.db')}`,
    },
    readyUrl: `http://127.0.0.1:${cmsPort}/api/v1/base/home`,
    startTimeoutMs: 60_000,
  })
  stops.push(() => cmsServer.stop())
  cms = `http://127.0.0.1:${cmsPort}`
  sites = await Promise.all(
    [0, 1, 2].map(() =>
      startBuiltSite({
        dataDir: work,
        startTimeoutMs: 60_000,
        env: { CONTENT_API_URL: cms, DATABASE_URL: databaseUrl, REVALIDATE_SECRET: SECRET, RATE_LIMIT_FACTOR: '1' },
      }),
    ),
  )
  for (const site of sites) stops.push(() => site.stop())
  const nginx = await startNginx(sites.map((site) => Number(new URL(site.origin).port)))
  stops.push(() => nginx.server.stop())
  balancer = nginx.origin
}, 180_000)

afterAll(async () => {
  for (const stop of stops.reverse()) await stop().catch(() => undefined)
  rmSync(work, { recursive: true, force: true })
})

const titleOf = (html: string) => /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? ''

async function editCareersTitle(title: string) {
  const page = JSON.parse(readFileSync(careers, 'utf8')) as { title: string }
  writeFileSync(careers, JSON.stringify({ ...page, title }, null, 2))
  // The backend serves the edit (its own watcher reloads the folder); the sites still have the old page.
  await expect.poll(async () => (await fetch(`${cms}/api/v1/base/careers`)).text(), { timeout: 15_000, interval: 100 }).toContain(title)
}

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN

describe('three servers on one PostgreSQL', () => {
  it('all serve the edited page within a second of one revalidation', async () => {
    const propagation: number[] = []
    for (let round = 0; round < 3; round++) {
      // Every server has the page in its cache.
      for (const site of sites) {
        await fetch(`${site.origin}/careers`)
        expect((await fetch(`${site.origin}/careers`)).headers.get('x-html-cache')).toMatch(/HIT|STALE/)
      }
      const title = `Careers at Kestrel, round ${round} ${Date.now()}`
      await editCareersTitle(title)
      for (const site of sites) expect(titleOf(await (await fetch(`${site.origin}/careers`)).text())).not.toContain(title)

      const started = Date.now()
      const answer = await fetch(`${sites[round % 3]!.origin}/api/revalidate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${SECRET}` },
        body: JSON.stringify({ tags: ['page:careers'] }),
      })
      expect(answer.status).toBe(200)
      expect(((await answer.json()) as { purged: { instances: unknown } }).purged.instances).toBe('notified')

      // 50 requests spread over the three, one every 20 ms: when does each server first show the edit, and keep showing it?
      const seen = await Promise.all(
        Array.from({ length: 50 }, async (_, n) => {
          await new Promise((done) => setTimeout(done, n * 20))
          const site = n % 3
          const at = Date.now() - started
          const html = await (await fetch(`${sites[site]!.origin}/careers`)).text()
          return { site, at, edited: titleOf(html).includes(title) }
        }),
      )
      for (const site of [0, 1, 2]) {
        const own = seen.filter((request) => request.site === site).toSorted((a, b) => a.at - b.at)
        const lastOld = own.findLast((request) => !request.edited)
        const firstAfter = lastOld ? own.find((request) => request.at > lastOld.at) : own[0]
        expect(firstAfter, `server ${site} never served the edit`).toBeDefined()
        propagation.push(firstAfter!.at)
      }
    }
    console.info(
      `several servers: the edit showed on every server after ${median(propagation)} ms (median), ${Math.max(...propagation)} ms (max), ${propagation.length} samples`,
    )
    expect(Math.max(...propagation)).toBeLessThan(1000)
    // Through the balancer, every answer is the last edit.
    const last = titleOf(await (await fetch(`${sites[0]!.origin}/careers`)).text())
    for (let n = 0; n < 12; n++) expect(titleOf(await (await fetch(`${balancer}/careers`)).text())).toBe(last)
  }, 120_000)

  it('count a rate limit of N across the three together', async () => {
    // Searches: 60 a minute per visitor (abuseConfig.rateLimits.search), RATE_LIMIT_FACTOR=1 here.
    const statuses: number[] = []
    for (let n = 0; n < 90; n++) {
      const answer = await fetch(`${sites[n % 3]!.origin}/?s=backups-${n}`)
      await answer.arrayBuffer()
      statuses.push(answer.status)
    }
    expect(statuses.filter((status) => status === 429)).toHaveLength(30)
    expect(statuses.slice(0, 60).every((status) => status !== 429)).toBe(true)
  }, 120_000)

  it('stop within 10 s of SIGTERM as workers of one launcher, their database connections closed', async () => {
    const launched = await startBuiltSite({
      dataDir: work,
      launcher: true,
      startTimeoutMs: 60_000,
      // srvx shuts down gracefully only without CI and TEST (Vitest sets TEST); empty counts as unset there.
      env: { CONTENT_API_URL: cms, DATABASE_URL: databaseUrl, REVALIDATE_SECRET: SECRET, WEB_CONCURRENCY: '2', CI: '', TEST: '' },
    })
    stops.push(() => launched.stop())
    // Both workers have opened the database: a page each (their purge listeners) and a search each (the shared limits).
    for (let n = 0; n < 6; n++) await (await fetch(`${launched.origin}/${n % 2 ? '?s=printers' : 'about'}`)).text()
    const signalAt = Date.now()
    process.kill(launched.pid, 'SIGTERM')
    while (isRunning(launched.pid) && Date.now() - signalAt < 15_000) await new Promise((done) => setTimeout(done, 50))
    expect(isRunning(launched.pid), `still running 15 s after SIGTERM:\n${launched.output()}`).toBe(false)
    expect(Date.now() - signalAt).toBeLessThan(10_000)
    expect(launched.output()).not.toContain('still busy')
  }, 60_000)
})
