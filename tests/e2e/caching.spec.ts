import { expect, test } from '@playwright/test'
import { siteConfig } from '../../app/config/site'
import { waitForHydration, watchConsole } from './helpers'

/**
 * A page served from the rendered-HTML cache was rendered without the visitor's tracking
 * parameters; the browser must hydrate it as the same page, keep the parameters in its
 * address bar and not fetch the page's data again.
 */
test('a cached page opened with tracking parameters hydrates as the same page, without fetching it again', async ({ page }) => {
  const problems = watchConsole(page)
  // Calls for this page's data (calls for other pages are prefetches of the links in view).
  const serverCalls: string[] = []
  page.on('request', (request) => {
    const url = decodeURIComponent(request.url())
    if (url.includes('/_serverFn/') && url.includes('cyber-security')) serverCalls.push(url)
  })
  const response = await page.goto('/services/cyber-security?utm_source=newsletter&gclid=abc')
  expect(response?.status()).toBe(200)
  expect(response?.headers()['x-html-cache']).toMatch(/^(HIT|STALE|MISS)$/)
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  expect(page.url()).toContain('utm_source=newsletter')
  // Past the idle time-out: prefetching has run by now.
  await page.waitForTimeout(siteConfig.timing.prefetchIdleTimeoutMs)
  expect(serverCalls).toEqual([])
  expect(problems()).toEqual([])
})
