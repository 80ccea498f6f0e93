import { expect, test, type Page } from '@playwright/test'
import { siteConfig } from '../../app/config/site'
import { baseUrl, downBaseUrl } from '../../playwright.config'
import { emulateConnection, waitForHydration, watchConsole } from './helpers'

/**
 * Requirements §9's navigation rules, with the connection emulated by Chromium itself (DevTools
 * protocol): links in view are prefetched at idle time; never on 2g, slow-2g or with
 * Save-Data; a navigation answered in under 200 ms shows no loading state.
 *
 * A prefetch runs the target route's loader, which asks the server for the page's layout
 * by its path: the paths in those server-function calls are the pages prefetched.
 */
function watchLoadedPaths(page: Page): string[] {
  const paths: string[] = []
  page.on('request', (request) => {
    if (!request.url().includes('/_serverFn/')) return
    const payload = new URL(request.url()).searchParams.get('payload') ?? ''
    for (const match of payload.matchAll(/"path"\],"v":\[\{"t":1,"s":"[a-z]{2}"\},\{"t":1,"s":"([^"]+)"\}/g)) paths.push(match[1] ?? '')
  })
  return paths
}

/** Long enough for any prefetch the rules allowed: the idle time-out, and a margin. */
const AFTER_IDLE_MS = siteConfig.timing.prefetchIdleTimeoutMs + 1500

test('links in view are prefetched once the browser is idle; links below the fold only when scrolled into view', async ({ page }) => {
  const problems = watchConsole(page)
  const loaded = watchLoadedPaths(page)
  await page.goto('/about')
  await waitForHydration(page)
  // The header's links (the logo, Pricing, Blog, Contact), not the page being shown.
  await expect.poll(() => loaded, { timeout: AFTER_IDLE_MS }).toEqual(expect.arrayContaining(['/', '/blog', '/contact', '/pricing']))
  expect(loaded).not.toContain('/about')
  // The footer's legal links are far below the fold.
  expect(loaded).not.toContain('/privacy')

  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).scrollIntoViewIfNeeded()
  await expect.poll(() => loaded, { timeout: AFTER_IDLE_MS }).toContain('/privacy')

  // A prefetched page opens without asking the server again.
  await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click()
  await expect(page).toHaveTitle(/^Pricing/)
  expect(loaded.filter((path) => path === '/pricing')).toHaveLength(1)
  expect(problems()).toEqual([])
})

for (const connection of ['Save-Data', '2g', 'slow-2g'] as const) {
  test(`nothing is prefetched with ${connection}, and links still work`, async ({ page }) => {
    test.setTimeout(90_000)
    const problems = watchConsole(page)
    await emulateConnection(page, connection)
    const loaded = watchLoadedPaths(page)
    await page.goto('/about')
    await waitForHydration(page)
    const reported = await page.evaluate(() => {
      const { effectiveType, saveData } = (navigator as unknown as { connection: { effectiveType: string; saveData: boolean } }).connection
      return { effectiveType, saveData }
    })
    if (connection === 'Save-Data') expect(reported.saveData).toBe(true)
    else expect(reported.effectiveType).toBe(connection)
    await page.waitForTimeout(AFTER_IDLE_MS)
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).scrollIntoViewIfNeeded()
    await page.waitForTimeout(AFTER_IDLE_MS)
    expect(loaded).toEqual([])

    // The page is fetched when the visitor asks for it.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click()
    await expect(page).toHaveTitle(/^Privacy notice/)
    expect(loaded).toEqual(['/privacy'])
    expect(problems()).toEqual([])
  })
}

/** Records the loading bar's states, and when each began, from the page's own clock. */
async function watchLoadingBar(page: Page) {
  await page.evaluate(() => {
    const bar = document.querySelector('[data-testid="loading-bar"]')!
    const log: Array<{ state: string; at: number; colour?: string }> = []
    Object.assign(window, { loadingBarLog: log })
    document.addEventListener('click', (event) => log.push({ state: 'click', at: event.timeStamp }), { capture: true })
    // The colour is read as each state begins: the failed state lasts only until the bar hides.
    const colour = () => getComputedStyle(bar.firstElementChild!).backgroundColor
    new MutationObserver(() => log.push({ state: bar.getAttribute('data-state')!, at: performance.now(), colour: colour() })).observe(bar, {
      attributes: true,
      attributeFilter: ['data-state'],
    })
  })
  return () =>
    page.evaluate(() => (window as unknown as { loadingBarLog: Array<{ state: string; at: number; colour?: string }> }).loadingBarLog)
}

test('a navigation shows its loading state only once it has taken 200 ms, and a slow one does show it', async ({ page }) => {
  const problems = watchConsole(page)
  // No prefetching, so each click below really waits for the server.
  await emulateConnection(page, 'Save-Data')
  await page.goto('/about')
  await waitForHydration(page)
  const log = await watchLoadingBar(page)

  // A quick answer: whenever the bar appears (if at all), it is at least 200 ms after the click.
  await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click()
  await expect(page).toHaveTitle(/^Pricing/)
  const quick = await log()
  const quickClick = quick.find((entry) => entry.state === 'click')!.at
  for (const entry of quick.filter((item) => item.state === 'loading'))
    expect(entry.at - quickClick).toBeGreaterThanOrEqual(siteConfig.timing.fetchMinDelayMs)

  // A slow answer (the server takes a second): the bar appears, then goes.
  await page.route('**/_serverFn/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000))
    await route.continue()
  })
  await page.evaluate(() => (window as unknown as { loadingBarLog: unknown[] }).loadingBarLog.splice(0))
  await page.getByRole('banner').getByRole('link', { name: 'Contact' }).click()
  await expect(page).toHaveTitle(/^Contact/)
  await expect(page.getByTestId('loading-bar')).toHaveAttribute('data-state', 'idle')
  const slow = await log()
  const slowClick = slow.find((entry) => entry.state === 'click')!.at
  const shown = slow.find((entry) => entry.state === 'loading')
  expect(shown, JSON.stringify(slow)).toBeDefined()
  expect(shown!.at - slowClick).toBeGreaterThanOrEqual(siteConfig.timing.fetchMinDelayMs)
  // Once shown, it stays at least the minimum, so it never flashes.
  const hidden = slow.find((entry) => entry.state === 'idle' && entry.at > shown!.at)
  expect(hidden, JSON.stringify(slow)).toBeDefined()
  expect(hidden!.at - shown!.at).toBeGreaterThanOrEqual(siteConfig.timing.pendingMinMs)
  expect(problems()).toEqual([])
})

test('a navigation answered at once (a prefetched page) shows no loading state at all', async ({ page }) => {
  // The link is in view, so the router prefetches its page when the browser is idle.
  const answered: string[] = []
  page.on('response', (response) => {
    if (response.url().includes('/_serverFn/')) answered.push(decodeURIComponent(response.url()))
  })
  await page.goto('/about')
  await waitForHydration(page)
  const log = await watchLoadingBar(page)
  const pricing = page.getByRole('banner').getByRole('link', { name: 'Pricing' })
  await pricing.hover()
  await expect.poll(() => answered.some((url) => url.includes('pricing'))).toBe(true)
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))))
  await pricing.click()
  await expect(page).toHaveTitle(/^Pricing/)
  await page.waitForTimeout(siteConfig.timing.fetchMinDelayMs + 300)
  expect((await log()).filter((entry) => entry.state !== 'click')).toEqual([])
})

test("a client navigation's data comes compressed, like the page it replaces", async ({ page }) => {
  const data: Array<{ url: string; encoding: string | undefined; type: string | undefined; bytes: number }> = []
  page.on('response', async (response) => {
    if (!response.url().includes('/_serverFn/')) return
    // A prefetch's answer can arrive as the test closes the page: its headers are gone then, and an
    // unhandled rejection here failed the next test of the worker (ci115, in outbox.spec.ts).
    const headers = await response.allHeaders().catch(() => null)
    if (!headers) return
    const bytes = (await response.body().catch(() => Buffer.alloc(0))).byteLength
    data.push({ url: response.url(), encoding: headers['content-encoding'], type: headers['content-type'], bytes })
  })
  await page.goto('/about')
  await waitForHydration(page)
  await page.getByRole('banner').getByRole('link', { name: 'Blog' }).click()
  await expect(page).toHaveURL(/\/blog$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect.poll(() => data.length).toBeGreaterThan(0)
  // The layouts and lists of posts are JSON of several kilobytes; Chromium asks for brotli.
  expect(data.filter((answer) => answer.type?.startsWith('application/json')).map((answer) => answer.encoding)).toContain('br')
  // Only an answer too small to gain from it goes out as it is (final-headers.server.ts, COMPRESS_FROM_BYTES).
  expect(data.filter((answer) => answer.encoding === undefined && answer.bytes >= 1024)).toEqual([])
})

test('a navigation that fails turns the loading bar to the error colour', async ({ page }) => {
  await emulateConnection(page, 'Save-Data')
  await page.goto('/about')
  await waitForHydration(page)
  const log = await watchLoadingBar(page)
  // The backend stops: from here on the page's server calls reach the same build whose
  // backend is down (playwright.config.ts, the second server), and it answers them as such.
  await page.route('**/_serverFn/**', (route) => route.continue({ url: route.request().url().replace(baseUrl, downBaseUrl) }))
  await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click()
  await expect.poll(async () => (await log()).some((entry) => entry.state === 'failed'), { timeout: 15_000 }).toBe(true)
  const entries = await log()
  const failed = entries.find((entry) => entry.state === 'failed')!
  const loading = entries.find((entry) => entry.state === 'loading')
  const [danger, accent] = await page.evaluate(() =>
    ['bg-danger', 'bg-accent'].map((name) => {
      const probe = document.body.appendChild(document.createElement('div'))
      probe.className = name
      const colour = getComputedStyle(probe).backgroundColor
      probe.remove()
      return colour
    }),
  )
  expect(danger).not.toBe(accent)
  expect(failed.colour).toBe(danger)
  if (loading) expect(loading.colour).toBe(accent)
  // The visitor is told, and the page says it could not be shown rather than going blank.
  await expect(page.getByRole('heading', { level: 1, name: 'WHOOPS!' })).toBeVisible()
  await expect(page.getByTestId('loading-bar')).toHaveAttribute('data-state', 'idle')
})
