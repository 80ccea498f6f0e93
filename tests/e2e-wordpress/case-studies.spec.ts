/**
 * Case studies on WordPress (decision 029): the seeded ones on the site, and one an editor
 * creates through WordPress's REST API appearing in the listing and at its own path once
 * the plugin's revalidation call has purged the site's copies.
 */
import { expect, test } from '@playwright/test'
import { REVALIDATE_SECRET, SITE_URL, WORDPRESS_URL } from '../../playwright.wordpress.config'
import { wordpressAuth } from '../contract/backend'
import { expectNoAxeViolations, waitForHydration, watchConsole } from '../e2e/helpers'

async function call(method: string, route: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${WORDPRESS_URL}/api${route}`, {
    method,
    headers: { authorization: wordpressAuth(), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as unknown }
}

test('the seeded case studies: the listing, one study with its facts, and the German listing', async ({ page }) => {
  const problems = watchConsole(page)
  expect((await page.goto('/case-studies'))?.status()).toBe(200)
  await waitForHydration(page)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Case studies')
  await expect(page.getByTestId('post-list').getByRole('listitem')).toHaveCount(3)
  await page.getByRole('link', { name: 'Northgate Logistics: from an ageing mail server to Microsoft 365 in one weekend' }).click()
  await expect(page).toHaveURL(/\/case-studies\/northgate-logistics-microsoft-365-migration$/)
  await expect(
    page.getByRole('complementary', { name: 'At a glance' }).getByRole('definition').filter({ hasText: 'Logistics and warehousing' }),
  ).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link')).toHaveText([
    'Home',
    'Case studies',
    'Northgate Logistics: from an ageing mail server to Microsoft 365 in one weekend',
  ])
  await expectNoAxeViolations(page)
  expect((await page.goto('/de/fallstudien'))?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fallstudien')
  expect(problems()).toEqual([])
})

test('a case study created in WordPress appears in the listing and at its path after the revalidation call', async ({ page }) => {
  const settings = (await call('GET', '/kestrel/v1/settings')).body as { site_url?: string; revalidate_secret?: string }
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  const title = `Brightwater Dental: a new practice online in a week ${stamp}`
  const slug = `brightwater-dental-${stamp}`
  let id = 0
  expect((await call('POST', '/kestrel/v1/settings', { site_url: SITE_URL, revalidate_secret: REVALIDATE_SECRET })).status).toBe(200)
  try {
    // The site has the listing in its caches before the editor publishes.
    await page.goto('/case-studies')
    await expect(page.getByTestId('post-list').getByRole('listitem')).toHaveCount(3)
    expect((await page.request.get(`/case-studies/${slug}`)).status()).toBe(404)

    const created = await call('POST', '/wp/v2/case_study', {
      title,
      slug,
      status: 'publish',
      // Its language, as the seed gives every document (Polylang's `lang`, the plugin's own meta otherwise).
      lang: 'en',
      excerpt: 'A new dental practice with eight surgeries, online and secure before its first patient.',
      content: '<!-- wp:paragraph --><p>Brightwater Dental opened its third practice in Bristol.</p><!-- /wp:paragraph -->',
      meta: { kestrel_locale: 'en', kestrel_item_fields: [{ label: 'Industry', value: 'Dental care' }] },
    })
    expect(created.status).toBe(201)
    id = (created.body as { id: number }).id

    await page.goto('/case-studies')
    await expect(page.getByTestId('post-list').getByRole('link', { name: title })).toBeVisible()
    await page.getByTestId('post-list').getByRole('link', { name: title }).click()
    await expect(page).toHaveURL(new RegExp(`/case-studies/${slug}$`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
    await expect(page.getByRole('complementary', { name: 'At a glance' })).toContainText('Dental care')
  } finally {
    if (id) await call('DELETE', `/wp/v2/case_study/${id}?force=true`)
    await call('POST', '/kestrel/v1/settings', { site_url: settings.site_url ?? '', revalidate_secret: settings.revalidate_secret ?? '' })
  }
})
