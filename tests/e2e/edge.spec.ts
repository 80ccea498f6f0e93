/**
 * Requirements §11.2 (secrets stay out of logs, caches and analytics), in Chromium: a visitor who consented to
 * analytics opens a password-reset link. The token leaves the address bar before any tag
 * loads, so no tag (every tag ID is configured, playwright.config.ts) ever sees it: not in
 * the URL it loads with, not in what it reads from `location`, not in the data layer.
 * The reset itself, with the token kept in memory, is the accounts test in forms.spec.ts.
 */
import { expect, test } from '@playwright/test'
import { waitForHydration } from './helpers'

const TAG_HOSTS = /googletagmanager\.com|google-analytics\.com|doubleclick\.net|googleadservices\.com|clarity\.ms/
const TOKEN = 'e2e-reset-token-must-not-leak'

test.use({
  storageState: {
    cookies: [
      {
        name: 'cookie_control_consent',
        value: 'true',
        domain: '127.0.0.1',
        path: '/',
        expires: -1,
        httpOnly: false,
        secure: false,
        sameSite: 'Lax',
      },
      {
        name: 'cookie_control_enabled_cookies',
        value: 'analytics,marketing',
        domain: '127.0.0.1',
        path: '/',
        expires: -1,
        httpOnly: false,
        secure: false,
        sameSite: 'Lax',
      },
    ],
    origins: [],
  },
})

test('a reset link: the token leaves the address bar before any tag can read it', async ({ page }) => {
  const tagRequests: string[] = []
  await page.route(TAG_HOSTS, async (route) => {
    tagRequests.push(`${route.request().url()} referer=${(await route.request().headerValue('referer')) ?? ''}`)
    // Each tag, as it runs, notes the address it would report.
    await route.fulfill({
      status: 200,
      contentType: 'application/javascript',
      body: '(window.__tagSaw = window.__tagSaw || []).push(location.href)',
    })
  })
  await page.goto(`/reset-password?userId=7&passToken=${TOKEN}&utm_source=mail`)
  await waitForHydration(page)

  // Until a tag has run: its request reaches the route before its script is answered and evaluated.
  await expect.poll(() => page.evaluate(() => (window as unknown as { __tagSaw?: string[] }).__tagSaw?.length ?? 0)).toBeGreaterThan(0)
  const seen = await page.evaluate(() => ({
    tags: (window as unknown as { __tagSaw?: string[] }).__tagSaw ?? [],
    dataLayer: JSON.stringify((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []),
    href: location.href,
  }))
  expect(tagRequests.length).toBeGreaterThan(0)
  expect(new URL(seen.href).pathname).toBe('/reset-password')
  // Only the secrets go; the rest of the address stays.
  expect(new URL(seen.href).search).toBe('?utm_source=mail')
  for (const text of [...seen.tags, seen.dataLayer, ...tagRequests]) {
    expect(text).not.toContain(TOKEN)
    expect(text).not.toContain('userId=7')
  }
  // The form still has what the link carried: a reset with a wrong token is refused by the backend, not by a missing field.
  await expect(page.getByLabel(/^New password/)).toBeVisible()
})
