/**
 * The page's JavaScript is fetched after its first contentful paint (docs/decisions/038,
 * app/lib/deferred-entry.ts): the HTML names no module script and no modulepreload, only a
 * loader; the loader puts the client entry in its own place once the first paint is on
 * screen, and the page hydrates as before.
 */
import { expect, test, type Page } from '@playwright/test'
import { siteConfig } from '../../app/config/site'
import { expectSearchOpens, waitForHydration, watchConsole } from './helpers'

declare global {
  interface Window {
    __heldTimers?: number
  }
}

const isEntry = (url: string) => /\/assets\/index-[\w-]+\.js$/.test(new URL(url).pathname)
const entryRequested = (page: Page) => page.waitForRequest((request) => isEntry(request.url()))

for (const { url, kind } of [
  { url: '/', kind: 'a prerendered page' },
  { url: '/?s=backup', kind: 'a page rendered for its request (a search)' },
]) {
  test(`${kind}: the HTML names no module script, the entry is fetched after the first contentful paint, and the page hydrates`, async ({
    page,
    request,
  }) => {
    const html = await (await request.get(url)).text()
    expect(html).not.toMatch(/<script[^>]*\stype="module"/)
    expect(html).not.toMatch(/<link[^>]*rel="modulepreload"/)
    const loader = /<script[^>]*\sdata-entry="([^"]+)"[^>]*\sdata-preloads="([^"]*)"/.exec(html)
    expect(loader, 'the loader names the entry and its preloads').not.toBeNull()
    const [, entry = '', preloads = ''] = loader!
    // Each file the loader names is there to fetch.
    for (const file of [entry, ...preloads.split(' ').filter(Boolean)]) expect((await request.get(file)).status(), file).toBe(200)

    const problems = watchConsole(page)
    await page.goto(url)
    await waitForHydration(page)
    const timing = await page.evaluate((entryPath) => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]
      const fetched = performance.getEntriesByType('resource').find((resource) => new URL(resource.name).pathname === entryPath)
      const script = [...document.scripts].find((element) => element.src && new URL(element.src).pathname === entryPath)
      return {
        paint: paint?.startTime ?? null,
        fetched: fetched?.startTime ?? null,
        // The entry stands where the loader stood: the last script React renders in the body.
        inBody: script?.parentElement === document.body,
        loaders: document.querySelectorAll('script[data-entry]').length,
        preloads: [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => new URL(link.href).pathname),
      }
    }, entry)
    expect(timing.paint).not.toBeNull()
    expect(timing.fetched).not.toBeNull()
    expect(timing.fetched!).toBeGreaterThanOrEqual(timing.paint!)
    expect(timing.inBody).toBe(true)
    expect(timing.loaders).toBe(0)
    expect(timing.preloads).toEqual(expect.arrayContaining(preloads.split(' ').filter(Boolean)))
    await expectSearchOpens(page)
    // No hydration mismatch, no CSP violation, no failed module.
    expect(problems()).toEqual([])
  })
}

/** A browser that reports no paint: the observer is there but never called. */
const noPaintReported = () => {
  window.PerformanceObserver = class {
    static supportedEntryTypes = ['paint']
    observe() {}
    disconnect() {}
    takeRecords() {
      return []
    }
  } as unknown as typeof PerformanceObserver
}

test('with no paint reported, a key press fetches the JavaScript at once, and the page hydrates', async ({ page }) => {
  await page.addInitScript(noPaintReported)
  // The fallback timer held back, so that only the key can have started the entry.
  await page.addInitScript((fallbackMs: number) => {
    const setTimer = window.setTimeout.bind(window)
    window.__heldTimers = 0
    window.setTimeout = ((handler: TimerHandler, delay?: number, ...rest: unknown[]) => {
      if (delay === fallbackMs) return ++window.__heldTimers!
      return setTimer(handler, delay, ...rest)
    }) as typeof window.setTimeout
  }, siteConfig.timing.entryFallbackMs)
  let fetched = false
  page.on('request', (request) => {
    if (isEntry(request.url())) fetched = true
  })
  await page.goto('/', { waitUntil: 'load' })
  await page.waitForLoadState('networkidle')
  expect(fetched, 'nothing started the entry yet').toBe(false)
  expect(await page.evaluate(() => window.__heldTimers)).toBe(1)
  const requested = entryRequested(page)
  await page.keyboard.press('Shift')
  await requested
  await waitForHydration(page)
  await expectSearchOpens(page)
})

test('with no paint reported, the fallback timer fetches the JavaScript, and the page hydrates', async ({ page }) => {
  await page.addInitScript(noPaintReported)
  const requested = entryRequested(page)
  await page.goto('/', { waitUntil: 'load' })
  const entry = new URL((await requested).url()).pathname
  await waitForHydration(page)
  // Not sooner: nothing but the timer started it. Polled: on a busy machine Chromium may
  // queue the script's resource timing entry after the script has already run.
  const fetchedAt = () =>
    page.evaluate(
      (path) => performance.getEntriesByType('resource').find((resource) => new URL(resource.name).pathname === path)?.startTime,
      entry,
    )
  await expect.poll(fetchedAt).toBeGreaterThanOrEqual(siteConfig.timing.entryFallbackMs)
  await expectSearchOpens(page)
})
