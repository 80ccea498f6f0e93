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
  {
    name: 'category',
    en: '/blog/category/guides',
    de: '/de/blog/category/guides',
    heading: { en: /Category: Guides/, de: /Kategorie: Ratgeber/ },
  },
  {
    name: 'tag',
    en: '/blog/tag/security',
    de: '/de/blog/tag/security',
    heading: { en: /Posts tagged “Security”/, de: /Schlagwort „Sicherheit“/ },
  },
  {
    name: 'article',
    en: '/blog/five-signs-your-backups-will-not-restore',
    de: '/de/blog/five-signs-your-backups-will-not-restore',
    heading: { en: /Five signs your backups/, de: /Fünf Anzeichen/ },
  },
  {
    name: 'search',
    en: '/?s=backups',
    de: '/de?s=backups',
    heading: { en: /Search results for “backups”/, de: /Suchergebnisse für „backups“/ },
  },
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
