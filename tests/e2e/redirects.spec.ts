/**
 * The editor's redirects (docs/content-api.md, Redirects; docs/decisions/025), from the demo's
 * content/redirects.json through the built server: answered before any page is rendered,
 * with the rule's status, query handling and target, and the same rules for a navigation
 * inside the browser.
 */
import { expect, test, type APIRequestContext } from '@playwright/test'
import { waitForHydration } from './helpers'

async function head(request: APIRequestContext, path: string) {
  const response = await request.get(path, { maxRedirects: 0 })
  return { status: response.status(), location: response.headers()['location'] ?? null, cacheControl: response.headers()['cache-control'] }
}

test.describe('redirects', () => {
  test('plain, regex, query-passing and off-site rules answer before any page, with their status', async ({ request }) => {
    expect(await head(request, '/it-support')).toEqual({
      status: 301,
      location: '/services/help-desk-support',
      cacheControl: 'public, max-age=300',
    })
    expect((await head(request, '/de/it-support')).location).toBe('/de/services/help-desk-support')
    // A rule without a query, matched exactly (Redirection's default): a query makes it another URL.
    expect((await head(request, '/it-support?ref=mail')).status).toBe(404)
    expect(await head(request, '/news/new-office-in-manchester')).toMatchObject({ status: 308, location: '/blog/new-office-in-manchester' })
    expect(await head(request, '/book-a-call/?utm_source=newsletter')).toMatchObject({
      status: 302,
      location: '/free-consultation?utm_source=newsletter',
    })
    expect(await head(request, '/system-status')).toMatchObject({ status: 307, location: 'https://status.kestrel-it.example/' })
    // HEAD is answered the same way.
    const headAnswer = await request.head('/it-support', { maxRedirects: 0 })
    expect(headAnswer.status()).toBe(301)
  })

  test('a redirect followed in the browser lands on the target page', async ({ page }) => {
    const response = await page.goto('/news/new-office-in-manchester')
    expect(page.url()).toMatch(/\/blog\/new-office-in-manchester$/)
    expect(response?.status()).toBe(200)
    await expect(page.locator('h1')).toContainText(/Manchester/i)
  })

  test('a page the editor marked gone answers 410 with the error screen and the site frame', async ({ page }) => {
    const response = await page.goto('/spring-offer-2025')
    expect(response?.status()).toBe(410)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.locator('main')).toContainText(/not found|doesn't exist/i)
    // The error screen keeps the site's navigation.
    await expect(page.getByRole('navigation').first()).toBeVisible()
  })

  test('a navigation inside the browser follows the same rules', async ({ page }) => {
    await page.goto('/')
    await waitForHydration(page)
    const documents: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documents.push(request.url())
    })
    // The router follows the address bar: a client-side navigation to an old path.
    await page.evaluate(() => {
      history.pushState({}, '', '/it-support')
      dispatchEvent(new PopStateEvent('popstate', { state: history.state }))
    })
    await expect(page).toHaveURL(/\/services\/help-desk-support$/)
    await expect(page.locator('h1')).toBeVisible()
    expect(documents).toEqual([])
  })
})
