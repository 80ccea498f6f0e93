import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, waitForHydration, watchConsole } from './helpers'

const pageTypes: Array<{ name: string; en: string; de: string; heading: { en: RegExp; de: RegExp }; status?: number }> = [
  { name: 'home', en: '/', de: '/de', heading: { en: /Your IT, handled/, de: /Ihre IT ist erledigt/ } },
  { name: 'page', en: '/about', de: '/de/about', heading: { en: /^About us$/, de: /^Über uns$/ } },
  {
    name: 'landing page',
    en: '/landing/managed-it-support',
    de: '/de/landing/managed-it-support',
    heading: { en: /Unlimited IT support/, de: /Unbegrenzter IT-Support/ },
  },
  { name: 'blog', en: '/blog', de: '/de/blog', heading: { en: /^Blog$/, de: /^Blog$/ } },
  { name: 'category', en: '/blog/category/guides', de: '/de/blog/category/guides', heading: { en: /Category: Guides/, de: /Kategorie: Ratgeber/ } },
  { name: 'tag', en: '/blog/tag/security', de: '/de/blog/tag/security', heading: { en: /Posts tagged “Security”/, de: /Schlagwort „Sicherheit“/ } },
  {
    name: 'article',
    en: '/blog/five-signs-your-backups-will-not-restore',
    de: '/de/blog/five-signs-your-backups-will-not-restore',
    heading: { en: /Five signs your backups/, de: /Fünf Anzeichen/ },
  },
  { name: 'search', en: '/?s=backups', de: '/de?s=backups', heading: { en: /Search results for “backups”/, de: /Suchergebnisse für „backups“/ } },
  { name: 'login', en: '/login', de: '/de/login', heading: { en: /^Log in$/, de: /^Anmelden$/ } },
  { name: 'not found', en: '/no-such-page', de: '/de/no-such-page', heading: { en: /WHOOPS!/, de: /WHOOPS!/ }, status: 404 },
]

for (const type of pageTypes) {
  for (const locale of ['en', 'de'] as const) {
    test(`${type.name} (${locale}) renders, hydrates cleanly and passes axe`, async ({ page }) => {
      const problems = watchConsole(page)
      const response = await page.goto(type[locale])
      expect(response?.status()).toBe(type.status ?? 200)
      await waitForHydration(page)
      await expect(page.locator('html')).toHaveAttribute('lang', locale)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(type.heading[locale])
      await expect(page.locator('h1')).toHaveCount(1)
      await expect(page).toHaveTitle(/\S/)
      await expectNoAxeViolations(page)
      // A 404 document logs the failed request itself; nothing else may appear.
      const expected = type.status === 404 ? /Failed to load resource.*404/ : /^$/
      expect(problems().filter((line) => !expected.test(line))).toEqual([])
    })
  }
}

test('the tab title is the organization name when a page has no title', async ({ page }) => {
  await page.goto('/no-such-page')
  await expect(page).toHaveTitle('Kestrel IT Support')
})

test('the error screen links to the company main site', async ({ page }) => {
  await page.goto('/no-such-page')
  await expect(page.getByRole('link', { name: 'GO TO HOMEPAGE' })).toHaveAttribute('href', 'https://www.kestrel-it.example/')
  await expect(page.getByText('This page was not found.')).toBeVisible()
})

test('sections below the fold arrive with the HTML, but their code loads only when scrolled near', async ({ page }) => {
  test.skip(test.info().project.name !== 'desktop', 'one viewport is enough')
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
  test.skip(test.info().project.name !== 'desktop', 'one viewport is enough')
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
  test.skip(test.info().project.name !== 'desktop', 'one viewport is enough')
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
