/**
 * Screenshots of the block editor for docs/wordpress.md, from the WordPress of
 * `npm run wordpress` (run that first), in headless Chromium as the admin.
 *
 *   npx tsx scripts/wordpress/screenshots.ts      writes docs/images/wordpress-*.png
 */
import { readFileSync } from 'node:fs'
import { chromium } from '@playwright/test'
import { chromiumFlags, chromiumPath } from '../../tests/chromium'
import { documentId, editorCanvas, logIn, openEditor, openSitePanel, wordpressUrl } from '../../tests/e2e-wordpress/editor'

const auth = `Basic ${Buffer.from(readFileSync('.cache/wordpress/app-password', 'utf8').trim()).toString('base64')}`
const settings = async (body?: unknown) =>
  (await (
    await fetch(`${wordpressUrl}/api/kestrel/v1/settings`, {
      method: body ? 'POST' : 'GET',
      headers: { authorization: auth, 'content-type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    })
  ).json()) as Record<string, string>

// The "Preview on site" button shows once a preview secret is set.
const before = await settings()
if (!before.preview_secret) await settings({ preview_secret: 'screenshot-preview-secret-0123456789abcdef' })

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags })
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 960 } })
  await logIn(page)

  await openEditor(page, documentId('page', 'home'))
  await openSitePanel(page)
  // The blocks are inside the editor's iframe on WordPress 7.x (editorCanvas).
  await (await editorCanvas(page)).locator('[data-type="kestrel/hero"]').scrollIntoViewIfNeeded()
  await page.waitForTimeout(500)
  await page.screenshot({ path: 'docs/images/wordpress-editor-sections.png' })

  await openEditor(page, documentId('page', 'cyber-security'))
  await page.evaluate(`window.wp.data.dispatch('core/edit-post').closeGeneralSidebar()`)
  await page.waitForTimeout(800)
  await page.screenshot({ path: 'docs/images/wordpress-editor-core-blocks.png' })

  await page
    .getByRole('button', { name: /block inserter/i })
    .first()
    .click()
  await page
    .getByRole('searchbox', { name: /search/i })
    .first()
    .fill('section')
  await page.waitForTimeout(800)
  await page.screenshot({ path: 'docs/images/wordpress-inserter.png' })

  await page.goto(`${wordpressUrl}/wp-admin/options-general.php?page=kestrel-headless`)
  await page.screenshot({ path: 'docs/images/wordpress-settings.png' })
} finally {
  await browser.close()
  if (!before.preview_secret) await settings({ preview_secret: '' })
}
console.log('wrote docs/images/wordpress-{editor-sections,editor-core-blocks,inserter,settings}.png')
