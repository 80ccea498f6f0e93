/**
 * The smoke e2e of a platform build (playwright.deploy.config.ts, scripts/check-deploy.ts):
 * the home page, a post, a form submission stored by the demo CMS in the platform's
 * temporary directory, a 404, the security headers on static files and function answers,
 * the CDN's own caching headers and tags, and a revalidation whose CDN purge cannot reach
 * the platform's API (reported, never a failure of the webhook).
 */
import { createClient } from '@libsql/client'
import { expect, test } from '@playwright/test'
import { securityHeaders, strictTransportSecurity } from '../../app/server/http/security-headers.server'
import { REVALIDATE_SECRET } from '../../playwright.deploy.config'
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
