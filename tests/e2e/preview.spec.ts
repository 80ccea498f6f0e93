import { createHmac } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { PREVIEW_SECRET } from '../../playwright.config'
import { waitForHydration } from './helpers'

/** The partner programme page: a draft in both locales (content/{en,de}/pages/partner-programme.json). */
const DRAFT_ID = '40'
const DRAFT_PHRASE = 'Revenue share from'
function link(path: string, id: string, expires: number, secret = PREVIEW_SECRET) {
  const token = createHmac('sha256', secret).update(`${id}.${expires}`).digest('hex')
  return `${path}?preview=true&p=${id}&expires=${expires}&token=${token}`
}
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600

test('a draft is not reachable without a valid token', async ({ request }) => {
  const expired = Math.floor(Date.now() / 1000) - 10
  const cases = [
    '/partner-programme',
    `/partner-programme?preview=true&p=${DRAFT_ID}`,
    link('/partner-programme', DRAFT_ID, expired),
    link('/partner-programme', DRAFT_ID, inAnHour(), 'another-secret-0123456789abcdef0123456'),
    link('/partner-programme', DRAFT_ID, inAnHour()).replace(/token=[0-9a-f]{4}/, 'token=0000'),
    link('/partner-programme', '41', inAnHour()).replace('p=41', `p=${DRAFT_ID}`),
  ]
  for (const url of cases) {
    const response = await request.get(url)
    expect(response.status(), url).toBe(404)
    expect(await response.text()).not.toContain(DRAFT_PHRASE)
  }
  const sitemap = await (await request.get('/sitemap.xml')).text()
  expect(sitemap).not.toContain('partner-programme')
})

test('with a valid token the draft renders, uncached and noindex, with a Preview ribbon', async ({ page, request }) => {
  const url = link('/partner-programme', DRAFT_ID, inAnHour())
  const response = await request.get(url)
  expect(response.status()).toBe(200)
  expect(response.headers()['cache-control']).toBe('private, no-store')
  const html = await response.text()
  expect(html).toContain(DRAFT_PHRASE)
  expect(html).toMatch(/<meta name="robots" content="noindex, follow"[^>]*\/>/)
  await page.goto(url)
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Partner programme')
  const ribbon = page.getByTestId('preview-ribbon')
  await expect(ribbon).toContainText('Preview')
  await ribbon.getByRole('link', { name: 'Exit preview' }).click()
  await expect(page).toHaveURL(/\/partner-programme$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('WHOOPS!')
})

test('the German draft previews under /de and the admin bar offers its preview link', async ({ page }) => {
  await page.goto(link('/de/partner-programme', DRAFT_ID, inAnHour()) + '&dev=true')
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Partnerprogramm')
  await expect(page.getByRole('main')).toContainText(DRAFT_PHRASE)
  await expect(page.getByRole('region', { name: 'Entwicklermodus' }).getByRole('button', { name: 'Vorschaulink kopieren' })).toBeVisible()
})
