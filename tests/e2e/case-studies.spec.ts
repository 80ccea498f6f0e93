import { mkdirSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations, waitForHydration, watchConsole } from './helpers'

/**
 * A content type beyond pages and posts (decision 029): the demo's case studies on the
 * embedded CMS, in both locales, at a phone's and a desktop's width, in both themes:
 * the listing, one case study with its head, breadcrumbs and facts, its sitemap entry and
 * a search hit. Screenshots go to .cache/screenshots/case-studies/ for a person to look at.
 */
const SITE = 'https://www.kestrel-it.example'
const studies = {
  en: {
    listing: '/case-studies',
    listingTitle: 'Case studies',
    kind: 'Case study',
    home: 'Home',
    crumbs: 'Breadcrumb',
    item: '/case-studies/northgate-logistics-microsoft-365-migration',
    title: 'Northgate Logistics: from an ageing mail server to Microsoft 365 in one weekend',
    fact: ['Industry', 'Logistics and warehousing'],
    facts: 'At a glance',
    search: 'veterinary',
    hit: '/case-studies/harrow-veterinary-group-network-refresh',
  },
  de: {
    listing: '/de/fallstudien',
    listingTitle: 'Fallstudien',
    kind: 'Fallstudie',
    home: 'Startseite',
    crumbs: 'Brotkrümelnavigation',
    item: '/de/fallstudien/northgate-logistics-umzug-microsoft-365',
    title: 'Northgate Logistics: vom alten Mailserver zu Microsoft 365 an einem Wochenende',
    fact: ['Branche', 'Logistik und Lagerhaltung'],
    facts: 'Auf einen Blick',
    search: 'Tierarztpraxen',
    hit: '/de/fallstudien/harrow-veterinary-group-netzwerk',
  },
} as const
const alternates = [
  ['en', `${SITE}${studies.en.item}`],
  ['de', `${SITE}${studies.de.item}`],
  ['x-default', `${SITE}${studies.en.item}`],
]

mkdirSync('.cache/screenshots/case-studies', { recursive: true })

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `.cache/screenshots/case-studies/${name}.png`, fullPage: true })
}

for (const locale of ['en', 'de'] as const) {
  const study = studies[locale]

  test(`the case study listing (${locale}) lists every study, each linking to its page`, async ({ page }) => {
    const problems = watchConsole(page)
    const response = await page.goto(study.listing)
    expect(response?.status()).toBe(200)
    await waitForHydration(page)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(study.listingTitle)
    const list = page.getByTestId('post-list')
    await expect(list.getByRole('listitem')).toHaveCount(3)
    const crumbs = page.getByRole('navigation', { name: study.crumbs })
    await expect(crumbs.getByRole('link')).toHaveText([study.home, study.listingTitle])
    await list.getByRole('link', { name: study.title }).click()
    await expect(page).toHaveURL(new RegExp(`${study.item}$`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(study.title)
    expect(problems()).toEqual([])
  })

  test(`a case study (${locale}) has its head, breadcrumbs, facts and language link`, async ({ page }) => {
    const problems = watchConsole(page)
    const response = await page.goto(study.item)
    expect(response?.status()).toBe(200)
    await waitForHydration(page)
    await expect(page.locator('html')).toHaveAttribute('lang', locale)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(study.title)
    await expect(page).toHaveTitle(new RegExp(study.title.slice(0, 20)))
    const head = await page.evaluate(() => ({
      canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
      alternates: [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((link) => [
        link.getAttribute('hreflang'),
        link.getAttribute('href'),
      ]),
      description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
      ogType: document.querySelector('meta[property="og:type"]')?.getAttribute('content'),
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map(
        (script) => JSON.parse(script.textContent ?? '{}') as Record<string, unknown>,
      ),
    }))
    expect(head.canonical).toBe(`${SITE}${study.item}`)
    expect(head.alternates).toEqual(alternates)
    expect(head.description).toBeTruthy()
    expect(head.ogType).toBe('article')
    expect(head.jsonLd.find((schema) => schema['@type'] === 'Article')).toMatchObject({ headline: study.title, inLanguage: locale })
    const breadcrumbList = head.jsonLd.find((schema) => schema['@type'] === 'BreadcrumbList') as {
      itemListElement: Array<{ item: string }>
    }
    expect(breadcrumbList.itemListElement.map((entry) => entry.item)).toEqual([
      `${SITE}${locale === 'en' ? '/' : '/de'}`,
      `${SITE}${study.listing}`,
      `${SITE}${study.item}`,
    ])
    const crumbs = page.getByRole('navigation', { name: study.crumbs })
    await expect(crumbs.getByRole('link')).toHaveText([study.home, study.listingTitle, study.title])
    const facts = page.getByRole('complementary', { name: study.facts })
    await expect(facts.getByRole('definition').filter({ hasText: study.fact[1] })).toBeVisible()
    await expect(facts.getByRole('term').filter({ hasText: study.fact[0] })).toBeVisible()
    expect(problems()).toEqual([])
    // The language switcher leads to the translation, under the other locale's base path.
    const other = locale === 'en' ? 'de' : 'en'
    await page.getByTestId('language-button').first().click()
    await page.getByRole('menuitemradio', { name: other === 'de' ? 'Deutsch' : 'English' }).click()
    await expect(page).toHaveURL(new RegExp(`${studies[other].item}$`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(studies[other].title)
  })

  test(`the sitemap lists the case study (${locale}) with its translation, and the search finds it`, async ({ page, request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text()
    const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1] ?? '')
    expect(locations).toContain(`${SITE}${study.item}`)
    expect(locations).toContain(`${SITE}${study.listing}`)
    // The translation is its hreflang alternate.
    const other = studies[locale === 'en' ? 'de' : 'en']
    expect(sitemap).toMatch(
      new RegExp(`<loc>${SITE}${study.item}</loc>[^]*?hreflang="${locale === 'en' ? 'de' : 'en'}" href="${SITE}${other.item}"`),
    )
    await page.goto(`${locale === 'en' ? '/' : '/de'}?s=${study.search}`)
    const results = page.getByTestId('search-results')
    await expect(results.getByRole('listitem').first()).toContainText(study.kind)
    await results.getByRole('link').first().click()
    await expect(page).toHaveURL(new RegExp(`${study.hit}$`))
  })
}

test('an unknown case study and a case study path in the wrong language are the site’s 404', async ({ page }) => {
  for (const path of [
    '/case-studies/no-such-study',
    '/fallstudien',
    '/de/case-studies/northgate-logistics-microsoft-365-migration',
    '/case-studies/a/b',
  ]) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(404)
    await expect(page.getByText('This page was not found.').or(page.getByText('Diese Seite wurde nicht gefunden.'))).toBeVisible()
  }
})

// Requirements §11.4: both themes, at a phone's and a desktop's width; each screenshot is looked at.
for (const width of [390, 1280] as const) {
  for (const locale of ['en', 'de'] as const) {
    test(`the listing and a case study (${locale}) pass axe in the light and dark themes at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 })
      for (const path of [studies[locale].listing, studies[locale].item]) {
        await page.emulateMedia({ colorScheme: 'light' })
        await page.goto(path)
        await waitForHydration(page)
        await expect(page.locator('html')).toHaveAttribute('data-theme', 'light')
        await expectNoAxeViolations(page)
        const name = `${locale}-${path === studies[locale].listing ? 'listing' : 'item'}-${width}`
        await shoot(page, `${name}-light`)
        await page.emulateMedia({ colorScheme: 'dark' })
        await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
        await expectNoAxeViolations(page, { coloursOnly: true })
        await shoot(page, `${name}-dark`)
      }
    })
  }
}
