/**
 * The smoke e2e of a platform build (playwright.deploy.config.ts, scripts/check-deploy.ts):
 * the home page, a post, a form submission stored by the demo CMS in the platform's
 * temporary directory, a 404, the security headers on static files and function answers,
 * the CDN's own caching headers and tags (a copy from the function's cache no longer than
 * it stays fresh there, a stale one never: docs/decisions/034-platform-cdn-lifetimes.md),
 * a revalidation whose CDN purge cannot reach the platform's API (reported, never a failure
 * of the webhook), and the outbox drain as the platform's schedule calls it.
 */
import { readFileSync } from 'node:fs'
import { createClient } from '@libsql/client'
import { expect, test } from '@playwright/test'
import { siteConfig } from '../../app/config/site'
import { securityHeaders, strictTransportSecurity } from '../../app/server/http/security-headers.server'
import { outboxDrain } from '../../app/server/platform/schedules'
import { CRON_SECRET, REVALIDATE_SECRET } from '../../playwright.deploy.config'
import { expectNoAxeViolations, waitForHydration, watchConsole } from '../e2e/helpers'

const target = process.env.DEPLOY_TARGET === 'vercel' ? 'vercel' : 'netlify'
const cdn =
  target === 'netlify'
    ? { control: 'netlify-cdn-cache-control', tags: 'netlify-cache-tag' }
    : { control: 'vercel-cdn-cache-control', tags: 'vercel-cache-tag' }
/** The demo CMS's database: in the platform's temporary directory (scripts/deploy/local-platform.ts sets TMPDIR). */
const cmsDatabase = `file:.cache/deploy/${target}/tmp/kestrel-site/cms.db`

function expectEdgeHeaders(headers: Record<string, string>) {
  for (const [name, value] of Object.entries(securityHeaders)) expect(headers[name.toLowerCase()], name).toBe(value)
  expect(headers['strict-transport-security']).toBe(strictTransportSecurity)
}

test('the home page: rendered, hydrated, its scripts allowed by its policy, accessible', async ({ page }) => {
  const problems = watchConsole(page)
  const response = await page.goto('/')
  expect(response?.status()).toBe(200)
  const headers = response!.headers()
  expectEdgeHeaders(headers)
  expect(headers['content-security-policy']).toContain("script-src 'self'")
  // Vercel serves the prerendered file from its static output; on Netlify the function answers (decision 015).
  if (target === 'vercel') expect(headers['x-html-cache'], 'answered by the prerendered file').toBeUndefined()
  else expect(headers['x-html-cache'], 'answered by the function').toBeDefined()
  await waitForHydration(page)
  await expect(page.getByRole('banner')).toBeVisible()
  await expectNoAxeViolations(page)
  // A Content-Security-Policy that did not match the page's inline scripts shows here as a console error.
  expect(problems()).toEqual([])
})

test('a post: its article, from the bundled content', async ({ page }) => {
  const problems = watchConsole(page)
  const response = await page.goto('/blog/five-signs-your-backups-will-not-restore')
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Five signs your backups will not restore')
  await waitForHydration(page)
  expect(problems()).toEqual([])
})

test('a page the function renders carries the CDN caching header and cache tags', async ({ request }) => {
  // ?page=2 is never a prerendered file: the function answers.
  const response = await request.get('/blog?page=2')
  expect(response.status()).toBe(200)
  const headers = response.headers()
  expectEdgeHeaders(headers)
  expect(headers[cdn.control]).toMatch(target === 'netlify' ? /^public, durable, max-age=\d+/ : /^max-age=\d+/)
  expect(headers[cdn.tags]?.split(',')).toEqual(expect.arrayContaining(['posts', 'path:/blog', 'all']))
})

test('the CDN keeps a copy from the function no longer than it stays fresh there, and never a stale one', async ({ request }) => {
  const { cdnMaxAgeSeconds, cdnStaleSeconds, platformFreshMs } = siteConfig.cache
  const full = `max-age=${cdnMaxAgeSeconds}, stale-while-revalidate=${cdnStaleSeconds}`
  const expected = (lifetime: string) => (target === 'netlify' ? `public, durable, ${lifetime}` : lifetime)
  const pathname = `/?s=cdn-lifetime-${Date.now().toString(36)}`
  const miss = await request.get(pathname)
  expect(miss.headers()['x-html-cache']).toBe('MISS')
  expect(miss.headers()[cdn.control]).toBe(expected(full))
  // Fresh in the function for CACHE_FRESH_MS (5 s on a platform): what is left of it, and no stale-while-revalidate.
  const hit = await request.get(pathname)
  expect(hit.headers()['x-html-cache']).toBe('HIT')
  const seconds = Number(/max-age=(\d+)/.exec(hit.headers()[cdn.control] ?? '')?.[1] ?? NaN)
  expect(hit.headers()[cdn.control]).toBe(expected(`max-age=${seconds}`))
  expect(seconds).toBeLessThanOrEqual(platformFreshMs / 1000)
  expect(hit.headers()[cdn.tags]?.split(',')).toContain('all')
  // Past its freshness the function never answers its stale copy (the CDN would keep it): it renders again.
  await new Promise((done) => setTimeout(done, platformFreshMs + 500))
  const again = await request.get(pathname)
  expect(again.headers()['x-html-cache']).toBe('MISS')
  expect(again.headers()[cdn.control]).toBe(expected(full))
})

test('a search on a prerendered path is rendered by the function, not answered by the file', async ({ page }) => {
  await page.goto('/?s=backup')
  await expect(page.getByRole('heading', { name: /backup/i }).first()).toBeVisible()
  const response = await page.request.get('/?s=backup')
  expect(response.headers()['x-html-cache']).toBeDefined()
})

test('a form submission is stored by the demo CMS', async ({ page }) => {
  const marker = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`
  await page.goto('/contact')
  await waitForHydration(page)
  await page.getByLabel('Full name').fill('Jane Smith')
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(`jane+${marker}@example.org`)
  await page.getByLabel('How can we help?').fill(`Deployed on ${target} ${marker}`)
  await page.locator('label', { hasText: 'I agree to Kestrel IT Support' }).click()
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Thank you, we have your message.' })).toBeVisible()
  const database = createClient({ url: cmsDatabase })
  try {
    const rows = await database.execute({ sql: 'SELECT id FROM form_entries WHERE values_json LIKE ?', args: [`%${marker}%`] })
    expect(rows.rows).toHaveLength(1)
  } finally {
    database.close()
  }
})

test('a page that does not exist is a 404 with the site around it', async ({ page }) => {
  const response = await page.goto('/no-such-page-here')
  expect(response?.status()).toBe(404)
  expectEdgeHeaders(response!.headers())
  await expect(page.getByText('This page was not found.')).toBeVisible()
})

test('a revalidation purges the site and reports the CDN purge it could not make', async ({ request }) => {
  const response = await request.post('/api/revalidate', {
    headers: { authorization: `Bearer ${REVALIDATE_SECRET}` },
    data: { tags: ['post:five-signs-your-backups-will-not-restore'] },
  })
  expect(response.status()).toBe(200)
  const body = (await response.json()) as { purged: { tags: string[]; cdn?: { platform: string; failed?: string } } }
  expect(body.purged.tags).toEqual(['post:five-signs-your-backups-will-not-restore'])
  expect(body.purged.cdn?.platform).toBe(target)
  expect(body.purged.cdn?.failed).toMatch(/purge API/)
})

test('the outbox drain answers the platform’s schedule, and only with its secret', async ({ request }) => {
  const none = { delivered: 0, rejected: 0, waiting: 0 }
  if (target === 'netlify') {
    // The scheduled function itself (scripts/deploy/netlify-outbox-drain.ts), run as `netlify dev` runs one on demand.
    const scheduled = await request.post('/.netlify/functions/outbox-drain')
    expect(scheduled.status()).toBe(200)
    expect(await scheduled.json()).toEqual(none)
    expect((await request.get(outboxDrain.path, { headers: { authorization: `Bearer ${REVALIDATE_SECRET}` } })).status()).toBe(405)
  } else {
    // Vercel's cron job: the path config.json names, called with GET and CRON_SECRET.
    const config = JSON.parse(readFileSync('.vercel/output/config.json', 'utf8')) as { crons?: { path: string; schedule: string }[] }
    expect(config.crons).toContainEqual({ path: outboxDrain.path, schedule: outboxDrain.schedule })
    const cron = await request.get(outboxDrain.path, { headers: { authorization: `Bearer ${CRON_SECRET}` } })
    expect(cron.status()).toBe(200)
    expect(cron.headers()['cache-control']).toBe('no-store')
    expect(cron.headers()[cdn.control]).toBeUndefined()
    expect(await cron.json()).toEqual(none)
  }
  const signed = await request.post(outboxDrain.path, { headers: { authorization: `Bearer ${REVALIDATE_SECRET}` } })
  expect(signed.status()).toBe(200)
  expect(await signed.json()).toEqual(none)
  expect((await request.post(outboxDrain.path)).status()).toBe(401)
  expect((await request.get(outboxDrain.path)).status()).toBe(target === 'vercel' ? 401 : 405)
})
