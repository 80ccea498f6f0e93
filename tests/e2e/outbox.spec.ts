/**
 * No lost enquiries, in Chromium against the production build (docs/decisions/011-submission-outbox.md).
 * This spec runs its own three servers on loopback: `npm run cms`, a proxy in front of it
 * that can play dead, and the site pointed at the proxy (CONTENT_API_URL), with its own
 * outbox database. Ports follow E2E_PORT (+2 proxy, +3 CMS, +4 site).
 */
import { createServer, request as httpRequest, type Server } from 'node:http'
import { rmSync } from 'node:fs'
import path from 'node:path'
import { createClient, type Client } from '@libsql/client'
import { expect, test, type Page } from '@playwright/test'
import { startTestServer, type TestServer } from '../support/test-server'
import { waitForHydration } from './helpers'

const BASE = Number(process.env.E2E_PORT ?? 4310)
const PROXY_PORT = BASE + 2
const CMS_PORT = BASE + 3
const SITE_PORT = BASE + 4
const site = `http://127.0.0.1:${SITE_PORT}`
const scratch = path.resolve('.cache/test-outbox')

const backend = { down: false }
const servers: TestServer[] = []
let proxy: Server | undefined
let cmsDb: Client

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(90_000)
  rmSync(scratch, { recursive: true, force: true })
  const shared = {
    ...process.env,
    NODE_ENV: 'production',
    CMS_DATABASE_URL: `file:${scratch}/cms.db`,
    CMS_UPLOAD_DIR: `${scratch}/uploads`,
  }
  servers.push(
    await startTestServer({
      command: 'npx',
      args: ['tsx', 'cms/serve.ts'],
      env: { ...shared, CMS_HOST: '127.0.0.1', CMS_PORT: String(CMS_PORT) },
      readyUrl: `http://127.0.0.1:${CMS_PORT}/api/v1/posts`,
      startTimeoutMs: 60_000,
    }),
  )
  // Down: the connection is dropped, as when the backend's host is gone.
  proxy = createServer((req, res) => {
    if (backend.down) {
      req.socket.destroy()
      return
    }
    const upstream = httpRequest(
      `http://127.0.0.1:${CMS_PORT}${req.url ?? '/'}`,
      { method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    upstream.on('error', () => res.writeHead(502).end())
    req.pipe(upstream)
  })
  await new Promise<void>((done) => proxy!.listen(PROXY_PORT, '127.0.0.1', done))
  servers.push(
    await startTestServer({
      command: process.execPath,
      args: ['.output/server/index.mjs'],
      env: {
        ...shared,
        HOST: '127.0.0.1',
        PORT: String(SITE_PORT),
        RATE_LIMIT_FACTOR: '100',
        CONTENT_API_URL: `http://127.0.0.1:${PROXY_PORT}`,
        CONTENT_TIMEOUT_MS: '3000',
        SITE_DATABASE_URL: `file:${scratch}/site.db`,
        SITE_OUTBOX_DIR: `${scratch}/outbox`,
      },
      readyUrl: `${site}/favicon.svg`,
    }),
  )
  cmsDb = createClient({ url: `file:${scratch}/cms.db` })
  // The CMS writes while this test reads.
  await cmsDb.execute('PRAGMA busy_timeout = 5000')
})

test.afterAll(async () => {
  cmsDb?.close()
  await Promise.all(servers.map((server) => server.stop()))
  await new Promise((done) => (proxy ? proxy.close(done) : done(undefined)))
})

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`

async function entriesFor(marker: string): Promise<number> {
  const result = await cmsDb.execute({
    sql: "SELECT count(*) AS n FROM form_entries WHERE form_id = '1' AND values_json LIKE ?",
    args: [`%${marker}%`],
  })
  return Number(result.rows[0]?.n)
}

async function fillContactForm(page: Page, marker: string) {
  await page.getByLabel('Full name').fill('Jane Smith')
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('jane@example.org')
  await page.getByLabel('How can we help?').fill(`Our server room is flooded ${marker}`)
  await page.locator('label', { hasText: 'I agree to Kestrel IT Support' }).click()
}

test('the backend down at submission: "received"; when it is back, the entry arrives exactly once', async ({ page }) => {
  test.setTimeout(60_000)
  const marker = unique()
  await page.goto(`${site}/contact`)
  await waitForHydration(page)
  await fillContactForm(page, marker)

  backend.down = true
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Thank you, we have received it.' })).toBeVisible()
  await expect(page.getByLabel('How can we help?')).toHaveValue('')
  expect(await entriesFor(marker)).toBe(0)

  backend.down = false
  // The server's worker sends it on its own, with backoff.
  await expect.poll(() => entriesFor(marker), { timeout: 45_000, intervals: [500] }).toBe(1)
  // And never again.
  await page.waitForTimeout(3000)
  expect(await entriesFor(marker)).toBe(1)
})

test('an answer lost on the way back: the visitor sends again and the same key makes one entry', async ({ page }) => {
  const marker = unique()
  await page.goto(`${site}/contact`)
  await waitForHydration(page)
  await fillContactForm(page, marker)

  // The request reaches the server (and the entry is made), but the browser gets a 502.
  // Only the submission: other server calls of the page (the form's stamp, the chat) go through.
  await page.route('**/_serverFn/**', async (route) => {
    if (!route.request().postDataBuffer()?.includes(marker)) return route.fallback()
    await route.fetch()
    await route.fulfill({ status: 502, body: 'Bad gateway' })
  })
  const submit = page.getByRole('button', { name: 'Send message' })
  await submit.click()
  await expect(page.getByRole('alert')).toContainText('We could not reach our systems')
  expect(await entriesFor(marker)).toBe(1)

  await page.unroute('**/_serverFn/**')
  await submit.click()
  await expect(page.getByRole('status').filter({ hasText: 'Thank you, we have your message.' })).toBeVisible()
  expect(await entriesFor(marker)).toBe(1)
})
