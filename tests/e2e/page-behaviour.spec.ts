/** Page-level behaviour checked at one desktop viewport (not part of the phone project). */
import { expect, test, type Locator, type Page } from '@playwright/test'
import { siteConfig } from '../../app/config/site'
import { chromiumFlags, chromiumPath } from '../chromium'
import {
  chunkRequestsOf,
  emulateConnection,
  failChunk,
  isSamePage,
  loadCount,
  markPage,
  reloadClaimed,
  waitForElementHydrated,
  waitForHydration,
  watchConsole,
} from './helpers'

declare global {
  interface Window {
    /** The forms and fieldsets a test saw turn ready (`FORM aria-busy`, `FIELDSET disabled`). */
    __formsMadeReady?: string[]
  }
}

test('sections below the fold arrive with the HTML, but their code loads only when scrolled near', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 700 })
  const chunks: string[] = []
  page.on('request', (request) => {
    if (/\/assets\/(faq|call-to-action|testimonials)-[\w-]+\.js$/.test(new URL(request.url()).pathname)) chunks.push(request.url())
  })
  const problems = watchConsole(page)
  const response = await page.goto('/')
  expect(await response?.text()).toContain('What our clients say')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { name: 'What our clients say' })).toBeAttached()
  // The testimonials are far below a 700 px viewport: their code has not been asked for.
  expect(chunks.filter((url) => url.includes('/testimonials-'))).toEqual([])
  await page.getByRole('heading', { name: 'What our clients say' }).scrollIntoViewIfNeeded()
  await expect.poll(() => chunks.some((url) => url.includes('/testimonials-'))).toBe(true)
  // The FAQ below them needs no script: its code is never asked for on the first page.
  await page.getByRole('heading', { name: 'Frequently asked questions' }).scrollIntoViewIfNeeded()
  await page.getByRole('heading', { name: 'Ready for IT that just works?' }).scrollIntoViewIfNeeded()
  await expect.poll(() => chunks.some((url) => url.includes('/call-to-action-'))).toBe(true)
  expect(chunks.filter((url) => url.includes('/faq-'))).toEqual([])
  expect(problems()).toEqual([])
})

/** Long enough for code fetched ahead of need at idle time. */
const aheadOfNeedTimeout = { timeout: siteConfig.timing.prefetchIdleTimeoutMs + 5000 }

/** The form chunks the page requests, as they are asked for. */
const formChunksOf = (page: Page) => chunkRequestsOf(page, 'form-(section|view)')

test('a form far down the page has its code fetched a few screens ahead, and is made usable at the first Tab key, or ahead of a reader scrolling towards it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 700 })
  const formChunks = formChunksOf(page)
  const problems = watchConsole(page)
  await page.goto('/services/cyber-security')
  await waitForHydration(page)
  // Past the idle time-out: a reader who has not moved towards the form has not paid for it.
  await page.waitForTimeout(siteConfig.timing.prefetchIdleTimeoutMs + 500)
  expect(formChunks).toEqual([])
  const submit = page.locator('[data-section="contact_form"]').getByRole('button', { name: /send/i })
  await expect(submit).toBeDisabled()
  // A keyboard user's first Tab fetches it: it is ready long before they reach it.
  await page.keyboard.press('Tab')
  await expect.poll(() => formChunks.length).toBeGreaterThan(0)
  await expect(submit).toBeEnabled()
  expect(problems()).toEqual([])

  // A reader scrolling towards it: a few screens before, its code is fetched, and it is
  // rendered while it is still further away than the parts that load near the viewport.
  const scrolled = await page.context().newPage()
  const scrolledChunks = formChunksOf(scrolled)
  await scrolled.setViewportSize({ width: 390, height: 844 })
  await scrolled.goto('/services/cyber-security')
  await waitForHydration(scrolled)
  expect(scrolledChunks).toEqual([])
  const form = scrolled.locator('[data-section="contact_form"]')
  const formTop = await form.evaluate((element) => element.getBoundingClientRect().top + window.scrollY)
  await scrolled.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), formTop - 844 - 2000)
  await expect.poll(() => scrolledChunks.length, aheadOfNeedTimeout).toBeGreaterThan(0)
  await expect(form.getByRole('button', { name: /send/i })).toBeEnabled()
  expect(await belowTheViewport(form)).toBeGreaterThan(1000)
})

test('a form a screen or two down has its code fetched at idle time, and is rendered once the visitor scrolls, usable in its first render (docs/decisions/066, 068)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const formChunks = formChunksOf(page)
  const problems = watchConsole(page)
  // Every form or fieldset that turns from busy or disabled to ready: the server's markup is
  // replaced, not changed, so only a form the browser rendered disabled would (decision 068).
  await page.addInitScript(() => {
    window.__formsMadeReady = []
    new MutationObserver((records) => {
      for (const record of records)
        if (record.oldValue !== null && record.target instanceof Element && /^(FORM|FIELDSET)$/.test(record.target.tagName))
          window.__formsMadeReady!.push(`${record.target.tagName} ${record.attributeName}`)
    }).observe(document, { subtree: true, attributes: true, attributeOldValue: true, attributeFilter: ['aria-busy', 'disabled'] })
  })
  await page.goto('/free-consultation')
  await waitForHydration(page)
  const form = page.locator('[data-section="free_consultation_form"]')
  const next = form.getByRole('button', { name: 'Next' })
  // Past where the parts near the viewport load (600 px), within where a form's code is fetched ahead (2 400).
  expect(await belowTheViewport(form)).toBeGreaterThan(700)
  expect(await belowTheViewport(form)).toBeLessThan(2000)
  await expect.poll(() => formChunks.length, aheadOfNeedTimeout).toBeGreaterThan(0)
  // The code is here, but a visitor who only looks at the page (or an audit of its load) does not pay for the render.
  await page.waitForTimeout(1000)
  await expect(next).toBeDisabled()
  // A little scroll, which brings it no nearer than 600 px, and it is rendered: usable before it is in view.
  await page.mouse.wheel(0, 40)
  await expect(next).toBeEnabled()
  expect(await belowTheViewport(form)).toBeGreaterThan(600)
  // Its first render was usable: no second render of the whole form to enable it.
  expect(await page.evaluate(() => window.__formsMadeReady)).toEqual([])
  expect(problems()).toEqual([])
})

/** How far below the viewport's bottom the element's top is, in CSS pixels. */
function belowTheViewport(element: Locator): Promise<number> {
  return element.evaluate((node) => node.getBoundingClientRect().top - window.innerHeight)
}

test('with Save-Data, a form far down the page fetches nothing ahead: its code loads when it comes near the viewport', async ({ page }) => {
  await emulateConnection(page, 'Save-Data')
  await page.setViewportSize({ width: 1280, height: 700 })
  const formChunks = formChunksOf(page)
  await page.goto('/services/cyber-security')
  await waitForHydration(page)
  await page.waitForTimeout(siteConfig.timing.prefetchIdleTimeoutMs + 1500)
  expect(formChunks).toEqual([])
  await page.locator('[data-section="contact_form"]').scrollIntoViewIfNeeded()
  await expect.poll(() => formChunks.length).toBeGreaterThan(0)
  await expect(page.locator('[data-section="contact_form"]').getByRole('button', { name: /send/i })).toBeEnabled()
})

test('the FAQ is a native accordion: the keyboard opens an answer, one answer is open at a time, it works before the page hydrates', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 700 })
  await page.goto('/')
  // It needs no script: the server's markup works before the page hydrates.
  const items = page.locator('[data-section="faq"] details')
  const first = items.filter({ hasText: 'How quickly do you answer?' })
  const answer = first.getByText('Every call during business hours is answered within 60 seconds')
  await expect(answer).toBeHidden()
  await first.locator('summary').focus()
  await page.keyboard.press('Enter')
  await expect(first).toHaveAttribute('open', '')
  await expect(answer).toBeVisible()
  // The question is still a heading in the page's outline.
  await expect(first.locator('summary').getByRole('heading', { name: 'How quickly do you answer?' })).toBeVisible()
  // Opening another closes the first.
  const second = items.nth(1)
  await second.locator('summary').focus()
  await page.keyboard.press(' ')
  await expect(second).toHaveAttribute('open', '')
  await expect(first).not.toHaveAttribute('open', '')
  await page.keyboard.press('Enter')
  await expect(second).not.toHaveAttribute('open', '')
  // What a visitor opened stays open once the page has hydrated and the sections around it have loaded.
  await first.locator('summary').click()
  await waitForHydration(page)
  await page.getByRole('heading', { name: 'Ready for IT that just works?' }).scrollIntoViewIfNeeded()
  await expect(first).toHaveAttribute('open', '')
})

test('page-level fields: a dismissible notification, page CSS scoped to its page, body classes', async ({ page }) => {
  await page.goto('/')
  await waitForHydration(page)
  const notice = page.locator('[data-notification]')
  await expect(notice).toContainText('Christmas hours')
  await page.getByRole('button', { name: 'Dismiss notice' }).click()
  await expect(notice).toHaveCount(0)
  await page.reload()
  await waitForHydration(page)
  await expect(page.locator('[data-notification]')).toHaveCount(0)
  const homeH2 = await page.getByRole('heading', { level: 2, name: 'What we do' }).evaluate((el) => getComputedStyle(el).color)
  await page.goto('/about')
  await waitForHydration(page)
  await expect(page.locator('[data-page="3"]')).toHaveClass('page page-about')
  const aboutH2 = await page.getByRole('heading', { level: 2, name: 'How we work' }).evaluate((el) => getComputedStyle(el).color)
  expect(aboutH2).toBe('rgb(22, 69, 222)')
  expect(homeH2).not.toBe('rgb(22, 69, 222)')
})

test('opt-in scroll animations: hidden only after hydration and only out of view; none for reduced motion', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 700 })
  const html = await (await page.request.get('/')).text()
  expect(html).toContain('data-reveal="static"')
  await page.goto('/')
  await waitForHydration(page)
  const testimonials = page.locator('[data-reveal]').filter({ hasText: 'What our clients say' })
  await expect(testimonials).toHaveAttribute('data-reveal', 'waiting')
  await testimonials.scrollIntoViewIfNeeded()
  await page.mouse.wheel(0, 300)
  await expect(testimonials).toHaveAttribute('data-reveal', 'shown')
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.goto('/')
  await waitForHydration(page)
  await expect(page.locator('[data-reveal]').filter({ hasText: 'What our clients say' })).toHaveAttribute('data-reveal', 'static')
})

test('a code chunk that fails to load reloads the page, at most once per 60 seconds (requirements §8)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 700 })
  await page.route(/\/assets\/testimonials-[\w-]+\.js$/, (route) => route.abort())
  let loads = 0
  page.on('load', () => loads++)
  await page.goto('/')
  await waitForHydration(page)
  expect(loads).toBe(1)
  await page.getByRole('heading', { name: 'What our clients say' }).scrollIntoViewIfNeeded()
  await expect.poll(() => loads).toBe(2)
  expect(await page.evaluate(() => sessionStorage.getItem('chunk-reload-at'))).toMatch(/^\d+$/)
  // The server's markup is still there to read.
  await expect(page.getByText('They answered in under a minute', { exact: false })).toBeAttached()
  // A second failure within the minute does not reload again.
  await waitForHydration(page)
  await page.getByRole('heading', { name: 'What our clients say' }).scrollIntoViewIfNeeded()
  await page.waitForTimeout(1500)
  expect(loads).toBe(2)
})

// Requirements §8 and decision 062: a reload is for the visitor who waits for the code, never for a fetch ahead of need.

test('code fetched ahead of need that fails to load leaves the page as it is; opening the menu that needs it reloads (docs/decisions/062)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 700 })
  // The desktop's menus are fetched at idle time; a post's route is preloaded as its link comes into view.
  const menus = await failChunk(page, 'menu-popover')
  const postRoute = await failChunk(page, '_slug')
  const loads = loadCount(page)
  await page.goto('/')
  await waitForHydration(page)
  await markPage(page)
  await expect.poll(() => menus.length, aheadOfNeedTimeout).toBeGreaterThan(0)
  await page.getByRole('heading', { name: 'From the blog' }).scrollIntoViewIfNeeded()
  await expect.poll(() => postRoute.length, aheadOfNeedTimeout).toBeGreaterThan(0)
  // Time for a reload to start, were one coming.
  await page.waitForTimeout(1000)
  expect(loads()).toBe(1)
  expect(await isSamePage(page)).toBe(true)
  // The visitor opens a menu: now the code is needed, it fails again, and the page reloads.
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
  await page.getByRole('button', { name: 'Services' }).click()
  await expect.poll(loads).toBe(2)
  expect(await reloadClaimed(page)).toBe(true)
})

test("following a link whose route's code fails to load reloads the page by the site's rule, once (docs/decisions/062)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 700 })
  await failChunk(page, '_slug')
  const loads = loadCount(page)
  await page.goto('/')
  await waitForHydration(page)
  const post = page.locator('[data-section="blog_teaser"] a[href^="/blog/"]').first()
  await post.scrollIntoViewIfNeeded()
  // The teaser's own links, once its part has rendered: before, the server's link is followed as
  // a page load, which a loaded machine reached first (ci111), not the app's navigation tested here.
  await waitForElementHydrated(post)
  const href = await post.getAttribute('href')
  await post.click()
  await expect.poll(loads).toBe(2)
  await expect(page).toHaveURL(new RegExp(`${href}$`))
  // The site's guard took the reload (the router's own, once per message and offline too, is not in the build)…
  expect(await reloadClaimed(page)).toBe(true)
  expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('tanstack_router_reload')))).toEqual([])
  // …and within its minute, the chunk still missing, the page stays: no loop.
  await page.waitForTimeout(1500)
  expect(loads()).toBe(2)
})

test("a form's code fetched ahead that fails to load leaves the page as it is; the form coming near reloads it (docs/decisions/062)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const formChunks = await failChunk(page, 'form-(section|view)')
  const loads = loadCount(page)
  await page.goto('/services/cyber-security')
  await waitForHydration(page)
  await markPage(page)
  // A visitor reads towards the form: a few screens before it, its code is fetched, and fails.
  const form = page.locator('[data-section="contact_form"]')
  const formTop = await form.evaluate((element) => element.getBoundingClientRect().top + window.scrollY)
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), formTop - 844 - 2000)
  await expect.poll(() => formChunks.length, aheadOfNeedTimeout).toBeGreaterThan(0)
  await page.waitForTimeout(1000)
  expect(loads()).toBe(1)
  expect(await isSamePage(page)).toBe(true)
  await form.scrollIntoViewIfNeeded()
  await expect.poll(loads).toBe(2)
  expect(await reloadClaimed(page)).toBe(true)
})

test('the request behind "Load more" or a popup failing for want of its code reloads the page (requirements §8)', async ({ context }) => {
  // The server functions' chunk: the links' route preloads fail quietly; the press that needs it reloads. Each
  // visit in a tab of its own, with its own session storage, where the guard keeps the time of its reload.
  for (const [path, press] of [
    ['/blog', (on: Page) => on.getByRole('link', { name: 'Load more posts' }).click()],
    ['/about', (on: Page) => on.locator('a[href="#popup-newsletter"]').first().click()],
  ] as const) {
    const visit = await context.newPage()
    await failChunk(visit, 'content.functions')
    const loads = loadCount(visit)
    await visit.goto(path)
    await waitForHydration(visit)
    await press(visit)
    await expect.poll(loads, { message: path }).toBe(2)
    // A reload of the same address, by the rule: not the link followed to `?page=2`.
    expect(new URL(visit.url()).pathname + new URL(visit.url()).search).toBe(path)
    expect(await reloadClaimed(visit)).toBe(true)
    await visit.close()
  }
})

test('the fallback font lays pages out as Inter does, so a late web font moves nothing', async ({ browser }) => {
  // Six full visits, each in a new context and waiting for hydration, the fonts and a still layout:
  // more than the suite's 30 s on a loaded 2-core machine, so three times that.
  test.slow()
  // Per weight (app/styles.css): the fallback scaled for regular text once wrapped this heading on 2 lines where Inter takes 3.
  // The header, the page's heading and its content; the footer, below everything, may still wrap one small line differently.
  for (const [path, width] of [
    ['/services/cyber-security', 1280],
    ['/', 390],
    ['/de/landing/managed-it-support', 390],
  ] as const) {
    const layouts: number[][] = []
    for (const webFonts of [false, true]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } })
      const page = await context.newPage()
      if (!webFonts) await page.route('**/*.woff2', (route) => route.abort())
      await page.goto(path)
      await waitForHydration(page)
      // Every section at its real height (none skipping its rendering far from the viewport, decision 048): the fonts' heights are compared.
      await page.addStyleTag({ content: '[data-below-fold] { content-visibility: visible !important; }' })
      await page.evaluate(() => document.fonts.ready)
      const families = await page.evaluate(() => [...document.fonts].filter((font) => font.status === 'loaded').map((font) => font.family))
      expect(families.includes('Inter'), `${path}: web fonts ${webFonts ? 'used' : 'blocked'}`).toBe(webFonts)
      // Measured once the layout holds still: a section that is still settling (an image or a deferred part arriving
      // under load) moves a height by a few pixels for a moment, which is not the font's doing; a font that lays out
      // otherwise keeps its difference.
      const heights = () =>
        page.evaluate(() =>
          ['header', 'h1', 'main'].map((selector) => Math.round(document.querySelector(selector)!.getBoundingClientRect().height)),
        )
      let settled = await heights()
      for (let tries = 0; tries < 10; tries++) {
        await page.waitForTimeout(300)
        const again = await heights()
        if (again.join() === settled.join()) break
        settled = again
      }
      layouts.push(settled)
      await context.close()
    }
    expect(layouts[0], `${path} at ${width} px: header, h1 and main heights in the fallback and in Inter`).toEqual(layouts[1])
  }
})

test('the page does not move sideways when it grows taller than the window and a scrollbar appears', async ({ playwright, baseURL }) => {
  // Playwright hides scrollbars in headless Chromium; desktop browsers on Windows and Linux show them, and take their
  // width from the page. A page is shorter than the window at its first paint, then longer: Lighthouse saw the header
  // move 7 px sideways on home at desktop width, a layout shift of 0.0006.
  const browser = await playwright.chromium.launch({
    executablePath: chromiumPath,
    args: chromiumFlags,
    ignoreDefaultArgs: ['--hide-scrollbars'],
  })
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, baseURL, storageState: 'tests/e2e/decided-consent.json' })
    await page.goto('/services/cyber-security')
    await waitForHydration(page)
    // The navigation bar, centred in the page's width.
    const headerLeft = () => page.evaluate(() => document.querySelector('header > .max-w-site')!.getBoundingClientRect().left)
    expect(await page.evaluate(() => window.innerWidth - document.documentElement.clientWidth), 'scrollbars are shown').toBeGreaterThan(0)
    const long = await headerLeft()
    await page.evaluate(() => {
      // Everything but the header, as if the rest had not arrived yet.
      const header = document.querySelector('header')!
      for (let part: Element = header; part.parentElement; part = part.parentElement)
        for (const sibling of part.parentElement.children) if (sibling !== part) (sibling as HTMLElement).style.display = 'none'
    })
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight), 'the page is now shorter').toBe(true)
    expect(await headerLeft()).toBe(long)
  } finally {
    await browser.close()
  }
})
