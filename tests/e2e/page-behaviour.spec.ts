/** Page-level behaviour checked at one desktop viewport (not part of the phone project). */
import { expect, test } from '@playwright/test'
import { waitForHydration, watchConsole } from './helpers'

test('sections below the fold arrive with the HTML, but their code loads only when scrolled near', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 700 })
  const chunks: string[] = []
  page.on('request', (request) => {
    if (/\/assets\/(faq|call-to-action|testimonials)-[\w-]+\.js$/.test(new URL(request.url()).pathname)) chunks.push(request.url())
  })
  const problems = watchConsole(page)
  const response = await page.goto('/')
  expect(await response?.text()).toContain('Frequently asked questions')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeAttached()
  // The FAQ is far below a 700 px viewport: its code has not been asked for.
  expect(chunks.filter((url) => url.includes('/faq-'))).toEqual([])
  await page.getByRole('heading', { name: 'Frequently asked questions' }).scrollIntoViewIfNeeded()
  await expect.poll(() => chunks.some((url) => url.includes('/faq-'))).toBe(true)
  // Once loaded, the accordion works.
  const question = page.getByRole('button', { name: 'How quickly do you answer?' })
  await question.click()
  await expect(question).toHaveAttribute('aria-expanded', 'true')
  await expect(page.getByText('Every call during business hours is answered within 60 seconds')).toBeVisible()
  expect(problems()).toEqual([])
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

test('a code chunk that fails to load reloads the page, at most once per 60 seconds (SPEC §8)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 700 })
  await page.route(/\/assets\/faq-[\w-]+\.js$/, (route) => route.abort())
  let loads = 0
  page.on('load', () => loads++)
  await page.goto('/')
  await waitForHydration(page)
  expect(loads).toBe(1)
  await page.getByRole('heading', { name: 'Frequently asked questions' }).scrollIntoViewIfNeeded()
  await expect.poll(() => loads).toBe(2)
  expect(await page.evaluate(() => sessionStorage.getItem('chunk-reload-at'))).toMatch(/^\d+$/)
  // The server's markup is still there to read.
  await expect(page.getByText('How quickly do you answer?')).toBeAttached()
  // A second failure within the minute does not reload again.
  await waitForHydration(page)
  await page.getByRole('heading', { name: 'Frequently asked questions' }).scrollIntoViewIfNeeded()
  await page.waitForTimeout(1500)
  expect(loads).toBe(2)
})
