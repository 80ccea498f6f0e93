import { expect, test, type Page } from '@playwright/test'
import { baseUrl } from '../../playwright.config'
import { waitForHydration } from './helpers'

const SITE = 'https://www.kestrel-it.example'
const documents = [
  { name: 'home', en: '/', de: '/de', enUrl: `${SITE}/`, deUrl: `${SITE}/de` },
  { name: 'page', en: '/about', de: '/de/about', enUrl: `${SITE}/about`, deUrl: `${SITE}/de/about` },
  {
    name: 'post',
    en: '/blog/phishing-training-that-staff-do-not-hate',
    de: '/de/blog/phishing-training-that-staff-do-not-hate',
    enUrl: `${SITE}/blog/phishing-training-that-staff-do-not-hate`,
    deUrl: `${SITE}/de/blog/phishing-training-that-staff-do-not-hate`,
  },
]

async function headSnapshot(page: Page) {
  return page.evaluate(() => ({
    titles: document.querySelectorAll('title').length,
    descriptions: document.querySelectorAll('meta[name="description"]').length,
    canonicals: [...document.querySelectorAll('link[rel="canonical"]')].map((link) => link.getAttribute('href')),
    alternates: [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((link) => [
      link.getAttribute('hreflang'),
      link.getAttribute('href'),
    ]),
    jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((script) => script.textContent ?? ''),
    ogUrl: document.querySelector('meta[property="og:url"]')?.getAttribute('content'),
  }))
}

for (const doc of documents) {
  for (const locale of ['en', 'de'] as const) {
    test(`${doc.name} (${locale}): one title, description and canonical, the hreflang set and valid JSON-LD, before and after hydration and navigation`, async ({
      page,
    }) => {
      const ownUrl = locale === 'en' ? doc.enUrl : doc.deUrl
      const check = async () => {
        const head = await headSnapshot(page)
        expect(head.titles).toBe(1)
        expect(head.descriptions).toBe(1)
        expect(head.canonicals).toEqual([ownUrl])
        expect(head.ogUrl).toBe(ownUrl)
        expect(head.alternates).toEqual([
          ['en', doc.enUrl],
          ['de', doc.deUrl],
          ['x-default', doc.enUrl],
        ])
        const types = head.jsonLd.map((text) => (JSON.parse(text) as { '@type': string })['@type'])
        expect(types).toContain('Organization')
        expect(types).toContain('WebSite')
        if (doc.name === 'post') expect(types).toContain('BlogPosting')
        if (doc.name !== 'home') expect(types).toContain('BreadcrumbList')
        expect(new Set(head.jsonLd).size).toBe(head.jsonLd.length)
      }
      await page.goto(doc[locale])
      await waitForHydration(page)
      await check()
      // Client navigation away and back must not leave duplicate or stale tags.
      await page.getByRole('link', { name: 'Blog', exact: true }).first().click()
      await expect(page).toHaveURL(locale === 'en' ? /\/blog$/ : /\/de\/blog$/)
      await page.goBack()
      await expect(page).toHaveURL(new RegExp(`${doc[locale].replace(/\//g, '\\/')}$`))
      await check()
    })
  }
}

test('search results and the login page are noindex', async ({ request }) => {
  for (const path of ['/?s=backup', '/login', '/de/login']) {
    const html = await (await request.get(path)).text()
    expect(html).toMatch(/<meta name="robots" content="noindex, follow"[^>]*\/>/)
  }
})

test('the sitemap lists public pages and posts in both locales, and robots.txt points at it', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text()
  expect(sitemap).toContain(`<loc>${SITE}/de/about</loc>`)
  expect(sitemap).toContain(`<loc>${SITE}/blog/phishing-training-that-staff-do-not-hate</loc>`)
  expect(sitemap).not.toContain('/login<')
  expect(sitemap).not.toContain('withdrawn-offer')
  expect(sitemap).not.toContain('?s=')
  const robots = await (await request.get('/robots.txt')).text()
  expect(robots).toContain(`Sitemap: ${SITE}/sitemap.xml`)
  const manifest = await (await request.get('/manifest.webmanifest')).json()
  expect(manifest.icons.length).toBeGreaterThan(1)
})

test('a visitor whose lang cookie says de lands on /de, crawlers without the cookie do not', async ({ page, context, request }) => {
  await context.addCookies([{ name: 'lang', value: 'de', url: baseUrl }])
  await page.goto('/about')
  await expect(page).toHaveURL(/\/de\/about$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  await page.goto('/')
  await expect(page).toHaveURL(/\/de$/)
  const crawler = await request.get('/about', { maxRedirects: 0, headers: { 'sec-fetch-dest': 'document' } })
  expect(crawler.status()).toBe(200)
  const remembered = await request.get('/about', { maxRedirects: 0, headers: { 'sec-fetch-dest': 'document', cookie: 'lang=de' } })
  expect(remembered.status()).toBe(307)
  expect(remembered.headers()['cache-control']).toBe('private, no-store')
})

for (const path of ['/about', '/blog/phishing-training-that-staff-do-not-hate', '/landing/managed-it-support']) {
  test(`the language switch round-trips on ${path}`, async ({ page }) => {
    await page.goto(path)
    await waitForHydration(page)
    await page.getByTestId('language-button').first().click()
    await page.getByRole('menuitemradio', { name: 'Deutsch' }).click()
    await expect(page).toHaveURL(new RegExp(`/de${path.replace(/\//g, '\\/')}$`))
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    await waitForHydration(page)
    await page.getByTestId('language-button').first().click()
    await page.getByRole('menuitemradio', { name: 'English' }).click()
    await expect(page).toHaveURL(new RegExp(`127\\.0\\.0\\.1:\\d+${path.replace(/\//g, '\\/')}$`))
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  })
}
