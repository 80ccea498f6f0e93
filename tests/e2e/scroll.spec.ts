/**
 * Where a page lands (requirements §9): a new page starts at the top, Back returns to where
 * the visitor was, and a hash link puts its target below the navigation bar rather than
 * under it. Run at phone and desktop width (playwright.config.ts), where the bar differs.
 */
import { expect, test, type Page } from '@playwright/test'
import { siteConfig } from '../../app/config/site'
import { waitForHydration } from './helpers'

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY))

test('a new page starts at the top, and Back returns to where the visitor left the page', async ({ page }) => {
  await page.goto('/services/help-desk-support')
  await waitForHydration(page)
  // A link far down the page (in the footer), followed in the app (no full load).
  const link = page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' })
  await link.scrollIntoViewIfNeeded()
  // Where the link sat in the window at the moment of the click: what the visitor saw.
  await page.evaluate(() =>
    document.addEventListener(
      'click',
      (event) => Object.assign(window, { leftAt: Math.round((event.target as Element).getBoundingClientRect().top) }),
      { capture: true, once: true },
    ),
  )
  expect(await scrollY(page)).toBeGreaterThan(1000)
  await link.click()
  const seenAt = await page.evaluate(() => (window as unknown as { leftAt: number }).leftAt)
  await expect(page).toHaveURL(/\/privacy$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect.poll(() => scrollY(page)).toBe(0)

  // Back: the same part of the page in the same place (the browser may have shifted the
  // offset to keep it there, if something above it changed height as it loaded).
  await page.goBack()
  await expect(page).toHaveURL(/\/services\/help-desk-support$/)
  const top = async () => Math.round((await link.boundingBox())?.y ?? Number.NaN)
  await expect.poll(top).toBeGreaterThan(seenAt - 6)
  expect(Math.abs((await top()) - seenAt)).toBeLessThanOrEqual(5)
  expect(await scrollY(page)).toBeGreaterThan(1000)
})

test('a hash link lands below the navigation bar', async ({ page }, info) => {
  const phone = info.project.name === 'phone'
  const offset = phone ? siteConfig.header.navHeightPx.mobile : siteConfig.header.navHeightPx.desktop
  const path = '/blog/moving-an-architecture-practice-to-the-cloud'
  await page.goto(`${path}#the-weekend`)
  await waitForHydration(page)
  const heading = page.getByRole('heading', { level: 2, name: 'The weekend' })
  await expect(heading).toHaveAttribute('id', 'the-weekend')
  const top = async () => Math.round((await heading.boundingBox())?.y ?? -1)
  await expect.poll(top).toBeGreaterThanOrEqual(offset)
  expect(await top()).toBeLessThan(offset + 40)
  // Nothing covers it: the element at the heading's first line is the heading itself.
  const box = (await heading.boundingBox())!
  expect(await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('h2')?.id, [box.x + 4, box.y + 4])).toBe('the-weekend')
})

test('a visitor who scrolls while the page is still loading its code stays where they scrolled to', async ({ page }) => {
  // The page's code held back, as on a slow phone where it runs long after the page is shown.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/services/help-desk-support', { waitUntil: 'domcontentloaded' })
  await page.evaluate(() => window.scrollTo({ top: 1200, behavior: 'instant' }))
  expect(await scrollY(page)).toBe(1200)
  release()
  await waitForHydration(page)
  // The router's first render in the browser used to scroll a fresh visit back to the top.
  await page.waitForTimeout(300)
  expect(await scrollY(page)).toBe(1200)
  // Later renders are the router's as before: a link still starts its page at the top.
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click()
  await expect(page).toHaveURL(/\/privacy$/)
  await expect.poll(() => scrollY(page)).toBe(0)
})
