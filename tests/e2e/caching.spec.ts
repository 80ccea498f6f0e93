import { expect, test } from '@playwright/test'
import { waitForHydration, watchConsole } from './helpers'

/**
 * A page served from the rendered-HTML cache was rendered without the visitor's tracking
 * parameters; the browser must hydrate it as the same page, keep the parameters in its
 * address bar and not fetch the page's data again.
 */
test('a cached page opened with tracking parameters hydrates as the same page, without fetching it again', async ({ page }) => {
  const problems = watchConsole(page)
  const serverCalls: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/_serverFn/')) serverCalls.push(request.url())
  })
  const response = await page.goto('/services/cyber-security?utm_source=newsletter&gclid=abc')
  expect(response?.status()).toBe(200)
  expect(response?.headers()['x-html-cache']).toMatch(/^(HIT|STALE|MISS)$/)
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(page.url()).toContain('utm_source=newsletter')
  expect(serverCalls).toEqual([])
  expect(problems()).toEqual([])
})
