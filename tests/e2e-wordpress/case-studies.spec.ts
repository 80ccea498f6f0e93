/**
 * Case studies on WordPress (decision 029): the seeded ones on the site, and one an editor
 * writes and publishes in wp-admin's block editor appearing in the listing and at its own
 * path once the plugin's revalidation call has purged the site's copies.
 */
import { expect, test } from '@playwright/test'
import { PREVIEW_SECRET, REVALIDATE_SECRET, SITE_URL } from '../../playwright.wordpress.config'
import { expectNoAxeViolations, waitForHydration, watchConsole } from '../e2e/helpers'
import { editorCanvas, logIn, openEditor, openSitePanel, wordpressUrl } from './editor'
import { call } from './rest'

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

test('a case study an editor writes and publishes in wp-admin appears in the listing and at its path after the revalidation call', async ({
  page,
  browser,
}) => {
  const settings = (await call('GET', '/kestrel/v1/settings')).body as { site_url?: string; revalidate_secret?: string }
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  const title = `Brightwater Dental: a new practice online in a week ${stamp}`
  const slug = `brightwater-dental-${stamp}`
  let id = 0
  expect((await call('POST', '/kestrel/v1/settings', { site_url: SITE_URL, revalidate_secret: REVALIDATE_SECRET })).status).toBe(200)
  const admin = await browser.newPage()
  try {
    // The site has the listing in its caches before the editor publishes.
    await page.goto('/case-studies')
    await expect(page.getByTestId('post-list').getByRole('listitem')).toHaveCount(3)
    expect((await page.request.get(`/case-studies/${slug}`)).status()).toBe(404)

    // The editor's way: a new case study in the block editor, its title and text typed,
    // its slug, summary and facts set in the document's panels (through the editor's
    // store, as those panels do), then Publish and the pre-publish check's Publish.
    await logIn(admin)
    await admin.goto(`${wordpressUrl}/wp-admin/post-new.php?post_type=case_study`)
    await admin.waitForFunction(`(() => !!(window.wp && window.wp.data && window.wp.data.select('core/editor').getCurrentPostId()))()`)
    await admin.evaluate(`window.wp.data.dispatch('core/preferences').set('core/edit-post', 'welcomeGuide', false)`)
    const canvas = await editorCanvas(admin)
    await canvas.getByRole('textbox', { name: 'Add title' }).fill(title)
    await canvas.getByRole('textbox', { name: 'Add title' }).press('Enter')
    await admin.keyboard.type('Brightwater Dental opened its third practice in Bristol.')
    await admin.evaluate(
      `window.wp.data.dispatch('core/editor').editPost(${JSON.stringify({
        slug,
        excerpt: 'A new dental practice with eight surgeries, online and secure before its first patient.',
        meta: { kestrel_item_fields: [{ label: 'Industry', value: 'Dental care' }] },
      })})`,
    )
    await admin.getByRole('region', { name: 'Editor top bar' }).getByRole('button', { name: 'Publish', exact: true }).click()
    await admin.getByRole('region', { name: 'Editor publish' }).getByRole('button', { name: 'Publish', exact: true }).click()
    await admin.waitForFunction(`window.wp.data.select('core/editor').isCurrentPostPublished()`)
    id = await admin.evaluate<number>(`window.wp.data.select('core/editor').getCurrentPostId()`)

    await page.goto('/case-studies')
    await expect(page.getByTestId('post-list').getByRole('link', { name: title })).toBeVisible()
    await page.getByTestId('post-list').getByRole('link', { name: title }).click()
    await expect(page).toHaveURL(new RegExp(`/case-studies/${slug}$`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
    await expect(page.getByRole('main')).toContainText('Brightwater Dental opened its third practice in Bristol.')
    await expect(page.getByRole('complementary', { name: 'At a glance' })).toContainText('Dental care')
  } finally {
    await admin.close()
    if (id) await call('DELETE', `/wp/v2/case_study/${id}?force=true`)
    await call('POST', '/kestrel/v1/settings', { site_url: settings.site_url ?? '', revalidate_secret: settings.revalidate_secret ?? '' })
  }
})

test("Preview on site shows a published case study's facts as the editor changed them in the field group, and leaves the study as visitors see it", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  const active = (await call('GET', '/wp/v2/plugins?status=active&_fields=plugin')).body as Array<{ plugin: string }>
  test.skip(
    !active.some((item) => /^(secure-custom-fields|advanced-custom-fields-pro)\//.test(item.plugin)),
    'no field group for the facts',
  )
  const settings = (await call('GET', '/kestrel/v1/settings')).body as { site_url?: string; preview_secret?: string }
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  const slug = `harbour-vets-${stamp}`
  const created = await call('POST', '/wp/v2/case_study', {
    title: `Harbour Vets: three surgeries on one network ${stamp}`,
    slug,
    status: 'publish',
    content: '<!-- wp:paragraph -->\n<p>Three surgeries, one network.</p>\n<!-- /wp:paragraph -->',
    acf: { industry: 'Veterinary care' },
  })
  expect(created.status).toBe(201)
  const id = Number((created.body as { id: number }).id)
  expect((await call('POST', '/kestrel/v1/settings', { site_url: SITE_URL, preview_secret: PREVIEW_SECRET })).status).toBe(200)
  const admin = await browser.newPage()
  try {
    // The editor changes a fact in the "Case study facts" box beside the editor, then previews.
    await logIn(admin)
    await openEditor(admin, id)
    const industry = admin.locator('input[name="acf[field_kestrel_case_study_industry]"]')
    await expect(industry).toHaveValue('Veterinary care')
    // The box may sit in a folded panel; the field is in the form the preview posts either way.
    const setIndustry = (value: string) =>
      industry.evaluate((input: HTMLInputElement, text) => {
        input.value = text
        input.dispatchEvent(new Event('input', { bubbles: true }))
        input.dispatchEvent(new Event('change', { bubbles: true }))
      }, value)
    await setIndustry('Veterinary care, as previewed')
    await openSitePanel(admin)
    const [preview] = await Promise.all([
      admin.context().waitForEvent('page', { timeout: 10_000 }),
      admin.getByRole('button', { name: 'Preview on site' }).click(),
    ])
    await preview.waitForURL(new RegExp(`^${SITE_URL}/case-studies/${slug}\\?preview=true&p=${id}&`), { timeout: 60_000 })
    await expect(preview.getByRole('complementary', { name: 'At a glance' })).toContainText('Veterinary care, as previewed')

    // Again, with only the fact changed: WordPress drops an autosave equal to the study, and the fields
    // with it, unless the form says the fields changed (ACF's _acf_changed, which editor.js sets). The
    // site's Cross-Origin-Opener-Policy cut the first window off from the editor: this one opens its own.
    await setIndustry('Veterinary care, previewed twice')
    const [again] = await Promise.all([
      admin.context().waitForEvent('page', { timeout: 10_000 }),
      admin.getByRole('button', { name: 'Preview on site' }).click(),
    ])
    await again.waitForURL(new RegExp(`^${SITE_URL}/case-studies/${slug}\\?preview=true&p=${id}&`), { timeout: 60_000 })
    await expect(again.getByRole('complementary', { name: 'At a glance' })).toContainText('Veterinary care, previewed twice')

    // The change went to the editor's autosave: the published study is as it was, on WordPress and on the site.
    const saved = (await call('GET', `/wp/v2/case_study/${id}?context=edit&_fields=acf`)).body as { acf: { industry?: string } }
    expect(saved.acf.industry).toBe('Veterinary care')
    await page.goto(`/case-studies/${slug}`)
    await waitForHydration(page)
    await expect(page.getByRole('complementary', { name: 'At a glance' })).toContainText('Veterinary care')
    await expect(page.getByRole('complementary', { name: 'At a glance' })).not.toContainText('previewed')
  } finally {
    await admin.close()
    await call('DELETE', `/wp/v2/case_study/${id}?force=true`)
    await call('POST', '/kestrel/v1/settings', { site_url: settings.site_url ?? '', preview_secret: settings.preview_secret ?? '' })
  }
})
