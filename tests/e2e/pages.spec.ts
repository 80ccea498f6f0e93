import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, recordPageAtTimeout, waitForHydration, watchConsole } from './helpers'
import { demoPages, demoPageUrl, pageTypes } from './page-types'

/**
 * The URLs demo-pages.spec.ts already runs axe on, in both themes and in both projects: the
 * same page, at the same width, in the same theme. A page type served by one of them is
 * checked here for what this spec adds (status, language, theme, heading, title, console).
 */
const axeInDemoPages = new Set((['en', 'de'] as const).flatMap((locale) => demoPages(locale).map((demo) => demoPageUrl(locale, demo))))

test.afterEach(recordPageAtTimeout)

// Requirements §11.4: every page type in both colour themes (the visitor's system setting; no choice stored).
for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme })
    for (const type of pageTypes) {
      for (const locale of ['en', 'de'] as const) {
        test(`${type.name} (${locale}) renders, hydrates cleanly and passes axe${axeInDemoPages.has(type[locale]) ? ' (in demo-pages.spec.ts)' : ''}`, async ({
          page,
        }) => {
          const problems = watchConsole(page)
          const response = await page.goto(type[locale])
          expect(response?.status()).toBe(type.status ?? 200)
          await waitForHydration(page)
          await expect(page.locator('html')).toHaveAttribute('lang', locale)
          await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme)
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(type.heading[locale])
          await expect(page.locator('h1')).toHaveCount(1)
          await expect(page).toHaveTitle(/\S/)
          if (!axeInDemoPages.has(type[locale])) await expectNoAxeViolations(page)
          // A 404 document logs the failed request itself; nothing else may appear.
          const expected = type.status === 404 ? /Failed to load resource.*404/ : /^$/
          expect(problems().filter((line) => !expected.test(line))).toEqual([])
        })
      }
    }
  })
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

test('the error screens say it word for word: a page the backend lacks, and a path that cannot be a page', async ({ page }) => {
  // The fallback for an error screen that fails itself needs a build that breaks it: tests/integration/test-build.test.ts.
  for (const [path, status] of [
    ['/no-such-page', 'This page was not found.'],
    ['/not.a.page', 'This page could not be found.'],
  ] as const) {
    const response = await page.goto(path)
    expect(response?.status()).toBe(404)
    const screen = page.getByRole('main')
    await expect(screen.getByRole('heading', { level: 1 })).toHaveText('WHOOPS!')
    await expect(screen.getByText(status, { exact: true })).toBeVisible()
    await expect(screen.getByText("It looks like the page you're looking for doesn't exist.", { exact: true })).toBeVisible()
    await expect(screen.getByRole('link', { name: 'GO TO HOMEPAGE' })).toBeVisible()
  }
})
